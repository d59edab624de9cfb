import Foundation
import HTTPServing
import NewsFeedCLI
import Synchronization
import TestSupport
import Testing

/// `newsfeed extract PAGE... [--url URL] [--format text|html|json]`.
@Suite struct ExtractCommandTests {
    let clock = Date(timeIntervalSince1970: 1_587_200_000)

    static let story = """
        <html lang="en"><head><title>Bridge repairs approved | The Daily</title>
        <meta property="article:published_time" content="2020-04-18T09:15:05Z"><meta name="author" content="Ann Writer">
        </head><body><nav><a href="/">Home</a></nav><article><h1>Bridge repairs approved</h1>
        <p>The council met on Tuesday, voted, and agreed that the bridge will be repaired before winter.</p>
        <p>The work starts in May, said the mayor, and <a href="/costs">costs</a> four million.</p></article></body></html>
        """

    func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("extract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            let file = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return folder
    }

    @Test func textIsTheDefaultParagraphsSeparatedByBlankLines() async throws {
        let folder = try folder(["story.html": Self.story])
        let run = await CLIRun.newsfeed(["extract", "story.html"], in: folder, clock: clock)
        #expect(run.status == 0)
        #expect(
            run.standardOutput
                == "The council met on Tuesday, voted, and agreed that the bridge will be repaired before winter.\n\n"
                + "The work starts in May, said the mayor, and costs four million.\n")
        #expect(run.standardError.isEmpty)
    }

    @Test func jsonIsOneObjectPerPageWithTheKeysInOrder() async throws {
        let folder = try folder(["story.html": Self.story, "data.json": "{\"a\": 1}"])
        let run = await CLIRun.newsfeed(
            ["extract", "--format", "json", "story.html", "data.json", "missing.html"], in: folder, clock: clock)
        #expect(run.status == 1)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        try #require(lines.count == 3)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["page"] as? String == "story.html")
        #expect(first["url"] is NSNull)
        #expect(first["title"] as? String == "Bridge repairs approved")
        #expect(first["byline"] as? String == "Ann Writer")
        #expect(first["published"] as? String == "2020-04-18T09:15:05Z")
        #expect(first["language"] as? String == "en")
        #expect(first["image"] is NSNull)
        #expect(first["words"] as? Int == 28)
        #expect((first["html"] as? String)?.hasPrefix("<p>The council met") == true)
        let keys = ["page", "url", "title", "byline", "published", "language", "image", "text", "html", "words"]
        let positions = keys.map { lines[0].range(of: "\"\($0)\":")!.lowerBound }
        #expect(positions == positions.sorted())
        #expect(lines[1] == #"{"page":"data.json","error":"not HTML (JSON)"}"#)
        #expect(lines[2] == #"{"page":"missing.html","error":"cannot read: no such file"}"#)
        #expect(
            run.errorLines == [
                "newsfeed extract: data.json: not HTML (JSON)",
                "newsfeed extract: missing.html: cannot read: no such file",
            ])
    }

    /// Linux opens a folder for reading, so the cause used to be "it is not a regular file".
    @Test func aFolderIsSaidToBeAFolder() async throws {
        let folder = try folder(["story.html": Self.story])
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("pages"), withIntermediateDirectories: true)
        let run = await CLIRun.newsfeed(["extract", "pages"], in: folder, clock: clock)
        #expect(run.status == 1)
        #expect(run.errorLines == ["newsfeed extract: pages: cannot read: it is a folder"])
    }

    @Test func urlMakesTheLinksAbsoluteInHTML() async throws {
        let folder = try folder(["story.html": Self.story])
        let run = await CLIRun.newsfeed(
            ["extract", "story.html", "--url", "https://daily.example/2020/bridge", "--format", "html"], in: folder,
            clock: clock)
        #expect(run.status == 0)
        #expect(
            run.standardOutput.contains("<a href=\"https://daily.example/costs\" rel=\"noopener noreferrer\">costs</a>")
        )
    }

    @Test(arguments: [
        (
            ["extract"],
            "newsfeed extract: missing argument PAGE...: a saved HTML file, - for standard input, or an http(s) "
                + "address (see `newsfeed help extract`)"
        ),
        (["extract", "a.html", "--format", "pdf"], "newsfeed extract: --format pdf is not one of text, html, json"),
        (["extract", "a.html", "--url", "ftp://x"], "newsfeed extract: --url ftp://x is not an http(s) address"),
        (
            ["extract", "a.html", "b.html", "--url", "https://x.example/"],
            "newsfeed extract: --url gives the address of one saved page; 2 were given"
        ),
    ])
    func usageErrorsExit64(arguments: [String], message: String) async throws {
        let run = await CLIRun.newsfeed(arguments, in: FileManager.default.temporaryDirectory, clock: clock)
        #expect(run.status == 64)
        #expect(run.errorLines == [message])
    }

    /// A publisher on loopback: `/story` is the page, `/slow` the same page after 400 ms, `/old` redirects to the
    /// story, `/gone` is a 403, the rest 404 (so robots.txt allows everything). It records every path asked for
    /// and the most `/slow` requests it was answering at once.
    final class Publisher: HTTPHandler {
        let asked = Mutex<[String]>([])
        let slowAtOnce = Mutex((now: 0, most: 0))

        func handle(_ request: HTTPRequest) async -> HTTPAction {
            asked.withLock { $0.append(request.path) }
            if request.path == "/slow" {
                slowAtOnce.withLock {
                    $0.now += 1
                    $0.most = max($0.most, $0.now)
                }
                try? await Task.sleep(for: .milliseconds(400))
                slowAtOnce.withLock { $0.now -= 1 }
            }
            switch request.path {
            case "/story", "/slow":
                var headers = HTTPHeaders()
                headers.set("Content-Type", "text/html; charset=utf-8")
                return .respond(HTTPResponse(status: 200, headers: headers, body: .data(Data(story.utf8))))
            case "/old":
                return .respond(HTTPResponse(status: 301, headers: HTTPHeaders([("Location", "/story")])))
            case "/gone":
                return .respond(.text(403, "no"))
            default:
                return .respond(.text(404, "none"))
            }
        }
    }

    /// Runs `body` with a ``Publisher`` on 127.0.0.1 and its base address.
    func withPublisher(_ body: (Publisher, String) async throws -> Void) async throws {
        let publisher = Publisher()
        let server = HTTPServer(configuration: quickStubConfiguration(), handler: publisher)
        let port = try server.start()
        do {
            try await body(publisher, "http://127.0.0.1:\(port)")
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
    }

    @Test func anAddressIsFetchedThroughTheGuardsAndItsFinalURLReported() async throws {
        try await withPublisher { _, base in
            let run = await CLIRun.newsfeed(
                ["extract", "--allow-private", "--format", "json", base + "/old"], in: try folder([:]), clock: clock)
            #expect(run.status == 0)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
            #expect(object["page"] as? String == base + "/old")
            #expect(object["url"] as? String == base + "/story")
            #expect(object["title"] as? String == "Bridge repairs approved")
            #expect((object["html"] as? String)?.contains("href=\"\(base)/costs\"") == true)
        }
    }

    @Test func aLoopbackAddressIsBlockedWithoutAllowPrivateAndAnErrorAnswerIsACause() async throws {
        try await withPublisher { publisher, base in
            let blocked = await CLIRun.newsfeed(["extract", base + "/story"], in: try folder([:]), clock: clock)
            #expect(blocked.status == 1)
            #expect(blocked.standardOutput.isEmpty)
            #expect(blocked.standardError.hasPrefix("newsfeed extract: \(base)/story: "))
            #expect(blocked.standardError.split(separator: "\n").count == 1)
            #expect(blocked.standardError.hasSuffix("; --allow-private allows it\n"))
            #expect(publisher.asked.withLock { $0 }.isEmpty)
            let refused = await CLIRun.newsfeed(
                ["extract", "--allow-private", base + "/gone"], in: try folder([:]), clock: clock)
            #expect(refused.status == 1)
            #expect(refused.standardError == "newsfeed extract: \(base)/gone: the publisher answered HTTP 403\n")
        }
    }

    @Test func pagesArePrintedInTheOrderGivenWhateverOrderTheyFinishIn() async throws {
        try await withPublisher { _, base in
            let pages = [base + "/slow", base + "/story", "missing.html", base + "/gone", base + "/slow"]
            let run = await CLIRun.newsfeed(
                ["extract", "--allow-private", "--format", "json"] + pages, in: try folder([:]), clock: clock)
            #expect(run.status == 1)
            let printed = try run.standardOutput.split(separator: "\n").map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["page"] as? String
            }
            #expect(printed == pages)
            #expect(
                run.standardError
                    == "newsfeed extract: missing.html: cannot read: no such file\n"
                    + "newsfeed extract: \(base)/gone: the publisher answered HTTP 403\n")
        }
    }

    /// A blank line also separates paragraphs: with several pages each text starts with a rule and the page's
    /// name, a blank line before the rule from the second text on, none before the first printed.
    @Test func severalTextsAreEachHeadedByARuleAndThePageName() async throws {
        let folder = try folder(["story.html": Self.story, "copy.html": Self.story])
        let run = await CLIRun.newsfeed(
            ["extract", "missing.html", "story.html", "copy.html"], in: folder, clock: clock)
        #expect(run.status == 1)
        let rule = String(repeating: "-", count: 72)
        let text =
            "The council met on Tuesday, voted, and agreed that the bridge will be repaired before winter.\n\n"
            + "The work starts in May, said the mayor, and costs four million.\n"
        #expect(run.standardOutput == "\(rule)\nstory.html\n\n\(text)\n\(rule)\ncopy.html\n\n\(text)")
        #expect(run.errorLines == ["newsfeed extract: missing.html: cannot read: no such file"])
        // One page alone is its text, as before: nothing to tell apart.
        let one = await CLIRun.newsfeed(["extract", "story.html"], in: folder, clock: clock)
        #expect(one.standardOutput == text)
    }

    /// A saved page's host comes from --url; --explain says per page which rule or automatic path gave the article.
    @Test func siteConfigRulesApplyByTheHostOfURLAndExplainSaysWhich() async throws {
        let page = """
            <html><head><title>Bridge | The Daily</title></head><body><nav><a href="/">Home</a></nav>
            <article><p>The council met on Tuesday, voted, and agreed that the bridge will be repaired.</p>
            <p class="standfirst">This line is what the rule keeps on its own.</p></article></body></html>
            """
        let folder = try folder([
            "story.html": page, "rules/example.com.txt": "body: //p[@class='standfirst']\n",
            "rules/other.org.txt": "body: //div[@id='not-there']\n",
        ])
        let ruled = await CLIRun.newsfeed(
            [
                "extract", "--site-config", "rules", "--url", "https://www.example.com/bridge", "--explain",
                "story.html",
            ],
            in: folder, clock: clock)
        #expect(ruled.status == 0)
        #expect(ruled.standardOutput == "This line is what the rule keeps on its own.\n")
        #expect(ruled.errorLines == ["newsfeed extract: story.html: site rule example.com.txt"])

        let missed = await CLIRun.newsfeed(
            ["extract", "--site-config", "rules", "--url", "https://other.org/bridge", "--explain", "story.html"],
            in: folder, clock: clock)
        #expect(missed.status == 0)
        #expect(missed.standardOutput.hasPrefix("The council met on Tuesday"))
        let line = try #require(missed.errorLines.first)
        #expect(line.hasPrefix("newsfeed extract: story.html: automatic: scored candidates"))
        #expect(line.hasSuffix("; site rule other.org.txt matched nothing"))

        // Without --site-config no rule is read, and without --explain nothing is said.
        let plain = await CLIRun.newsfeed(
            ["extract", "--url", "https://www.example.com/bridge", "story.html"], in: folder, clock: clock)
        #expect(plain.standardOutput.hasPrefix("The council met on Tuesday"))
        #expect(plain.standardError.isEmpty)

        let notAFolder = await CLIRun.newsfeed(
            ["extract", "--site-config", "story.html", "story.html"], in: folder, clock: clock)
        #expect(notAFolder.status == 64)
        #expect(notAFolder.standardError.contains("newsfeed extract: --site-config story.html is not a folder"))
    }

    /// Two hosts, so the fetcher's spacing between requests to one host (500 ms) does not keep them apart.
    @Test func pagesAreHandledOnePerCoreAtOnce() async throws {
        try await withPublisher { publisher, base in
            let other = HTTPServer(configuration: quickStubConfiguration(host: "127.0.0.2"), handler: publisher)
            let otherBase = "http://127.0.0.2:\(try other.start())"
            let pages = [base, otherBase, base, otherBase].map { $0 + "/slow" }
            let run = await CLIRun.newsfeed(
                ["extract", "--allow-private", "--format", "json"] + pages, in: try folder([:]), clock: clock)
            await other.shutdown()
            #expect(run.status == 0)
            #expect(run.standardOutput.split(separator: "\n").count == 4)
            #expect(publisher.slowAtOnce.withLock { $0.most } == min(2, ExtractCommand.pagesAtOnce))
        }
    }
}
