import Foundation
import Synchronization

/// Writes bytes to a file descriptor with POSIX `write`, so a closed pipe is an error to handle,
/// not a crash: `FileHandle.write` traps on EPIPE (`newsfeed convert … | head -1`).
///
/// The first failure is remembered and every later write is dropped: once the reader is gone
/// (EPIPE) or the disk is full, writing more cannot help. ``NewsFeedCLI`` reads the failure when
/// the command ends to choose the exit status (see docs/commands.md, "Output to a closed pipe").
public final class DescriptorWriter: Sendable {
    /// Why writing stopped.
    public enum Failure: Equatable, Sendable {
        /// The reader closed its end (EPIPE): a quiet end, like `head` stopping `cat`.
        case readerGone
        /// Any other write error, with its errno (ENOSPC, EIO, EBADF, …).
        case error(Int32)
    }

    /// The descriptor written to.
    public let fileDescriptor: Int32
    private let state = Mutex<Failure?>(nil)

    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Standard output of this process.
    public static let standardOutput = DescriptorWriter(fileDescriptor: STDOUT_FILENO)
    /// Standard error of this process.
    public static let standardError = DescriptorWriter(fileDescriptor: STDERR_FILENO)

    /// The first write failure, nil while every write has succeeded.
    public var failure: Failure? { state.withLock { $0 } }

    /// Writes all of `bytes`, retrying after EINTR and short writes; drops them after a failure.
    public func write(_ bytes: Data) {
        // Held for the whole write, so lines from several tasks never interleave.
        state.withLock { failure in
            guard failure == nil else { return }
            bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
                guard var next = buffer.baseAddress else { return }
                var left = buffer.count
                while left > 0 {
                    let written = Glibc.write(fileDescriptor, next, left)
                    if written >= 0 {
                        next += written
                        left -= written
                    } else if errno == EINTR {
                        continue
                    } else {
                        failure = errno == EPIPE ? .readerGone : .error(errno)
                        return
                    }
                }
            }
        }
    }
}
