import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing

/// `build` writes every configured format of every feed from the one story model, atomically, and
/// leaves every file alone when only the build date would change.
@Suite struct BuildFormatsTests {
    static func config(formats: String? = nil, maxAgeDays: Int = 7) -> String {
        let key = formats.map { #", "formats": \#($0)"# } ?? ""
        return """
            {"site": "\(BuildWorkspace.site)", "output": "Feeds", "maxAgeDays": \(maxAgeDays),
             "feeds": [{"country": "us", "category": "health"}]\(key)}
            """
    }

    static func file(_ workspace: BuildWorkspace, _ format: FeedFormat) -> URL {
        workspace.output.appending(path: "us/health.\(format.fileExtension)")
    }

    static func modified(_ url: URL) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
    }

    static func violations(_ workspace: BuildWorkspace, _ format: FeedFormat) throws -> [String] {
        let data = try Data(contentsOf: file(workspace, format))
        let url = try #require(URL(string: BuildWorkspace.site + "us/health.\(format.fileExtension)"))
        switch format {
        case .rss: return FeedRulesChecker.violations(in: data, selfURL: url, now: workspace.clock.now)
        case .atom: return AtomRulesChecker.violations(in: data, selfURL: url, now: workspace.clock.now)
        case .json: return JSONFeedRulesChecker.violations(in: data, feedURL: url, now: workspace.clock.now)
        case .html: return HTMLPageChecker.violations(in: String(decoding: data, as: UTF8.self))
        }
    }

