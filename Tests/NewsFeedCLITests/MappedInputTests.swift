import Foundation
import NewsFeedCLI
import TestSupport
import Testing

/// `convert` reads a file through its mapping (``MappedInput/data``), and a publisher's feed hands pages back as it
/// is read: the bytes must be the file's, before and after.
@Suite struct MappedInputTests {
    @Test func theDataIsTheFilesBytesBeforeAndAfterPagesAreHandedBack() throws {
        let folder = TemporaryFolder("newsfeed-mapped")
        let file = folder.url.appending(path: "answer.json")
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try Data(bytes).write(to: file)
        let mapped = try #require(MappedInput(path: file.path))
        #expect(Array(mapped.data) == bytes)
        for length in [0, 1, 4_095, 4_097, 40_000, bytes.count, bytes.count + 1] {
            mapped.releasePages(upTo: length)
            #expect(Array(mapped.data) == bytes, "\(length)")
        }
    }

    @Test func anEmptyFileOrAFolderIsNotMapped() throws {
        let folder = TemporaryFolder("newsfeed-mapped")
        let file = folder.url.appending(path: "empty.json")
        try Data().write(to: file)
        #expect(MappedInput(path: file.path) == nil)
        #expect(MappedInput(path: folder.url.path) == nil)
    }
}
