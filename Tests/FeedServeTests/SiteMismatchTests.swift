import FeedServe
import Foundation
import TestSupport
import Testing

/// `serve` warns once, in one line, when the feeds' links (from `site`) cannot lead to it.
@Suite struct SiteMismatchTests {
    static func warning(site: String, listening: String, port: Int, display: String? = nil) -> String? {
        let server = FeedServer.url(host: display ?? listening, port: port)
        return SiteMismatch.check(
            feedsSite: URL(string: site), listeningAddress: listening, boundPort: port, serverURL: server)
    }

    @Test(arguments: [
        ("http://127.0.0.1:8080/", "0.0.0.0", 8080),  // loopback links, served to the network
        ("http://localhost:8080/", "::", 8080),
        ("http://[::1]:8080/", "192.0.2.7", 8080),
        ("http://127.0.0.1:8080/", "127.0.0.1", 28360),  // the issue's example: another port
        ("http://localhost/", "127.0.0.1", 8080),  // port 80 implied
        ("http://127.0.0.2:8080/", "127.0.0.1", 9090),
    ])
    func linksThatCannotReachThisServerAreOneWarning(site: String, listening: String, port: Int) throws {
        let line = try #require(Self.warning(site: site, listening: listening, port: port))
        #expect(line.hasPrefix("the feeds say \(site), but this server is http://"))
        #expect(line.hasSuffix("; set \"site\" in the config and run `newsfeed build`"))
        #expect(!line.contains("\n"))
    }

    @Test(arguments: [
        ("http://127.0.0.1:8080/", "127.0.0.1", 8080),  // the default, served where it says
        ("https://feeds.example.com/", "127.0.0.1", 8080),  // behind a reverse proxy
        ("https://feeds.example.com/", "0.0.0.0", 8080),
        ("http://feeds.example.com:8443/", "0.0.0.0", 8080),  // another machine's port is its business
    ])
    func linksThatCanReachItAreNotWarnedAbout(site: String, listening: String, port: Int) {
        #expect(Self.warning(site: site, listening: listening, port: port) == nil)
    }

    @Test func theMachinesOwnNameOnAnotherPortIsWarnedAbout() {
        let name = ListenHost.machineName()
        guard !name.isEmpty else { return }
        #expect(Self.warning(site: "http://\(name):8080/", listening: "0.0.0.0", port: 9090, display: name) != nil)
        #expect(Self.warning(site: "http://\(name):9090/", listening: "0.0.0.0", port: 9090, display: name) == nil)
    }

    @Test func serveWarnsOnceWhenSiteNamesAnotherPortAndNamesTheMachineForAWildcard() async throws {
        let folder = TemporaryFolder("newsfeed-site-mismatch")
        try folder.write(
            #"{"site": "http://127.0.0.1:8080/", "feeds": [{"country": "us", "category": "health"}]}"#,
            to: "newsfeed.json")
        try folder.write("<rss/>", to: "Feeds/us/health.rss")
        let serve = RunningCommand(
            ["serve", "--host", "0.0.0.0", "--port", "0", "--quiet"], workingDirectory: folder.url)
        let address = try await serve.servingURL()
        let name = ListenHost.machineName()
        #expect(address.host == (name.isEmpty ? "0.0.0.0" : name))
        let warning = try await serve.line(containing: "the feeds say", onStandardError: true)
        #expect(warning.hasPrefix("newsfeed serve: warning: the feeds say http://127.0.0.1:8080/, but this server is "))
        #expect(warning.contains(address.absoluteString))
        #expect(await serve.stop() == 0)
        #expect(serve.standardError.text.components(separatedBy: "the feeds say").count == 2, "warned once")
    }

    @Test func aDemoFolderIsPutRightByTheDemoWithTheWordsThisServerNeeds() throws {
        let server = FeedServer.url(host: "127.0.0.1", port: 9090)
        let line = try #require(
            SiteMismatch.check(
                feedsSite: URL(string: "http://127.0.0.1:8080/"), listeningAddress: "127.0.0.1", boundPort: 9090,
                serverURL: server, remedy: .rebuildDemo(output: "demo-copy", host: "127.0.0.1")))
        #expect(
            line
                == "the feeds say http://127.0.0.1:8080/, but this server is http://127.0.0.1:9090/; this is a demo "
                + "folder (no config): write it again for this server with "
                + "`newsfeed demo --no-serve --output demo-copy --host 127.0.0.1 --port 9090`")
    }

    /// `serve --dir Feeds-demo` on another port: a demo folder has no config, so the way out is the demo itself.
    @Test func servingTheDemoFolderOnAnotherPortSaysToRunTheDemoForIt() async throws {
        let folder = TemporaryFolder("newsfeed-site-mismatch")
        try folder.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>t</title><link>http://127.0.0.1:8080/us/health.html</link>\
            <description>d</description></channel></rss>
            """, to: "Feeds-demo/us/health.rss")
        try folder.write("sample feeds written by `newsfeed demo`\n", to: "Feeds-demo/.newsfeed/demo")
        let serve = RunningCommand(
            ["serve", "--dir", "Feeds-demo", "--port", "0", "--quiet"], workingDirectory: folder.url)
        let address = try await serve.servingURL()
        let warning = try await serve.line(containing: "the feeds say", onStandardError: true)
        #expect(await serve.stop() == 0)
        let port = try #require(address.port)
        #expect(warning.hasSuffix("write it again for this server with `newsfeed demo --no-serve --port \(port)`"))
        #expect(!warning.contains("config and run"), "a demo folder has no config to set")
    }

    @Test func withoutAConfigTheBuiltFeedsLinksAreCompared() async throws {
        let folder = TemporaryFolder("newsfeed-site-mismatch")
        try folder.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>t</title><link>http://127.0.0.1:8080/</link>\
            <description>d</description></channel></rss>
            """, to: "Feeds/us/health.rss")
        let serve = RunningCommand(["serve", "--port", "0", "--quiet"], workingDirectory: folder.url)
        _ = try await serve.servingURL()
        let warning = try await serve.line(containing: "the feeds say", onStandardError: true)
        #expect(warning.contains("http://127.0.0.1:8080/"))
        #expect(await serve.stop() == 0)
    }
}
