import CZlib
import Foundation

/// Inflates a gzip member with zlib, independently of the code under test; nil when
/// the bytes are not one complete, valid gzip member.
func gunzip(_ data: Data) -> Data? {
    var stream = z_stream()
    guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
        return nil
    }
    defer { inflateEnd(&stream) }
    var output = Data()
    var chunk = [UInt8](repeating: 0, count: 16_384)
    var input = [UInt8](data)
    return input.withUnsafeMutableBufferPointer { inputBuffer -> Data? in
        stream.next_in = inputBuffer.baseAddress
        stream.avail_in = uInt(inputBuffer.count)
        while true {
            let (status, produced) = chunk.withUnsafeMutableBufferPointer { outputBuffer -> (Int32, Int) in
                stream.next_out = outputBuffer.baseAddress
                stream.avail_out = uInt(outputBuffer.count)
                let status = inflate(&stream, Z_NO_FLUSH)
                return (status, outputBuffer.count - Int(stream.avail_out))
            }
            output.append(contentsOf: chunk[0..<produced])
            if status == Z_STREAM_END { return stream.avail_in == 0 ? output : nil }
            guard status == Z_OK else { return nil }
        }
    }
}
