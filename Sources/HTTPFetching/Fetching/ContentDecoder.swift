import CZlib
import Foundation

/// Decodes one gzip or deflate body with zlib as its bytes arrive, so the size cap counts decoded bytes and a
/// stream that stops before its end is visible.
///
/// libcurl could decode too, but it accepts a gzip body cut before its end without a word; decoding here makes
/// "the body ended early" a failure, as it is. `deflate` is the zlib format (RFC 9110 §8.4.1.2); a raw deflate
/// stream, which some servers send under that name, is read too, as browsers do. Used on the engine thread only.
final class ContentDecoder {
    /// The stream is corrupt; `coding` names it.
    struct Failure: Error {
        let coding: String
    }

    /// The coding's name as the answer gave it (`gzip`, `x-gzip`, `deflate`), for messages.
    let coding: String
    private let stream: UnsafeMutablePointer<z_stream>
    private var started = false
    private var isGzip: Bool
    /// Bytes held back until there are two, to tell a zlib header from raw deflate.
    private var pending: [UInt8] = []
    /// Whether the stream reached its end; bytes after it are ignored.
    private(set) var ended = false
    private var output = [UInt8](repeating: 0, count: 64 * 1024)

    init(coding: String) {
        self.coding = coding
        isGzip = coding != "deflate"
        stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
    }

    deinit {
        if started { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Feeds `input` and hands each decoded piece to `emit`, which returns false to stop (the cap was reached).
    /// Returns false when `emit` stopped; throws when the stream is corrupt.
    func decode(_ input: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) throws(Failure) -> Bool) throws(Failure)
        -> Bool
    {
        if ended || input.isEmpty { return true }
        if !started {
            pending.append(contentsOf: input)
            if !isGzip, pending.count < 2 { return true }
            try start()
            let held = pending
            pending = []
            return try held.withUnsafeBytes { bytes in
                Result { () throws(Failure) in try inflate(bytes, emit: emit) }
            }.get()
        }
        return try inflate(input, emit: emit)
    }

    private func start() throws(Failure) {
        // gzip: 16 + 15; deflate: the zlib format when its two-byte header checks out, raw deflate otherwise.
        let windowBits: Int32
        if isGzip {
            windowBits = 16 + 15
        } else {
            let header = UInt16(pending[0]) << 8 | UInt16(pending[1])
            windowBits = pending[0] & 0x0f == 8 && header % 31 == 0 ? 15 : -15
        }
        guard inflateInit2_(stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure(coding: coding)
        }
        started = true
    }

    private func inflate(_ input: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) throws(Failure) -> Bool)
        throws(Failure)
        -> Bool
    {
        guard let base = input.baseAddress else { return true }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        defer {
            stream.pointee.next_in = nil
            stream.pointee.avail_in = 0
        }
        let capacity = output.count
        while true {
            let (status, produced): (Int32, Int) = output.withUnsafeMutableBytes { buffer in
                stream.pointee.next_out = buffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_out = uInt(capacity)
                let status = CZlib.inflate(stream, Z_NO_FLUSH)
                return (status, capacity - Int(stream.pointee.avail_out))
            }
            if produced > 0 {
                let keepGoing = try output.withUnsafeBytes { bytes in
                    Result { () throws(Failure) in try emit(UnsafeRawBufferPointer(rebasing: bytes[0..<produced])) }
                }.get()
                if !keepGoing { return false }
            }
            switch status {
            case Z_STREAM_END:
                ended = true
                return true
            case Z_OK:
                if stream.pointee.avail_in == 0 && stream.pointee.avail_out != 0 { return true }
            case Z_BUF_ERROR:
                // No progress possible: all input consumed, more is needed.
                return true
            default:
                throw Failure(coding: coding)
            }
        }
    }
}
