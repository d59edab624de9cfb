import CEpoll
import Foundation
import Glibc

/// Response body bytes made once and sent many times, ready for `sendfile`.
///
/// Bodies of at least ``sendfileThreshold`` bytes are copied into an anonymous in-memory
/// file (`memfd_create`) and ``bytes`` is a read-only mapping of it, so the bytes exist once
/// and the server can `sendfile` them: the kernel then references the file's pages instead
/// of copying every response out of user memory, which is most of the cost of a large
/// response on loopback. The file is private to this object and never written after it
/// is built, so every response carries exactly these bytes, however the served file
/// changes meanwhile. Smaller bodies, or any failure to build the file, keep plain `Data`.
public final class PreparedBody: Sendable {
    /// Below this, one copy into the socket costs little next to the rest of a response, and
    /// fewer bodies hold a descriptor: a cache of `n` bytes holds at most `n / 64 KiB` of them.
    public static let sendfileThreshold = 64 << 10

    /// The body bytes. When backed by the in-memory file they map it, and the mapping and
    /// the descriptor are released when the last copy of this `Data` goes.
    public let bytes: Data
    /// The in-memory file holding ``bytes``, or -1. Valid for this object's lifetime,
    /// because ``bytes`` (which owns it) lives as long.
    let descriptor: Int32

    /// Prepares `bytes`, copying them into an in-memory file when that pays off.
    public init(_ bytes: Data) {
        if bytes.count >= Self.sendfileThreshold, let mapped = Self.memoryFile(holding: bytes) {
            self.bytes = mapped.bytes
            descriptor = mapped.descriptor
        } else {
            self.bytes = bytes
            descriptor = -1
        }
    }

    /// Whether the server can `sendfile` this body.
    public var isFileBacked: Bool { descriptor >= 0 }

    private static func memoryFile(holding bytes: Data) -> (bytes: Data, descriptor: Int32)? {
        // memfd_create as glibc declares it (the CEpoll shim); close-on-exec: a child process (a refresh build's
        // helper) must not inherit it.
        let descriptor = memfd_create("newsfeed-body", newsfeed_mfd_cloexec)
        guard descriptor >= 0 else { return nil }
        let written = bytes.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        guard written,
            let mapping = mmap(nil, bytes.count, PROT_READ, MAP_SHARED, descriptor, 0),
            mapping != MAP_FAILED
        else {
            close(descriptor)
            return nil
        }
        let mapped = Data(
            bytesNoCopy: mapping, count: bytes.count,
            deallocator: .custom { pointer, count in
                munmap(pointer, count)
                close(descriptor)
            })
        return (mapped, descriptor)
    }
}
