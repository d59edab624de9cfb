import CZlib
import Foundation

/// gzip and deflate bodies for the fetcher's tests, made with zlib: honest ones, and compression bombs.
package enum CompressedBodies {
    /// The two HTTP codings newsfeed offers.
    package enum Coding: String, Sendable, CaseIterable {
        case gzip
        /// HTTP's `deflate` is the zlib format (RFC 9110 §8.4.1.2).
        case deflate

        var windowBits: Int32 { self == .gzip ? 31 : 15 }
        /// The trailer zlib writes after the last block: CRC-32 and length for gzip, Adler-32 for zlib.
        var trailerLength: Int { self == .gzip ? 8 : 4 }
    }

    /// `data` compressed in `coding`.
    package static func compress(_ data: Data, _ coding: Coding) -> Data {
        let compressor = Compressor(coding)
        var output = compressor.feed(data, flush: Z_NO_FLUSH)
        output += compressor.feed(Data(), flush: Z_FINISH)
        compressor.end()
        return output
    }

    /// A valid `coding` body that decodes to `mebibytes` MiB of zeros, about 1/1000 of that size.
    ///
    /// Compressing a gigabyte takes seconds; this takes milliseconds: after a full flush zlib's state is reset, so
    /// every further MiB of zeros compresses to the same bytes. The body is one such block per MiB, then the final
    /// block and a trailer computed for the whole length, so a decoder that reads to the end finds it valid.
    package static func zeroBomb(mebibytes: Int, _ coding: Coding) -> Data {
        precondition(mebibytes >= 3)
        let mebibyte = Data(count: 1 << 20)
        let compressor = Compressor(coding)
        let first = compressor.feed(mebibyte, flush: Z_FULL_FLUSH)
        let second = compressor.feed(mebibyte, flush: Z_FULL_FLUSH)
        let third = compressor.feed(mebibyte, flush: Z_FULL_FLUSH)
        let end = compressor.feed(Data(), flush: Z_FINISH)
        compressor.end()
        precondition(second == third, "zlib's output after a full flush repeats")
        var body = first
        body.reserveCapacity(first.count + second.count * (mebibytes - 1) + end.count)
        for _ in 1..<mebibytes { body += second }
        body += end.prefix(end.count - coding.trailerLength)
        body += trailer(zeroMebibytes: mebibytes, coding)
        return body
    }

    /// The trailer of `mebibytes` MiB of zeros: checksums combined per MiB rather than computed over it all.
    private static func trailer(zeroMebibytes mebibytes: Int, _ coding: Coding) -> Data {
        let mebibyte = [UInt8](repeating: 0, count: 1 << 20)
        switch coding {
        case .gzip:
            let one = crc32(0, mebibyte, UInt32(mebibyte.count))
            var crc = one
            for _ in 1..<mebibytes { crc = crc32_combine(crc, one, off_t(mebibyte.count)) }
            let length = UInt32(truncatingIfNeeded: mebibytes << 20)
            return littleEndian(UInt32(truncatingIfNeeded: crc)) + littleEndian(length)
        case .deflate:
            let one = adler32(1, mebibyte, UInt32(mebibyte.count))
            var adler = one
            for _ in 1..<mebibytes { adler = adler32_combine(adler, one, off_t(mebibyte.count)) }
            let value = UInt32(truncatingIfNeeded: adler)
            return Data([UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)])
        }
    }

    private static func littleEndian(_ value: UInt32) -> Data {
        Data([UInt8(value & 0xff), UInt8(value >> 8 & 0xff), UInt8(value >> 16 & 0xff), UInt8(value >> 24)])
    }

    /// One zlib deflate stream; `end()` frees it. The stream lives at a fixed heap address because zlib's state
    /// points back at it (a Swift value that moves would make every later call fail).
    private struct Compressor {
        private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)

        init(_ coding: Coding) {
            stream.initialize(to: z_stream())
            let status = deflateInit2_(
                stream, 9, Z_DEFLATED, coding.windowBits, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size))
            precondition(status == Z_OK, "deflateInit2 failed: \(status)")
        }

        func feed(_ input: Data, flush: Int32) -> Data {
            var output = Data()
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            var bytes = [UInt8](input)
            bytes.withUnsafeMutableBufferPointer { inputBuffer in
                stream.pointee.next_in = inputBuffer.baseAddress
                stream.pointee.avail_in = UInt32(inputBuffer.count)
                var status = Z_OK
                repeat {
                    let produced = buffer.withUnsafeMutableBufferPointer { outputBuffer -> Int in
                        stream.pointee.next_out = outputBuffer.baseAddress
                        stream.pointee.avail_out = UInt32(outputBuffer.count)
                        status = deflate(stream, flush)
                        return outputBuffer.count - Int(stream.pointee.avail_out)
                    }
                    output.append(contentsOf: buffer[0..<produced])
                    precondition(
                        status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR, "deflate: \(status)")
                } while stream.pointee.avail_out == 0 || stream.pointee.avail_in > 0
                stream.pointee.next_in = nil
            }
            return output
        }

        func end() {
            deflateEnd(stream)
            stream.deallocate()
        }
    }
}
