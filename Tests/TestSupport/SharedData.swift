import Foundation
import Testing

/// Data taken from other public projects, which the tests read in place and never copy into the tree: the folder
/// `shared` beside the checkout (`/work/shared` for a checkout at `/work/newsfeed`), or the one `NEWSFEED_SHARED`
/// names. `corpora/` holds Mozilla Readability's test pages, the article-extraction benchmark and python feedparser's
/// test feeds; `reference/samples/` real NewsAPI and DuckDuckGo answers captured by others.
///
/// A test that reads it carries ``Testing/Trait/needsSharedData``: without the folder it is skipped, saying why; with
/// `NEWSFEED_REQUIRE_SHARED=1` (CI) it runs and fails on what is missing instead.
package enum SharedData {
    /// Names the shared folder instead of `../shared`.
    package static let folderVariable = "NEWSFEED_SHARED"
    /// `1`: a missing shared folder fails the tests that need it instead of skipping them.
    package static let requireVariable = "NEWSFEED_REQUIRE_SHARED"

    /// The real answers of `reference/samples/`, by what they are.
    package enum Capture: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// NewsAPI `/v2/top-headlines?country=us`, 38 articles, captured 2021-06-04.
        case usTopHeadlines = "newsapi-top-headlines-us-2021-06-04.json"
        /// NewsAPI `/v2/top-headlines?country=in&category=health`, 20 of 70 articles, captured 2020-04-18.
        case inHealthHeadlines = "newsapi-top-headlines-in-health-2020-04-18.json"
        /// A DuckDuckGo Instant Answer for "rust": type A, with an infobox, results and related topics.
        case duckDuckGoRust = "ddg-instant-answer-rust.json"

        /// The NewsAPI captures.
        package static let newsAPI: [Capture] = [.usTopHeadlines, .inHealthHeadlines]

        package var testDescription: String { rawValue }
    }

    /// The shared folder: `NEWSFEED_SHARED` when set, else `shared` beside the package root.
    package static func folder(environment: [String: String], packageRoot: URL) -> URL {
        if let named = environment[folderVariable], !named.isEmpty {
            return URL(fileURLWithPath: named, isDirectory: true).standardizedFileURL
        }
        return packageRoot.deletingLastPathComponent().appending(path: "shared", directoryHint: .isDirectory)
            .standardizedFileURL
    }

    /// Whether the tests that need the shared folder run, and if not, the line that says why.
    package static func decision(folder: URL, present: Bool, required: Bool) -> (run: Bool, skipNote: String?) {
        if present || required { return (true, nil) }
        return (
            false,
            "needs the data of other projects in \(folder.path) (not found): "
                + "put it there or set \(folderVariable)=FOLDER; CI sets \(requireVariable)=1 and fails instead"
        )
    }

    /// This run's shared folder.
    package static let root = folder(
        environment: ProcessInfo.processInfo.environment, packageRoot: RepositoryPaths.root)
    /// Whether this run must have it (`NEWSFEED_REQUIRE_SHARED=1`).
    package static let isRequired = ProcessInfo.processInfo.environment[requireVariable] == "1"
    /// Whether the folder is there.
    package static let isPresent: Bool = {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }()
    private static let thisRun = decision(folder: root, present: isPresent, required: isRequired)

    /// A file of the shared folder that is not there.
    package struct Missing: Error, CustomStringConvertible {
        package let path: String

        package init(path: String) { self.path = path }

        package var description: String {
            "\(path) is missing: tests read the data of other projects from the folder shared beside the checkout "
                + "(or \(folderVariable))"
        }
    }

    /// The file at `relative` (e.g. `corpora/readability-test-pages/ars-1/source.html`), which must exist.
    package static func url(_ relative: String) throws -> URL {
        let url = root.appending(path: relative)
        guard FileManager.default.fileExists(atPath: url.path) else { throw Missing(path: url.path) }
        return url
    }

    /// The bytes of the file at `relative`.
    package static func data(_ relative: String) throws -> Data {
        try Data(contentsOf: url(relative))
    }

    /// The bytes of a real answer of `reference/samples/`.
    package static func capture(_ capture: Capture) throws -> Data {
        try data("reference/samples/\(capture.rawValue)")
    }

    /// A page folder of Mozilla Readability's test corpus (`source.html`, `expected.html`, `expected-metadata.json`).
    package static func readabilityPage(_ name: String) throws -> URL {
        try url("corpora/readability-test-pages/\(name)")
    }

    /// The `source.html` of a page of Readability's test corpus.
    package static func readabilitySource(_ name: String) throws -> Data {
        try Data(contentsOf: readabilityPage(name).appending(path: "source.html"))
    }

    /// Whether the tests that need the folder run now.
    package static var shouldRun: Bool { thisRun.run }
    /// Why they are skipped (`shouldRun` false).
    package static var skipNote: String { thisRun.skipNote ?? "" }
}

extension Trait where Self == ConditionTrait {
    /// For a test or suite that reads ``SharedData``: skipped, with the reason in the output, when the shared folder
    /// is missing and not required.
    package static var needsSharedData: Self {
        .enabled(if: SharedData.shouldRun, Comment(rawValue: SharedData.skipNote))
    }
}
