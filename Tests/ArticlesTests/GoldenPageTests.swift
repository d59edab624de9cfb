import Articles
import Foundation
import TestSupport
import Testing

/// Twelve real pages of different publishers (Mozilla Readability's test corpus, read in place from the shared
/// folder: ``SharedData``) and the extractor's whole output for each, committed in Fixtures/golden: any change to
/// what is extracted from them shows as a diff to review.
///
/// Set NEWSFEED_RECORD_GOLDEN=1 to rewrite the expected files after an intended change, then read
/// the diff (`git diff Tests/ArticlesTests/Fixtures/golden/`): each must still be the article.
@Suite(.needsSharedData) struct GoldenPageTests {
    static let pages = [
        "daringfireball-1", "tumblr", "simplyfound-1", "ebb-org", "medium-2", "heise", "la-nacion", "gitlab-blog",
        "lemonde-1", "lwn-1", "webmd-2", "gmw",
    ]

    /// The address Readability's tests give these pages (relative links resolve against it).
    static let pageURL = URL(string: "http://fakehost/test/page.html") ?? URL(fileURLWithPath: "/")

    @Test(arguments: pages)
    func extractedArticleMatchesItsGoldenFiles(name: String) async throws {
        guard let resources = Bundle.module.resourceURL else { throw CocoaError(.fileNoSuchFile) }
        let folder = resources.appending(path: "Fixtures/golden/\(name)")
        let source = try SharedData.readabilitySource(name)
        // On a thread of its own: a big page's extraction would hold one of the test pool's two threads.
        let article = try await onOwnThread { try ArticleExtractor().extract([UInt8](source), url: Self.pageURL) }
        let rendered = ["expected.txt": Self.summary(article), "expected.html": article.html]
        if ProcessInfo.processInfo.environment["NEWSFEED_RECORD_GOLDEN"] == "1" {
            // The source tree's copy, not the test bundle's.
            let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appending(path: "Fixtures/golden/\(name)")
            for (file, text) in rendered { try Data(text.utf8).write(to: committed.appending(path: file)) }
            return
        }
        for (file, text) in rendered.sorted(by: { $0.key < $1.key }) {
            let expected = try String(contentsOf: folder.appending(path: file), encoding: .utf8)
            #expect(text == expected, "\(name)/\(file) differs; re-record with NEWSFEED_RECORD_GOLDEN=1 if intended")
        }
    }

    /// The fields of `article` a reader sees, then its plain text.
    static func summary(_ article: Article) -> String {
        let fields = [
            ("title", article.title), ("byline", article.byline ?? ""),
            ("published", article.published.map { $0.ISO8601Format() } ?? ""),
            ("language", article.language ?? ""), ("image", article.image?.absoluteString ?? ""),
            ("site", article.siteName ?? ""), ("words", String(article.words)),
        ]
        return fields.map { "\($0.0): \($0.1)\n" }.joined() + "\n" + article.text + "\n"
    }
}
