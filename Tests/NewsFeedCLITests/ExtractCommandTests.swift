import Foundation
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
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
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
        (["extract"], "newsfeed extract: missing argument (see `newsfeed help extract`)"),
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
}
