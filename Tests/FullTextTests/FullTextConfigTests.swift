import Foundation
import NewsModel
import Testing

/// The `"fullText"` keys: defaults, the per-feed switch, and one-line errors for bad values.
@Suite struct FullTextConfigTests {
    private func parse(_ text: String) throws(ConfigError) -> NewsFeedConfig {
        try ConfigLoader.parse(Data(text.utf8), path: "newsfeed.json", folder: URL(fileURLWithPath: "/tmp"))
    }

    private func error(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func offUnlessAskedFor() throws {
        let config = try parse(#"{"feeds": [{"country": "us"}]}"#)
        #expect(config.fullText == .standard)
        #expect(!config.anyFullText)
        #expect(!config.wantsFullText(config.feeds[0]))
    }

    @Test func theDefaultsAreTheDocumentedOnes() {
        let standard = FullTextSettings.standard
        #expect(!standard.byDefault)
        #expect(standard.pagesPerRun == 60)
        #expect(standard.concurrency == 8)
        #expect(standard.perHost == 2)
        #expect(standard.hostSpacing == .seconds(1))
        #expect(standard.timeout == .seconds(20))
        #expect(standard.maxPageBytes == 8 << 20)
        #expect(standard.robots)
    }

    @Test func siteConfigIsAFolderRelativeToTheConfigAndMaxPagesDefaultsToFive() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("rules"), withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("file.txt"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = #"{"fullText": {"siteConfig": "rules", "maxPages": 3}, "feeds": [{"country": "us"}]}"#
        let config = try ConfigLoader.parse(Data(text.utf8), path: "newsfeed.json", folder: folder)
        #expect(config.fullText.siteConfig?.path == folder.appendingPathComponent("rules").standardizedFileURL.path)
        #expect(config.fullText.maxPages == 3)
        #expect(try parse(#"{"feeds": [{"country": "us"}]}"#).fullText.maxPages == 5)
        #expect(try parse(#"{"feeds": [{"country": "us"}]}"#).fullText.siteConfig == nil)
        let notAFolder = #"{"fullText": {"siteConfig": "file.txt"}, "feeds": [{"country": "us"}]}"#
        #expect(throws: ConfigError.self) {
            _ = try ConfigLoader.parse(Data(notAFolder.utf8), path: "newsfeed.json", folder: folder)
        }
    }

    @Test func aFeedsOwnSwitchWinsOverTheDefault() throws {
        let config = try parse(
            #"{"fullText": {"default": true}, "feeds": [{"country": "us"}, {"country": "de", "fullText": false}]}"#)
        #expect(config.wantsFullText(config.feeds[0]))
        #expect(!config.wantsFullText(config.feeds[1]))
        let one = try parse(#"{"feeds": [{"country": "us", "fullText": true}, {"country": "de"}]}"#)
        #expect(one.wantsFullText(one.feeds[0]))
        #expect(!one.wantsFullText(one.feeds[1]))
        #expect(one.anyFullText)
    }

    @Test func everyLimitIsRead() throws {
        let config = try parse(
            #"""
            {"fullText": {"default": true, "pagesPerRun": 5, "concurrency": 3, "perHost": 1, "hostSpacing": "0s",
             "timeout": "45s", "maxPageBytes": "2MB", "robots": false}, "feeds": [{"country": "us"}]}
            """#)
        #expect(
            config.fullText
                == FullTextSettings(
                    byDefault: true, pagesPerRun: 5, concurrency: 3, perHost: 1, hostSpacing: .seconds(0),
                    timeout: .seconds(45), maxPageBytes: 2 << 20, robots: false))
        let bytes = try parse(#"{"fullText": {"maxPageBytes": 100000}, "feeds": [{"country": "us"}]}"#)
        #expect(bytes.fullText.maxPageBytes == 100_000)
    }

    @Test(arguments: [
        (
            #"{"fullText": {"pagesPerRun": 0}, "feeds": [{"country": "us"}]}"#,
            "newsfeed.json: fullText.pagesPerRun: must be 1 to 10000 pages, not 0"
        ),
        (
            #"{"fullText": {"perHost": 17}, "feeds": [{"country": "us"}]}"#,
            "newsfeed.json: fullText.perHost: must be 1 to 16 pages, not 17"
        ),
        (
            #"{"fullText": {"concurrency": 0}, "feeds": [{"country": "us"}]}"#,
            "newsfeed.json: fullText.concurrency: must be 1 to 64 pages, not 0"
        ),
        (
            #"{"fullText": {"timeout": "10m"}, "feeds": [{"country": "us"}]}"#,
            "newsfeed.json: fullText.timeout: must be 1s to 5m, not 10m"
        ),
        (
            #"{"fullText": {"timeout": "soon"}, "feeds": [{"country": "us"}]}"#,
            #"newsfeed.json: fullText.timeout: "soon" is not a duration (use e.g. 30s, 15m, 1h)"#
        ),
        (
            #"{"fullText": {"maxPageBytes": "huge"}, "feeds": [{"country": "us"}]}"#,
            #"newsfeed.json: fullText.maxPageBytes: "huge" is not a size such as "8MB" or "512KB" (or a whole number of bytes)"#
        ),
        (
            #"{"fullText": {"maxPageBytes": 1000}, "feeds": [{"country": "us"}]}"#,
            "newsfeed.json: fullText.maxPageBytes: must be 64KB to 64MB (65536 to 67108864 bytes), not 1000 bytes"
        ),
        (
            #"{"fullText": {"robots": "no"}, "feeds": [{"country": "us"}]}"#,
            "newsfeed.json: fullText.robots: expected true or false"
        ),
        (
            #"{"fullText": {"deafult": true}, "feeds": [{"country": "us"}]}"#,
            #"newsfeed.json: unknown key "fullText.deafult" (known here: default, pagesPerRun, concurrency, perHost, hostSpacing, timeout, maxPageBytes, robots, extractTimeout, maxArticleBytes, runTime, siteConfig, maxPages)"#
        ),
        (
            #"{"fullText": {"maxPages": 0}, "feeds": [{"country": "us"}]}"#,
            "newsfeed.json: fullText.maxPages: must be 1 to 20 pages, not 0"
        ),
        (
            #"{"fullText": {"siteConfig": "no-such-rules"}, "feeds": [{"country": "us"}]}"#,
            "newsfeed.json: fullText.siteConfig: no such folder: /tmp/no-such-rules"
        ),
        (
            #"{"fullText": {"siteConfig": ""}, "feeds": [{"country": "us"}]}"#,
            "newsfeed.json: fullText.siteConfig: must name a folder of site rules"
        ),
        (
            #"{"fullText": true, "feeds": [{"country": "us"}]}"#,
            "newsfeed.json: fullText: expected an object"
        ),
        (
            #"{"feeds": [{"country": "us", "fullText": "yes"}]}"#,
            "newsfeed.json: feeds[0].fullText: expected true or false"
        ),
    ])
    func badValuesAreOneLineErrors(config: String, message: String) {
        #expect(error(config) == message)
    }
}
