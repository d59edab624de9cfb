import Foundation
import NewsFeedCLI
import TestSupport
import Testing

/// `convert` reads each article of a mapped answer alone, into a buffer it gives (``MappedInput/read(_:into:)``):
/// the bytes must be the file's, wherever the range lies, and zero past the end of a file cut shorter since.
@Suite struct MappedInputTests {
    @Test func eachRangeReadsTheFilesBytes() throws {
        let folder = TemporaryFolder("newsfeed-mapped")
        let file = folder.url.appending(path: "answer.json")
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try Data(bytes).write(to: file)
        let mapped = try #require(MappedInput(path: file.path))
        var ranges = [0..<0, 0..<1, 0..<bytes.count, bytes.count - 1..<bytes.count, 4_095..<4_097, 8_192..<12_288]
        for _ in 0..<200 {
            let start = Int.random(in: 0..<bytes.count, using: &generator)
            ranges.append(start..<Int.random(in: start...min(bytes.count, start + 5_000), using: &generator))
        }
        for range in ranges {
            // Room for more than the range: the bytes after it are left as they were.
            var buffer = [UInt8](repeating: 0xAA, count: range.count + 3)
            buffer.withUnsafeMutableBytes { mapped.read(range, into: $0) }
            #expect(Array(buffer[..<range.count]) == Array(bytes[range]), "\(range)")
            #expect(buffer[range.count...].allSatisfy { $0 == 0xAA }, "\(range)")
        }
    }

    @Test func aFileCutShorterReadsAsZeroPastItsEnd() throws {
        let folder = TemporaryFolder("newsfeed-mapped")
        let file = folder.url.appending(path: "answer.json")
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 * 7 + 1) }
        try Data(bytes).write(to: file)
        let mapped = try #require(MappedInput(path: file.path))
        try Data(bytes[..<6_000]).write(to: file)
        var buffer = [UInt8](repeating: 0xAA, count: 2_000)
        buffer.withUnsafeMutableBytes { mapped.read(5_000..<7_000, into: $0) }
        #expect(Array(buffer[..<1_000]) == Array(bytes[5_000..<6_000]))
        #expect(buffer[1_000...].allSatisfy { $0 == 0 })
    }
}
