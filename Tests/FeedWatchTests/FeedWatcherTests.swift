import FeedBuild
import FeedFormats
import FeedOutput
import FeedWatch
import Foundation
import HTTPFetching
import HTTPServing
import NewsModel
import Synchronization
import TestSupport
import Testing

/// A whole `watch` round over an output folder whose feed points at a loopback image host.
@Suite(.timeLimit(.minutes(1))) struct FeedWatcherTests {
    private static let site = URL(string: "https://feeds.example.com/") ?? URL(fileURLWithPath: "/")
    private let spec = FeedSpec(country: "us", category: "health")

    private func story(_ slug: String, image: URL?) throws -> Story {
        Story(
            url: try #require(URL(string: "https://news.example/\(slug)")), title: "Story \(slug)", sourceName: "News",
            sourceURL: try #require(URL(string: "https://news.example/")), summary: "About \(slug).",
            image: image.map { StoryImage(url: $0, mimeType: "image/jpeg", length: 0) },
            publishedAt: Date(timeIntervalSince1970: 1_799_990_000),
            firstSeen: Date(timeIntervalSince1970: 1_799_990_000))
    }

    /// Writes a feed with three stories (image alive, image gone, image replaced earlier but back now).
    private func makeOutput(base: String) throws -> (NewsFeedConfig, OutputFolder) {
        let root = FileManager.default.temporaryDirectory.appending(path: "watch-\(UUID().uuidString)")
        let config = NewsFeedConfig(site: Self.site, output: root, feeds: [spec])
        let output = OutputFolder(root: root)
        let defaultImage = Self.site.appending(path: DefaultImageAsset.relativePath)
        let stories = [
            try story("alive", image: URL(string: base + "/ok.jpg")),
            try story("gone", image: URL(string: base + "/missing.jpg")),
            try story("restored", image: defaultImage),
        ]
        let document = FeedDocument(
            title: FeedChannel.title(for: spec), link: Self.site, selfURL: config.publicURL(for: spec),
            description: FeedChannel.description(for: spec), language: FeedChannel.language(for: spec),
            updated: Date(timeIntervalSince1970: 1_799_999_000), ttlMinutes: 60,
            generator: "newsfeed \(NewsFeedVersion.current)", stories: stories)
        try FileManager.default.createDirectory(at: root.appending(path: "us"), withIntermediateDirectories: true)
        try RSSRenderer().render(document).write(to: output.fileURL(for: spec))
        var state = BridgeState()
        for slug in ["alive", "gone", "restored"] {
            let original = slug == "alive" ? "/ok.jpg" : slug == "gone" ? "/missing.jpg" : "/nohead.jpg"
            state.items["https://news.example/\(slug)"] = ItemRecord(
                firstSeen: Date(timeIntervalSince1970: 1_799_990_000), originalImage: base + original)
        }
        state.images[base + "/nohead.jpg"] = ImageRecord(status: .dead, consecutiveFailures: 3, lastError: "HTTP 404")
        try output.stateStore.save(state)
        return (config, output)
    }

    @Test func healsTheFeedRecordsTheStateAndLeavesAnUnchangedFeedAlone() async throws {
        try await withImageHost { _, base in
            let (config, output) = try makeOutput(base: base)
            defer { try? FileManager.default.removeItem(at: output.root) }
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            let watcher = FeedWatcher(
                config: config, settings: WatchSettings(timeout: .seconds(15)), policy: AllowAllAddressPolicy(),
                clock: { start })

            let report = try await watcher.runRound()
            let summary = try #require(report.feeds.first)
            #expect(summary.feed == "us/health")
            #expect(summary.checked == 3)
            #expect(summary.ok == 2)
            #expect(summary.dead == 1)
            #expect(summary.rewritten)
            #expect(report.findings.filter(\.isReported).map(\.line) == ["dead: \(base)/missing.jpg: HTTP 404"])

            let fileURL = output.fileURL(for: spec)
            let healed = try RSSReader().read(try Data(contentsOf: fileURL), path: spec.relativePath).stories
            #expect(healed[0].image?.url.absoluteString == base + "/ok.jpg")
            #expect(healed[0].image?.length == ImageHostStub.imageBytes)
            #expect(healed[1].image?.url == Self.site.appending(path: DefaultImageAsset.relativePath))
            #expect(healed[2].image?.url.absoluteString == base + "/nohead.jpg")
            #expect(healed[2].image?.length == 5000)
            // Every format heals from the same stories.
            let defaultURL = Self.site.appending(path: DefaultImageAsset.relativePath).absoluteString
            let atom = String(decoding: try Data(contentsOf: output.fileURL(for: spec, format: .atom)), as: UTF8.self)
            #expect(atom.contains(#"href="\#(base)/ok.jpg""#))
            #expect(atom.contains(#"href="\#(defaultURL)""#))
            #expect(!atom.contains("missing.jpg"))
            let json = try JSONSerialization.jsonObject(
                with: try Data(contentsOf: output.fileURL(for: spec, format: .json)))
            let images = ((json as? [String: Any])?["items"] as? [[String: Any]])?.compactMap { $0["image"] as? String }
            #expect(images == [base + "/ok.jpg", defaultURL, base + "/nohead.jpg"])
            let state = try output.stateStore.load().state
            #expect(state.images[base + "/missing.jpg"]?.status == .dead)
            #expect(state.images[base + "/nohead.jpg"]?.status == .alive)
            #expect(state.images[base + "/ok.jpg"]?.length == ImageHostStub.imageBytes)
            #expect(
                FileManager.default.fileExists(
                    atPath: output.fileURL(relativePath: DefaultImageAsset.relativePath).path))

            // A minute later nothing changed: the file (and its modification time) stays.
            let before = try FileManager.default.attributesOfItem(atPath: fileURL.path)[.modificationDate] as? Date
            let bytes = try Data(contentsOf: fileURL)
            let later = FeedWatcher(
                config: config, settings: WatchSettings(timeout: .seconds(15)), policy: AllowAllAddressPolicy(),
                clock: { start.addingTimeInterval(60) })
            let second = try #require(try await later.runRound().feeds.first)
            #expect(!second.rewritten)
            #expect(second.skipped == 2)
            #expect(try Data(contentsOf: fileURL) == bytes)
            #expect(
                try FileManager.default.attributesOfItem(atPath: fileURL.path)[.modificationDate] as? Date == before)
        }
    }

    /// Resolves IP literals to themselves, but only once `open` is set: holds a round in its checks.
    private final class GatedResolver: HostResolving {
        let entered = Atomic<Bool>(false)
        let open = Atomic<Bool>(false)

        func addresses(of host: String) async throws(FetchError) -> [IPAddress] {
            entered.store(true, ordering: .relaxed)
            while !open.load(ordering: .relaxed) {
                do { try await Task.sleep(for: .milliseconds(5)) } catch { throw .cancelled }
            }
            guard let literal = IPAddress(host) else { throw .hostNotFound(host: host, detail: "not a literal") }
            return [literal]
        }
    }

    /// Two rounds at once: the slow one, saving last, compares with (and keeps) what the quick one stored
    /// meanwhile: no change announced twice under --quiet, no `since` overwritten by the older round.
    @Test func aRoundSavingAfterAConcurrentOneKeepsWhatThatOneStored() async throws {
        try await withImageHost { _, base in
            let (config, output) = try makeOutput(base: base)
            defer { try? FileManager.default.removeItem(at: output.root) }
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            let settings = WatchSettings(timeout: .seconds(15))
            let gate = GatedResolver()
            // A check's timeout covers the lookup the gate holds: long enough for any busy machine.
            let slow = FeedWatcher(
                config: config, settings: WatchSettings(timeout: .seconds(50)), policy: AllowAllAddressPolicy(),
                resolver: gate, clock: { start })
            let slowRound = Task { try await slow.runRound() }
            // The slow round has read the feeds and the state and is in its checks.
            while !gate.entered.load(ordering: .relaxed) { try await Task.sleep(for: .milliseconds(5)) }
            let quick = FeedWatcher(
                config: config, settings: settings, policy: AllowAllAddressPolicy(),
                clock: { start.addingTimeInterval(60) })
            let first = try await quick.runRound()
            #expect(first.text(quiet: true).contains("dead: \(base)/missing.jpg"))
            gate.open.store(true, ordering: .relaxed)
            let second = try await slowRound.value

            #expect(second.findings.filter(\.changed).map(\.url) == [], "already announced by the quick round")
            #expect(second.text(quiet: true) == "")
            let stored = output.watchStatusStore.load().view
            #expect(stored.images[base + "/missing.jpg"]?.status == .dead)
            #expect(stored.images[base + "/missing.jpg"]?.since == start.addingTimeInterval(60))
            #expect(stored.images[base + "/nohead.jpg"]?.since == start.addingTimeInterval(60))
        }
    }

    /// Before the first build (the packaged hourly timer): a missing folder build can create, or a folder
    /// with no feed built yet, is a one-line note and a round that does nothing; a parent that is missing
    /// stops the round.
    @Test func beforeTheFirstBuildTheRoundIsANoteAndABadParentStopsIt() async throws {
        let parent = FileManager.default.temporaryDirectory.appending(path: "watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let root = parent.appending(path: "Feeds")
        let science = FeedSpec(country: "us", category: "science")
        let config = NewsFeedConfig(site: Self.site, output: root, feeds: [spec, science])
        let watcher = FeedWatcher(config: config, settings: WatchSettings(), policy: PublicAddressPolicy())
        await #expect(throws: WatchError.outputFolderMissing(path: root.standardizedFileURL.path)) {
            try await watcher.runRound()
        }

        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let missing = try await watcher.runRound()
        let path = root.standardizedFileURL.path
        #expect(missing.note == "nothing to watch yet: \(path) does not exist until newsfeed build writes a feed")
        #expect(missing.text() == missing.note.map { $0 + "\n" })
        #expect(missing.text(quiet: true) == "")
        #expect(!FileManager.default.fileExists(atPath: root.path), "a no-op creates nothing")

        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let empty = try await watcher.runRound()
        #expect(empty.note == "nothing to watch yet: no feed has been built in \(path)")
        #expect(empty.text(quiet: true) == "")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == [], "no state, no lock written")
        let document = try #require(try JSONSerialization.jsonObject(with: empty.json()) as? [String: Any])
        #expect(document["note"] as? String == empty.note)
        #expect((document["feeds"] as? [Any])?.isEmpty == true)
    }

    /// One feed built, one not: a real round, and the unbuilt feed is that feed's problem, even when quiet.
    @Test func anUnbuiltFeedBesideABuiltOneIsAProblemOfThatFeed() async throws {
        try await withImageHost { _, base in
            var (config, output) = try makeOutput(base: base)
            defer { try? FileManager.default.removeItem(at: output.root) }
            config.feeds.append(FeedSpec(country: "us", category: "science"))
            let watcher = FeedWatcher(
                config: config, settings: WatchSettings(timeout: .seconds(15)), policy: AllowAllAddressPolicy())
            let report = try await watcher.runRound()
            #expect(report.note == nil)
            #expect(report.feeds.last?.problem == "us/science.rss does not exist yet; run newsfeed build")
            #expect(
                report.text(quiet: true).contains(
                    "us/science: not watched: us/science.rss does not exist yet; run newsfeed build\n"))
        }
    }

    @Test func reportRendersTextQuietTextAndJSON() throws {
        var healthy = WatchReport.FeedSummary(feed: "us/health")
        healthy.checked = 2
        healthy.ok = 2
        var broken = WatchReport.FeedSummary(feed: "us/science")
        broken.checked = 1
        broken.dead = 1
        broken.rewritten = true
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let findings = [
            WatchFinding(
                url: "https://cdn.example/a.jpg", feeds: ["us/health"], status: .alive, since: start, changed: false),
            WatchFinding(
                url: "https://cdn.example/x.jpg", feeds: ["us/science"], status: .dead, http: 404, reason: "HTTP 404",
                since: start, changed: true),
        ]
        let report = WatchReport(startedAt: start, seconds: 1.25, feeds: [healthy, broken], findings: findings)
        #expect(
            report.text() == """
                us/health: 2 checked, 2 ok, 0 dead, 0 blocked, 0 skipped (recently checked or not reached); unchanged
                us/science: 1 checked, 0 ok, 1 dead, 0 blocked, 0 skipped (recently checked or not reached); rewritten
                  dead: https://cdn.example/x.jpg: HTTP 404
                watched 2 feeds in 1.2 s: 3 checked, 1 dead, 1 feed rewritten

                """)
        #expect(!report.text(quiet: true).contains("us/health"))
        #expect(report.text(quiet: true).contains("us/science"))
        let decoded = try JSONDecoder.iso8601.decode(WatchReport.self, from: try report.json())
        #expect(decoded == report)
        let allGood = WatchReport(startedAt: Date(), seconds: 0, feeds: [healthy])
        #expect(allGood.text(quiet: true).isEmpty)
    }

    /// One feed, none rewritten: counted words agree with their numbers.
    @Test func theTotalLineSaysFeedAndFeedsAsTheCountsAsk() {
        let report = WatchReport(startedAt: Date(), seconds: 0.5, feeds: [WatchReport.FeedSummary(feed: "us/health")])
        #expect(report.text().hasSuffix("watched 1 feed in 0.5 s: 0 checked, 0 dead, 0 feeds rewritten\n"))
        var rewritten = WatchReport.FeedSummary(feed: "us/science")
        rewritten.rewritten = true
        let two = WatchReport(startedAt: Date(), seconds: 0.5, feeds: [rewritten, rewritten])
        #expect(two.text().hasSuffix("watched 2 feeds in 0.5 s: 0 checked, 0 dead, 2 feeds rewritten\n"))
    }

    /// docs/watching-images.md shows `"warnings" : []`: empty arrays are printed compact, while a bracket pair inside
    /// a string stays as it is and the document still decodes to the same report.
    @Test func emptyArraysAreCompactInTheJSONDocument() throws {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let empty = WatchReport(startedAt: start, seconds: 0, feeds: [])
        let text = String(decoding: try empty.json(), as: UTF8.self)
        #expect(text.contains(#""warnings" : []"#), "\(text)")
        #expect(text.contains(#""feeds" : []"#), "\(text)")
        #expect(text.contains(#""findings" : []"#), "\(text)")
        let odd = WatchReport(
            startedAt: start, seconds: 0, feeds: [], warnings: ["a [\n  ] in a warning", "{\n}"])
        let oddText = String(decoding: try odd.json(), as: UTF8.self)
        #expect(oddText.contains(#""a [\n  ] in a warning""#), "\(oddText)")
        #expect(try JSONDecoder.iso8601.decode(WatchReport.self, from: try odd.json()) == odd)
        let refusal = String(decoding: WatchReport.refusalJSON(reason: "offline"), as: UTF8.self)
        #expect(try JSONSerialization.jsonObject(with: Data(refusal.utf8)) is [String: Any])
    }
}

extension JSONDecoder {
    fileprivate static var iso8601: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