    /// The item ids of each format, read back with libxml2 (RSS, Atom) and Foundation (JSON Feed).
    static func ids(_ workspace: BuildWorkspace, _ format: FeedFormat) throws -> [String] {
        let data = try Data(contentsOf: file(workspace, format))
        switch format {
        case .rss:
            return try RSSReader().read(data, path: "rss").stories.map(\.url.absoluteString)
        case .atom:
            let text = String(decoding: data, as: UTF8.self)
            return text.components(separatedBy: "<entry>\n    <id>").dropFirst().map {
                String($0.prefix { $0 != "<" }).replacingOccurrences(of: "&amp;", with: "&")
            }
        case .json:
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            return (object?["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        case .html:
            return FeedPageRows.rows(in: String(decoding: data, as: UTF8.self)).map(\.href)
        }
    }

    @Test func everyFormatIsWrittenValidWithTheSameItemsAndAnUnchangedBuildTouchesNone() async throws {
        try await Self.expectEveryFormatValidAndUntouchedWhenUnchanged(BuildEndToEndTests.hostileAnswer, items: 2)
    }

    @Test(.needsSharedData) func theSameHoldsForARealAnswer() async throws {
        try await Self.expectEveryFormatValidAndUntouchedWhenUnchanged(
            .json(200, try SharedData.capture(.usTopHeadlines)), items: 38)
    }

    static func expectEveryFormatValidAndUntouchedWhenUnchanged(_ stubAnswer: NewsAPIStub.Answer, items: Int)
        async throws
    {
        try await BuildWorkspace.with(config: Self.config(), answers: ["us/health": stubAnswer]) { workspace in
            let first = await workspace.build()
            #expect(first.status == 0, "\(first.standardError)")
            let rssIDs = try Self.ids(workspace, .rss)
            #expect(rssIDs.count == items)
            var before: [FeedFormat: (Data, Date?)] = [:]
            for format in FeedFormat.defaultList {
                #expect(try Self.violations(workspace, format) == [], "\(format)")
                #expect(try Self.ids(workspace, format) == rssIDs, "\(format)")
                let url = Self.file(workspace, format)
                before[format] = (try Data(contentsOf: url), try Self.modified(url))
            }
            try await Task.sleep(for: .milliseconds(20))
            workspace.clock.advance(by: 3600)

            let second = await workspace.build()

            #expect(second.outputLines.first == "us/health: unchanged, \(rssIDs.count) items")
            for format in FeedFormat.defaultList {
                let url = Self.file(workspace, format)
                #expect(try Data(contentsOf: url) == before[format]?.0, "\(format)")
                #expect(try Self.modified(url) == before[format]?.1, "\(format) was rewritten")
            }
        }
    }

    @Test func aChangedFeedRewritesEveryFormatWithTheNewBuildDate() async throws {
        try await BuildWorkspace.with(config: Self.config()) { workspace in
            workspace.stub.answer("us/health", with: .articles([.story("a")]))
            #expect(await workspace.build().status == 0)
            workspace.clock.advance(by: 3600)
            workspace.stub.answer("us/health", with: .articles([.story("b", publishedAt: "2024-05-02T11:00:00Z")]))

            #expect(await workspace.build().outputLines.first == "us/health: written, 2 items (1 new)")

            let expected = ["b", "a"].map(BuildEndToEndTests.articleURL)
            for format in FeedFormat.defaultList {
                #expect(try Self.ids(workspace, format) == expected, "\(format)")
            }
            let atom = String(decoding: try Data(contentsOf: Self.file(workspace, .atom)), as: UTF8.self)
            #expect(atom.contains("<updated>\(RFC3339Date.string(from: workspace.clock.now))</updated>"))
        }
    }

    /// Without `rss` in the list, history lives in `.newsfeed/history/`; no other format is read back.
    @Test func withoutRSSHistoryIsKeptInTheStateFolder() async throws {
        try await BuildWorkspace.with(config: Self.config(formats: #"["atom"]"#)) { workspace in
            workspace.stub.answer("us/health", with: .articles([.story("a")]))
            #expect(await workspace.build().status == 0)
            let files = BuildWorkspace.allFiles(in: workspace.output)
            #expect(files.contains("us/health.atom"))
            #expect(files.contains(".newsfeed/history/us/health.rss"))
            #expect(!files.contains("us/health.rss") && !files.contains("us/health.json"))
            #expect(try Self.violations(workspace, .atom) == [])

            workspace.clock.advance(by: 3600)
            workspace.stub.answer("us/health", with: .articles([.story("b", publishedAt: "2024-05-02T11:00:00Z")]))
            #expect(await workspace.build().outputLines.first == "us/health: written, 2 items (1 new)")
            #expect(try Self.ids(workspace, .atom) == ["b", "a"].map(BuildEndToEndTests.articleURL))

            workspace.clock.advance(by: 3600)
            let atom = try Data(contentsOf: Self.file(workspace, .atom))
            #expect(await workspace.build().outputLines.first == "us/health: unchanged, 2 items")
            #expect(try Data(contentsOf: Self.file(workspace, .atom)) == atom)
        }
    }

    /// A format taken out of the list keeps its old file, byte for byte; nothing is deleted.
    @Test func aFormatRemovedFromTheListLeavesItsOldFileAlone() async throws {
        try await BuildWorkspace.with(config: Self.config()) { workspace in
            workspace.stub.answer("us/health", with: .articles([.story("a")]))
            #expect(await workspace.build().status == 0)
            let oldJSON = try Data(contentsOf: Self.file(workspace, .json))
            try workspace.folder.write(Self.config(formats: #"["rss", "atom"]"#), to: ConfigLoader.defaultFileName)
            workspace.clock.advance(by: 3600)
            workspace.stub.answer("us/health", with: .articles([.story("b", publishedAt: "2024-05-02T11:00:00Z")]))

            #expect(await workspace.build().outputLines.first == "us/health: written, 2 items (1 new)")

            #expect(try Data(contentsOf: Self.file(workspace, .json)) == oldJSON)
            #expect(try Self.ids(workspace, .atom).count == 2)
        }
    }

    /// Switching `rss` off and on keeps the history: it is read from wherever the last build kept it.
    @Test func historySurvivesTakingRSSOutAndBack() async throws {
        try await BuildWorkspace.with(config: Self.config()) { workspace in
            workspace.stub.answer("us/health", with: .articles([.story("a")]))
            #expect(await workspace.build().status == 0)
            try workspace.folder.write(Self.config(formats: #"["json"]"#), to: ConfigLoader.defaultFileName)
            workspace.clock.advance(by: 3600)
            workspace.stub.answer("us/health", with: .articles([.story("b", publishedAt: "2024-05-02T11:00:00Z")]))
            #expect(await workspace.build().outputLines.first == "us/health: written, 2 items (1 new)")
            #expect(try Self.ids(workspace, .json) == ["b", "a"].map(BuildEndToEndTests.articleURL))
        }
    }
}

/// The index, the OPML list and the home links follow `formats`.
@Suite struct BuildIndexFormatsTests {
    static func outlines(_ workspace: BuildWorkspace) throws -> [String] {
        let opml = String(decoding: try Data(contentsOf: workspace.output.appending(path: "feeds.opml")), as: UTF8.self)
        return opml.components(separatedBy: "xmlUrl=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func theOPMLPointsAtTheFirstFeedFormatAndTheIndexLinksEveryFormat() async throws {
        let config = BuildFormatsTests.config(formats: #"["html", "atom", "rss"]"#)
        try await BuildWorkspace.with(config: config, answers: ["us/health": .articles([.story("a")])]) { workspace in
            #expect(await workspace.build().status == 0)
            #expect(try Self.outlines(workspace) == [BuildWorkspace.site + "us/health.atom"])
            let index = String(
                decoding: try Data(contentsOf: workspace.output.appending(path: "index.html")), as: UTF8.self)
            #expect(HTMLPageChecker.violations(in: index) == [])
            #expect(index.contains(#"<h2><a href="us/health.html">"#))
            #expect(index.contains(#"href="us/health.atom" type="application/atom+xml">Atom</a>"#))
            #expect(index.contains(#"href="us/health.rss" type="application/rss+xml">RSS</a>"#))
            #expect(!index.contains(#"href="us/health.json""#))
        }
    }

    @Test func withoutRSSTheIndexAndOPMLStillListTheFeed() async throws {
        let config = BuildFormatsTests.config(formats: #"["json", "html"]"#)
        try await BuildWorkspace.with(config: config, answers: ["us/health": .articles([.story("a")])]) { workspace in
            #expect(await workspace.build().status == 0)
            #expect(try Self.outlines(workspace) == [BuildWorkspace.site + "us/health.json"])
            let index = String(
                decoding: try Data(contentsOf: workspace.output.appending(path: "index.html")), as: UTF8.self)
            #expect(index.contains("Health — United States · Top headlines"))
            #expect(index.contains("1 item"))
        }
    }

    /// RSS `<link>`, Atom `rel="alternate"` and `home_page_url` name the HTML page when it is written, else `site`.
    @Test(arguments: [(#"["rss", "atom", "json", "html"]"#, "us/health.html"), (#"["rss", "atom", "json"]"#, "")])
    func everyHomeLinkIsThePageWhenThereIsOne(formats: String, home: String) async throws {
        let config = BuildFormatsTests.config(formats: formats)
        try await BuildWorkspace.with(config: config, answers: ["us/health": .articles([.story("a")])]) { workspace in
            #expect(await workspace.build().status == 0)
            let expected = BuildWorkspace.site + home
            #expect(try workspace.snapshot("us/health").link?.absoluteString == expected)
            let atom = String(decoding: try Data(contentsOf: BuildFormatsTests.file(workspace, .atom)), as: UTF8.self)
            #expect(atom.contains(#"<link rel="alternate" type="text/html" href="\#(expected)"/>"#))
            let json = try JSONSerialization.jsonObject(
                with: try Data(contentsOf: BuildFormatsTests.file(workspace, .json)))
            #expect((json as? [String: Any])?["home_page_url"] as? String == expected)
        }
    }

    @Test func assetsAreWrittenForThePages() async throws {
        try await BuildWorkspace.with(
            config: BuildFormatsTests.config(), answers: ["us/health": .articles([.story("a")])]
        ) { workspace in
            #expect(await workspace.build().status == 0)
            for asset in PageAssets.files {
                let data = try Data(contentsOf: workspace.output.appending(path: asset.relativePath))
                #expect(data == asset.data, "\(asset.relativePath)")
            }
        }
    }
}
