import Foundation
import TestSupport
import Testing

/// libvips (and the 60-odd libraries it brings: GLib, the codecs) is loaded only when an image is first thumbnailed,
/// and libcurl (with OpenSSL, GnuTLS, Kerberos, LDAP, …) only when the first HTTP exchange starts: a command that
/// never touches an image or the network starts without them, in a build with the `ImageCache` trait too. Seen from
/// the dynamic loader's own trace (`LD_DEBUG=files` names every library it maps, at start or by `dlopen`).
@Suite(.serialized, .timeLimit(.minutes(2))) struct LazyLibraryLoadingProcessTests {
    /// The loader's trace of `newsfeed arguments…` run in `folder`, with the outcome.
    private func traced(_ arguments: [String], in folder: TemporaryFolder) async throws -> ChildProcess.Outcome {
        let program = try #require(ChildProcess.newsfeed, "the newsfeed executable is not next to the test bundle")
        var environment = ChildProcess.loopbackEnvironment()
        environment["LD_DEBUG"] = "files"
        return try await ChildProcess.run(
            program, arguments, environment: environment, workingDirectory: folder.url, timeout: .seconds(60))
    }

    @Test func convertNeverLoadsTheImageLibrary() async throws {
        let folder = TemporaryFolder("newsfeed-lazy-vips")
        let answer = """
            {"status":"ok","totalResults":1,"articles":[{"source":{"id":null,"name":"Example"},"author":null,\
            "title":"A story","description":"What happened.","url":"https://news.example/a",\
            "urlToImage":"https://news.example/a.jpg","publishedAt":"2026-12-01T10:00:00Z","content":null}]}
            """
        try folder.write(answer, to: "answer.json")
        let outcome = try await traced(
            ["convert", "answer.json", "--country", "us", "--category", "general"], in: folder)

        #expect(outcome.status == 0, "\(outcome.summary)")
        // The trace is there (the check below would pass on an empty one): libxml2 is linked and mapped at start.
        #expect(outcome.errorText.contains("libxml2.so"), "\(outcome.summary)")
        #expect(!outcome.errorText.contains("libvips"), "\(outcome.summary)")
        #expect(!outcome.errorText.contains("libglib-2.0"), "\(outcome.summary)")
        #expect(!outcome.errorText.contains("libcurl"), "\(outcome.summary)")
        #expect(!outcome.errorText.contains("libssl"), "\(outcome.summary)")
    }

    @Test func versionAndExtractNeverLoadTheHTTPLibrary() async throws {
        let folder = TemporaryFolder("newsfeed-lazy-curl")
        try folder.write("<html><body><article><p>One paragraph of text.</p></article></body></html>", to: "a.html")
        for arguments in [["--version"], ["extract", "a.html"]] {
            let outcome = try await traced(arguments, in: folder)
            #expect(outcome.errorText.contains("libxml2.so"), "\(arguments): \(outcome.summary)")
            #expect(!outcome.errorText.contains("libcurl"), "\(arguments): \(outcome.summary)")
        }
    }

    /// The first request loads it: `discover` of a loopback page maps libcurl by `dlopen` and gets its answer.
    @Test func aRequestLoadsTheHTTPLibrary() async throws {
        var traced: ChildProcess.Outcome?
        try await withLoopbackHost(
            FeedHostStub(["/feed.xml": .init(contentType: "application/rss+xml", Self.oneItemRSS)])
        ) { base in
            traced = try await self.traced(
                ["discover", base + "/feed.xml", "--allow-private"], in: TemporaryFolder("newsfeed-lazy-curl"))
        }
        let outcome = try #require(traced)

        #expect(outcome.status == 0, "\(outcome.summary)")
        #expect(outcome.outputText.contains("Loopback"), "\(outcome.summary)")
        #expect(outcome.errorText.contains("libcurl.so.4"), "\(outcome.summary)")
    }

    private static let oneItemRSS = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Loopback</title><link>http://127.0.0.1/</link>\
        <description>d</description><item><title>A</title><link>http://127.0.0.1/a</link></item></channel></rss>
        """

    #if ImageCache
        /// `--version` names the libvips installed, so it loads it: the trace shows a `dlopen`ed libvips is seen.
        @Test func versionLoadsTheImageLibraryToNameIt() async throws {
            let outcome = try await traced(["--version"], in: TemporaryFolder("newsfeed-lazy-vips"))

            #expect(outcome.status == 0, "\(outcome.summary)")
            #expect(outcome.outputText.contains("libvips 8."), "\(outcome.summary)")
            #expect(outcome.errorText.contains("libvips.so.42"), "\(outcome.summary)")
        }
    #endif
}
