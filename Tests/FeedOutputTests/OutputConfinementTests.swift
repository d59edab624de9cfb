import FeedOutput
import Foundation
import TestSupport
import Testing

/// Nothing is written through a symlinked folder that leads out of the output folder, as `serve`
/// serves nothing through one; a link that stays inside is followed as any folder.
@Suite struct OutputConfinementTests {
    /// An output folder and, beside it, a folder outside it.
    static func folders() throws -> (TemporaryFolder, OutputFolder, URL) {
        let folder = TemporaryFolder("newsfeed-confinement")
        let root = folder.url.appending(path: "Feeds")
        let outside = folder.url.appending(path: "elsewhere")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        return (folder, OutputFolder(root: root), outside)
    }

    @Test func aLinkedFolderLeavingTheOutputIsRefusedWithALineNamingTheLink() throws {
        let (folder, output, outside) = try Self.folders()
        let link = output.root.appending(path: "us")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside)
        let target = output.root.appending(path: "us/health.rss")
        #expect(throws: OutputError.linkLeavesOutput(link: link.path, target: outside.resolvingSymlinksInPath().path)) {
            try output.writeIfChanged(Data("feed".utf8), to: target)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        let line = OutputError.linkLeavesOutput(link: link.path, target: outside.path).description
        #expect(line.hasPrefix("\(link.path) is a symlink to \(outside.path), outside the output folder"))
        #expect(!line.contains("\n"))
        _ = folder
    }

    @Test func aLinkDeeperDownOrDanglingIsRefusedToo() throws {
        let (folder, output, outside) = try Self.folders()
        let real = output.root.appending(path: "a")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: real.appending(path: "b"), withDestinationURL: outside)
        #expect(throws: OutputError.self) {
            try output.writeIfChanged(Data("x".utf8), to: real.appending(path: "b/c/feed.rss"))
        }
        let dangling = output.root.appending(path: "gone")
        try FileManager.default.createSymbolicLink(
            atPath: dangling.path, withDestinationPath: folder.url.appending(path: "missing").path)
        #expect(throws: OutputError.self) {
            try output.writeIfChanged(Data("x".utf8), to: dangling.appending(path: "feed.rss"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "missing").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test func aLinkInsideTheOutputIsFollowed() throws {
        let (_, output, _) = try Self.folders()
        let real = output.root.appending(path: "real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: output.root.appending(path: "alias"), withDestinationURL: real)
        try output.writeIfChanged(Data("x".utf8), to: output.root.appending(path: "alias/feed.rss"))
        #expect(FileManager.default.fileExists(atPath: real.appending(path: "feed.rss").path))
    }
}
