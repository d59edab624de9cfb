import Foundation
import Synchronization

/// Where a command writes text: stdout or stderr in the real tool, a buffer in tests.
public struct TextOutput: Sendable {
    private let sink: @Sendable (String) -> Void
    /// Where ``write(utf8:)`` sends bytes; nil to pass them to `sink` as text.
    private let byteSink: (@Sendable (Data) -> Void)?
    /// Whether this is an interactive terminal (progress is shown only there).
    public let isTerminal: Bool

    public init(isTerminal: Bool = false, _ sink: @escaping @Sendable (String) -> Void) {
        self.isTerminal = isTerminal
        self.sink = sink
        self.byteSink = nil
        self.descriptor = nil
    }

    private init(
        isTerminal: Bool, _ sink: @escaping @Sendable (String) -> Void,
        bytes byteSink: @escaping @Sendable (Data) -> Void
    ) {
        self.isTerminal = isTerminal
        self.sink = sink
        self.byteSink = byteSink
        self.descriptor = nil
    }

    /// Writes `text` followed by a newline.
    public func line(_ text: String) { sink(text + "\n") }

    /// Writes `text` as is.
    public func write(_ text: String) { sink(text) }

    /// Writes UTF-8 bytes as they are. A file descriptor gets them without the round trip through
    /// `String` (which checks and copies every byte: a tenth of `convert`'s time on big feeds).
    public func write(utf8 bytes: Data) {
        guard let byteSink else { return sink(String(decoding: bytes, as: UTF8.self)) }
        byteSink(bytes)
    }

    /// Standard output of this process, written with POSIX `write` (see ``DescriptorWriter``).
    public static var standardOutput: TextOutput { TextOutput(descriptor: .standardOutput) }

    /// Standard error of this process, written with POSIX `write` (see ``DescriptorWriter``).
    public static var standardError: TextOutput { TextOutput(descriptor: .standardError) }

    /// Writes to `descriptor`; a closed reader (EPIPE) or another write error is remembered there
    /// and later writes are dropped, never a crash.
    package init(descriptor: DescriptorWriter) {
        self.init(isTerminal: isatty(descriptor.fileDescriptor) == 1, { descriptor.write(Data($0.utf8)) }) {
            descriptor.write($0)
        }
        self.descriptor = descriptor
    }

    /// The descriptor this output writes to, nil for a capture or a custom sink.
    package private(set) var descriptor: DescriptorWriter?

    /// True once a write found the reader gone (EPIPE): `head -1` has what it wanted, and the
    /// command can stop producing output no one reads.
    public var readerIsGone: Bool { descriptor?.failure == .readerGone }

    /// A buffer that collects what is written, for tests.
    public static func capture(isTerminal: Bool = false) -> (TextOutput, TextCapture) {
        let capture = TextCapture()
        return (TextOutput(isTerminal: isTerminal) { capture.append($0) }, capture)
    }
}

/// Collected text of a ``TextOutput/capture(isTerminal:)``.
public final class TextCapture: Sendable {
    private let buffer = Mutex("")

    public init() {}

    package func append(_ text: String) { buffer.withLock { $0 += text } }

    /// Everything written so far.
    public var text: String { buffer.withLock { $0 } }
}
