import Foundation
import TestSupport
import Testing

/// Where the tests find the data of other projects (``SharedData``), and when the tests that need it run.
@Suite struct SharedDataTests {
    let root = URL(fileURLWithPath: "/work/newsfeed", isDirectory: true)

    @Test func theFolderIsSharedBesideTheCheckout() {
        #expect(SharedData.folder(environment: [:], packageRoot: root).path == "/work/shared")
    }

    @Test func theVariableNamesAnotherFolder() {
        let environment = ["NEWSFEED_SHARED": "/data/newsfeed-shared/"]
        #expect(SharedData.folder(environment: environment, packageRoot: root).path == "/data/newsfeed-shared")
        // Empty is unset.
        #expect(SharedData.folder(environment: ["NEWSFEED_SHARED": ""], packageRoot: root).path == "/work/shared")
    }

    @Test func aMissingFolderSkipsWithTheReasonUnlessRequired() {
        let folder = URL(fileURLWithPath: "/work/shared")
        let skipped = SharedData.decision(folder: folder, present: false, required: false)
        #expect(skipped.run == false)
        #expect(
            skipped.skipNote
                == "needs the data of other projects in /work/shared (not found): put it there or set "
                + "NEWSFEED_SHARED=FOLDER; CI sets NEWSFEED_REQUIRE_SHARED=1 and fails instead")
        // Required (CI): the tests run and fail on the missing file instead of passing unseen.
        #expect(SharedData.decision(folder: folder, present: false, required: true) == (true, nil))
        #expect(SharedData.decision(folder: folder, present: true, required: false) == (true, nil))
    }

    @Test func aMissingFileNamesItselfAndWhereTheDataLives() {
        let missing = SharedData.Missing(path: "/work/shared/reference/samples/x.json")
        #expect(
            missing.description
                == "/work/shared/reference/samples/x.json is missing: tests read the data of other projects from the "
                + "folder shared beside the checkout (or NEWSFEED_SHARED)")
    }

    /// The copies are gone from the tree: every real answer and page is read from the shared folder.
    @Test func noCopyOfTheSharedDataIsInTheTree() throws {
        let tests = RepositoryPaths.root.appending(path: "Tests")
        let paths = (FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)?.allObjects ?? [])
            .compactMap { ($0 as? URL)?.path }
        let names = Set(paths.map { ($0 as NSString).lastPathComponent })
        for capture in SharedData.Capture.allCases {
            #expect(!names.contains(capture.rawValue), "read it from reference/samples")
        }
        #expect(!names.contains { $0.hasPrefix("real-") && $0.hasSuffix(".json") }, "captures: reference/samples")
        let pages = try? FileManager.default.contentsOfDirectory(
            atPath: SharedData.root.appending(path: "corpora/readability-test-pages").path)
        for page in pages ?? [] {
            #expect(
                !paths.contains { $0.hasSuffix("/\(page)/source.html") },
                "\(page): read it from corpora/readability-test-pages")
        }
    }
}
