import Foundation
import TestSupport
import Testing
import Upstreams

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The bundled sample feeds built by `newsfeed build` (against a loopback NewsAPI stub)
/// into a folder that `newsfeed serve` has served since before the build, with `site`
/// set to the address it listens at, as `demo` does.
struct ServedSamples: Sendable {
    let folder: TemporaryFolder
    let serve: RunningCommand
    /// Every feed the served `/feeds.opml` lists, in OPML order.
    let feedURLs: [URL]

    /// Builds and serves the samples, runs `body`, then stops the server and checks it exits 0.
    static func with(_ body: (ServedSamples) async throws -> Void) async throws {
        let folder = TemporaryFolder("newsfeed-readers")
        // The folder exists before serve starts: serve refuses a missing folder.
        try FileManager.default.createDirectory(
            at: folder.url.appending(path: "Feeds"), withIntermediateDirectories: true)
        let stub = try NewsAPIStub.samples()
        let serve = RunningCommand(["serve", "--dir", "Feeds", "--port", "0"], workingDirectory: folder.url)
        do {
            let served = try await start(folder: folder, stub: stub, serve: serve)
            try await body(served)
        } catch {
            _ = await serve.stop()
            await stub.stop()
            throw error
        }
        let status = await serve.stop()
        await stub.stop()
        #expect(status == 0, "serve exit status; \(serve.transcript)")
    }

    private static func start(folder: TemporaryFolder, stub: NewsAPIStub, serve: RunningCommand) async throws
        -> ServedSamples
    {
        let site = try await serve.servingURL()
        let feeds = SampleHeadlines.feeds.map { spec in
            let parts = spec.id.split(separator: "/")
            return #"{"country": "\#(parts[0])", "category": "\#(parts[1])"}"#
        }
        try folder.write(
            #"{"site": "\#(site.absoluteString)", "output": "Feeds", "feeds": [\#(feeds.joined(separator: ", "))]}"#,
            to: "newsfeed.json")
        let build = await RunningCommand.run(
            ["build", "--quiet"], environment: stub.environment, workingDirectory: folder.url)
        try #require(build.status == 0, "build: \(build.errors)")

        let port = try #require(site.port)
        let opml = try await onOwnThread { try LoopbackClient(port: port).request("GET", "/feeds.opml") }
        try #require(opml.status == 200, "GET /feeds.opml: \(opml.status)")
        let document = try XMLDocument(data: opml.body, options: [.nodeLoadExternalEntitiesNever])
        let listed = try document.nodes(forXPath: "//outline/@xmlUrl").compactMap { $0.stringValue }
        let feedURLs = listed.compactMap { URL(string: $0) }
        let expected = SampleHeadlines.feeds.map { site.appending(path: $0.relativePath) }
        try #require(Set(feedURLs) == Set(expected), "the OPML lists \(listed), not every sample feed")
        return ServedSamples(folder: folder, serve: serve, feedURLs: feedURLs)
    }

    /// The Atom version of every feed, in the same order: `build` writes it next to the RSS.
    var atomURLs: [URL] { feedURLs.map { $0.deletingPathExtension().appendingPathExtension("atom") } }

    /// RSS and Atom, for the readers that read both.
    var rssAndAtomURLs: [URL] { feedURLs + atomURLs }

    /// The items of the served file behind `feedURL`, which must not be empty. For an Atom URL
    /// these are the RSS sibling's items: one story model, the same items in the same order.
    func items(at feedURL: URL) throws -> [RSSItemSummary] {
        var relative = String(feedURL.path.drop { $0 == "/" })
        if relative.hasSuffix(".atom") { relative = String(relative.dropLast(5)) + ".rss" }
        let items = try RSSItemSummary.all(inFile: folder.url.appending(path: "Feeds").appending(path: relative))
        try #require(!items.isEmpty, "\(relative) has no items")
        return items
    }

    /// Each feed was fetched through the server: its access log shows a 200 for it
    /// (the log is printed off the event loop, so the lines may trail the responses).
    func expectFetchedOverHTTP() async throws {
        for feedURL in rssAndAtomURLs {
            _ = try await serve.lines(count: 1) { $0.contains("Z GET \(feedURL.path) 200 ") }
        }
    }
}
