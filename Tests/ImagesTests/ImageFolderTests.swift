import FeedOutput
import Foundation
import Images
import TestSupport
import Testing

/// Copies land under `<output>/images/` by their names, whole, and a name already there is not written again.
@Suite struct ImageFolderTests {
    let copy = ImageCopy(width: 2, height: 1, encoding: .jpeg, bytes: [0xFF, 0xD8, 0xFF, 1, 2, 3])

    @Test func copiesAreWrittenUnderImagesByName() throws {
        let output = TemporaryFolder()
        let folder = ImageFolder(output: output.url)
        try folder.store([copy])
        #expect(output.allFiles() == ["images/\(copy.fileName)"])
        #expect([UInt8](try Data(contentsOf: folder.file(copy.fileName))) == copy.bytes)
        #expect(folder.contains(copy.fileName))
    }

    @Test func aNameAlreadyThereIsNotWrittenAgain() throws {
        let output = TemporaryFolder()
        let folder = ImageFolder(output: output.url)
        try folder.store([copy])
        let path = folder.file(copy.fileName).path
        let before = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        try folder.store([copy])
        let after = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        #expect(before == after)
    }

    @Test func anUnwritableFolderIsAnOutputErrorNotAPartialFile() throws {
        let output = TemporaryFolder()
        // A file where the images folder should be.
        try output.write("not a folder", to: "images")
        #expect(throws: OutputError.self) { try ImageFolder(output: output.url).store([copy]) }
        #expect(output.allFiles() == ["images"])
    }
}
