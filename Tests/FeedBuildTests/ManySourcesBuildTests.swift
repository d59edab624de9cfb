import Foundation
import HTTPServing
import NewsModel
import Synchronization
import TestSupport
import Testing

@testable import FeedBuild

/// Many publishers' feeds in one build (issue 27): fetched `sources.concurrency` at once, hosts taking turns, so a
/// slow host never holds the others back.
@Suite struct ManySourcesBuildTests {
    static func spec(_ url: String) throws -> FeedSpec {
        let config = try ConfigLoader.parse(
            Data(#"{"feeds": [{"feed": "\#(url)"}]}"#.utf8), path: "newsfeed.json",
            folder: URL(fileURLWithPath: "/srv"))
        return try #require(config.feeds.first)
    }

    @Test func hostsTakeTurnsAndAFullHostIsPassedOver() throws {
        let specs = try [
            "https://a.example/1", "https://a.example/2", "https://a.example/3", "https://b.example/1",
            "https://c.example/1",
        ].map(Self.spec)
        var turns = HostTurns(specs, perHost: 1)
        var started: [String] = []
        while let (spec, _) = turns.next() { started.append(spec.id) }
        #expect(started == [specs[0].id, specs[3].id, specs[4].id], "one per host, then a.example waits its lane")
        turns.finished("a.example")
        #expect(turns.next()?.0.id == specs[1].id)
        #expect(turns.next() == nil)
        turns.finished("a.example")
        #expect(turns.next()?.0.id == specs[2].id)
    }

    /// A host that answers only once every feed of the other host has been served: a sequential build, or one
    /// that let the slow host take every lane, would keep it waiting until its patience ran out.
    final class SlowHost: HTTPHandler {
        let fast: FeedHostStub
        let expected: Int
        let sawOthersFirst = Mutex<[Bool]>([])

        init(fast: FeedHostStub, expected: Int) {
            self.fast = fast
            self.expected = expected
        }

        func handle(_ request: HTTPRequest) async -> HTTPAction {
            let start = ContinuousClock.now
            while fast.paths.count < expected, ContinuousClock.now - start < .seconds(20) {
                try? await Task.sleep(for: .milliseconds(20))
            }
            let served = fast.paths.count >= expected
            sawOthersFirst.withLock { $0.append(served) }
            var headers = HTTPHeaders()
            headers.set("Content-Type", "application/rss+xml")
            let body = """
                <rss version="2.0"><channel><title>Slow</title><link>https://slow.example/</link>
                <item><title>Late \(request.path)</title><link>https://slow.example\(request.path)</link></item>
                </channel></rss>
                """
            return .respond(HTTPResponse(status: 200, headers: headers, body: .data(Data(body.utf8))))
        }
    }

    @Test func aSlowHostNeverHoldsTheOthersBack() async throws {
        let item = { (name: String) in
            FeedHostStub.Answer(
                """
                <rss version="2.0"><channel><title>\(name)</title><link>https://fast.example/</link>
                <item><title>Story \(name)</title><link>https://fast.example/\(name)</link></item></channel></rss>
                """)
        }
        let fastNames = ["f1", "f2", "f3", "f4"]
        let fast = FeedHostStub(Dictionary(uniqueKeysWithValues: fastNames.map { ("/\($0).xml", item($0)) }))
        let slow = SlowHost(fast: fast, expected: fastNames.count)
        let slowServer = HTTPServer(configuration: quickStubConfiguration(host: "127.0.0.2"), handler: slow)
        let slowPort = try slowServer.start()
        do {
            try await withLoopbackHost(fast) { base in
                // The slow host's feeds come first in the config.
                let entries =
                    ["s1", "s2"].map { #"{"feed": "http://127.0.0.2:\#(slowPort)/\#($0).xml", "name": "\#($0)"}"# }
                    + fastNames.map { #"{"feed": "\#(base)/\#($0).xml", "name": "\#($0)"}"# }
                let config = """
                    {"site": "\(BuildWorkspace.site)", "output": "Feeds", "allowPrivate": true,
                     "fullText": {"hostSpacing": "0s"}, "feeds": [\(entries.joined(separator: ", "))]}
                    """
                try await BuildWorkspace.with(config: config) { workspace in
                    let run = await workspace.build()
                    #expect(run.status == 0, "\(run.standardError)")
                    #expect(run.outputLines.last == "6 feeds: 6 written, 0 unchanged, 0 failed")
                }
            }
        } catch {
            await slowServer.shutdown()
            throw error
        }
        await slowServer.shutdown()
        #expect(slow.sawOthersFirst.withLock { $0 } == [true, true])
    }

    @Test func sourcesConcurrencyIsChecked() throws {
        let bad = #"{"feeds": [{"feed": "https://a.example/rss"}], "sources": {"concurrency": 0}}"#
        #expect {
            _ = try ConfigLoader.parse(Data(bad.utf8), path: "newsfeed.json", folder: URL(fileURLWithPath: "/srv"))
        } throws: { error in
            "\(error)".contains("sources.concurrency") && "\(error)".contains("not 0")
        }
        let good = #"{"feeds": [{"feed": "https://a.example/rss"}], "sources": {"concurrency": 40}}"#
        let config = try ConfigLoader.parse(
            Data(good.utf8), path: "newsfeed.json", folder: URL(fileURLWithPath: "/srv"))
        #expect(config.sourcesConcurrency == 40)
    }
}

extension ManySourcesBuildTests {
    @Test func aSecondLaneGoesToAHostOnlyWhenNoIdleHostWaits() throws {
        let specs = try ["https://a.example/1", "https://a.example/2", "https://b.example/1", "https://b.example/2"]
            .map(Self.spec)
        var turns = HostTurns(specs, perHost: 2)
        #expect(turns.next()?.0.id == specs[0].id)
        #expect(turns.next()?.0.id == specs[2].id)
        turns.finished("b.example")
        #expect(turns.next()?.0.id == specs[3].id, "b.example is idle: it goes before a.example's second lane")
        #expect(turns.next()?.0.id == specs[1].id, "then a second lane, as nothing idle waits")
        #expect(turns.next() == nil)
    }
}
