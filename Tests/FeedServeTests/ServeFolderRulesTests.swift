import Foundation
import TestSupport
import Testing

/// Which folder `serve` serves, which config describes it, and what `demo` can promise:
/// `--refresh` only with the config's own output, an unrelated `./newsfeed.json` left out,
/// no site warning without feeds, `--port 0` refused with `--no-serve`.
///
/// Nested in ``ServeCommandTests`` so its serialization covers these too: each test starts
/// servers or builds, and beside the other serve tests they would starve other suites' timing.
extension ServeCommandTests {
    @Suite struct FolderRules {
        typealias F = ServeFixtures

        static let healthConfig = #"{"output": "Feeds", "feeds": [{"country": "us", "category": "health"}]}"#

        static func errorLines(_ text: String) -> [Substring] { text.split(separator: "\n") }

        // MARK: - --refresh writes where it serves

        @Test(arguments: [
            ["serve", "--config", "cfg.json", "--dir", "served", "--refresh", "--port", "0"],
            ["serve", "--dir", "served", "--refresh", "--port", "0"],
            ["serve", "--config", "cfg.json", "--dir", "/tmp/../tmp/newsfeed-elsewhere", "--refresh", "--port", "0"],
        ])
        func refreshWithADirThatIsNotTheOutputIsAUsageError(arguments: [String]) async throws {
            let folder = TemporaryFolder("newsfeed-serve-folders")
            try folder.write(Self.healthConfig, to: "cfg.json")
            try folder.write(Self.healthConfig, to: "newsfeed.json")
            let dir = try #require(arguments.firstIndex(of: "--dir").map { arguments[$0 + 1] })
            let result = await RunningCommand.run(arguments, workingDirectory: folder.url)
            #expect(result.status == 64, "\(result.errors)")
            let lines = Self.errorLines(result.errors)
            #expect(lines.count == 1, "one line: \(result.errors)")
            let line = try #require(lines.first)
            #expect(line.hasPrefix("newsfeed serve: "))
            #expect(line.contains("--refresh") && line.contains("Feeds"), "names the config's output: \(line)")
            let shownDir = dir.hasPrefix("/") ? URL(fileURLWithPath: dir).standardizedFileURL.path : dir
            #expect(line.contains(shownDir), "names the --dir folder: \(line)")
            #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "served").path))
            #expect(!FileManager.default.fileExists(atPath: "/tmp/newsfeed-elsewhere"))
            #expect(!result.output.contains("serving "))
        }

        @Test func refreshWithTheOutputSpelledAnotherWayIsServed() async throws {
            let folder = TemporaryFolder("newsfeed-serve-folders")
            let stub = try NewsAPIStub.samples()
            try folder.write(Self.healthConfig, to: "newsfeed.json")
            let serve = RunningCommand(
                ["serve", "--refresh", "--dir", "./Feeds/", "--port", "0"], environment: stub.environment,
                workingDirectory: folder.url)
            defer { serve.stopSignal.fire() }
            let address = try await serve.servingURL()
            _ = try await serve.line(containing: "refresh: us/health")
            #expect(try await ServeCommandTests.request(address, "GET", "/us/health.rss").status == 200)
            #expect(!serve.standardError.text.contains("note:"), "\(serve.standardError.text)")
            #expect(await serve.stop() == 0)
            await stub.stop()
        }

        @Test func aMissingDirIsNeverCreated() async throws {
            let folder = TemporaryFolder("newsfeed-serve-folders")
            try folder.write(Self.healthConfig, to: "newsfeed.json")
            let result = await RunningCommand.run(
                ["serve", "--config", "newsfeed.json", "--dir", "Feeds", "--port", "0"], workingDirectory: folder.url)
            #expect(result.status == 1)
            #expect(result.errors.contains("does not exist"))
            #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "Feeds").path))
        }

        // MARK: - Which config describes the served folder

        /// `./newsfeed.json` for `public`, whose site names a port this server is not on, and a feed in `chosen`.
        static func unrelatedConfigFolder() throws -> TemporaryFolder {
            let folder = TemporaryFolder("newsfeed-serve-folders")
            try folder.write(
                #"{"output": "public", "site": "http://127.0.0.1:9/", "feeds": [{"country": "us", "category": "health"}]}"#,
                to: "newsfeed.json")
            try folder.write(F.feed(title: "Public"), to: "public/us/health.rss")
            try folder.write(F.feed(title: "Chosen"), to: "chosen/us/health.rss")
            return folder
        }

        @Test func anUnrelatedNewsfeedJsonIsNotUsedForTheDir() async throws {
            let folder = try Self.unrelatedConfigFolder()
            let serve = RunningCommand(
                ["serve", "--dir", "chosen", "--port", "0", "--quiet"], workingDirectory: folder.url)
            defer { serve.stopSignal.fire() }
            let address = try await serve.servingURL()
            for path in ["/status", "/status.json", "/metrics"] {
                let response = try await ServeCommandTests.request(address, "GET", path)
                #expect(response.status == 404, "\(path) without a config for chosen")
            }
            let feed = try await ServeCommandTests.request(address, "GET", "/us/health.rss")
            #expect(String(decoding: feed.body, as: UTF8.self).contains("<title>Chosen</title>"))
            #expect(await serve.stop() == 0)
            let lines = Self.errorLines(serve.standardError.text)
            #expect(lines.count == 1, "only the note: \(serve.standardError.text)")
            let note = try #require(lines.first)
            #expect(note.hasPrefix("newsfeed serve: note: ./newsfeed.json is for public, not chosen"), "\(note)")
            #expect(note.contains("without a config"), "\(note)")
            // The site of the unrelated config (port 9) is no reason to warn: chosen's feed links elsewhere.
            #expect(!serve.standardError.text.contains("the feeds say"))
        }

        @Test func anExplicitConfigForAnotherFolderIsUsedAndSaidSo() async throws {
            let folder = try Self.unrelatedConfigFolder()
            let serve = RunningCommand(
                ["serve", "--config", "newsfeed.json", "--dir", "chosen", "--port", "0", "--quiet"],
                workingDirectory: folder.url)
            defer { serve.stopSignal.fire() }
            let address = try await serve.servingURL()
            let status = try await ServeCommandTests.request(address, "GET", "/status.json")
            #expect(status.status == 200, "today's behaviour: the config's feeds, in the served folder")
            let note = try await serve.line(containing: "note:", onStandardError: true)
            #expect(note.hasPrefix("newsfeed serve: note: --dir chosen is not the output of newsfeed.json (public)"))
            #expect(await serve.stop() == 0)
        }

        @Test func aNewsfeedJsonForTheDirIsUsedWithoutANote() async throws {
            let folder = try Self.unrelatedConfigFolder()
            let serve = RunningCommand(
                ["serve", "--dir", "public/", "--port", "0", "--quiet"], workingDirectory: folder.url)
            defer { serve.stopSignal.fire() }
            let address = try await serve.servingURL()
            #expect(try await ServeCommandTests.request(address, "GET", "/status.json").status == 200)
            #expect(await serve.stop() == 0)
            #expect(!serve.standardError.text.contains("note:"), "\(serve.standardError.text)")
        }

        // MARK: - The site warning needs feeds

        @Test(arguments: [
            ["serve", "--port", "0"], ["serve", "--dir", "Feeds", "--port", "0", "--host", "localhost"],
        ])
        func anEmptyFolderGetsNoSiteWarning(arguments: [String]) async throws {
            let folder = TemporaryFolder("newsfeed-serve-folders")
            try folder.write(Self.healthConfig, to: "newsfeed.json")
            try FileManager.default.createDirectory(
                at: folder.url.appending(path: "Feeds"), withIntermediateDirectories: true)
            let serve = RunningCommand(arguments + ["--quiet"], workingDirectory: folder.url)
            defer { serve.stopSignal.fire() }
            _ = try await serve.servingURL()
            #expect(await serve.stop() == 0)
            let lines = Self.errorLines(serve.standardError.text)
            #expect(lines.count == 1, "\(serve.standardError.text)")
            #expect(lines.first?.contains("holds no feeds yet") == true)
            #expect(!serve.standardError.text.contains("the feeds say"))
        }

        @Test func aBuiltFeedStillGetsTheSiteWarning() async throws {
            let folder = TemporaryFolder("newsfeed-serve-folders")
            try folder.write(Self.healthConfig, to: "newsfeed.json")
            try folder.write(F.feed(title: "Health"), to: "Feeds/us/health.rss")
            let serve = RunningCommand(["serve", "--port", "0", "--quiet"], workingDirectory: folder.url)
            defer { serve.stopSignal.fire() }
            _ = try await serve.servingURL()
            #expect(await serve.stop() == 0)
            #expect(serve.standardError.text.contains("the feeds say http://127.0.0.1:8080/"))
        }

        // MARK: - The help

        @Test func serveHelpMentionsPortZero() async {
            let folder = TemporaryFolder("newsfeed-serve-folders")
            let result = await RunningCommand.run(["serve", "--help"], workingDirectory: folder.url)
            #expect(result.status == 0)
            let portLine = result.output.split(separator: "\n").first { $0.hasPrefix("  --port PORT") }
            #expect(portLine?.contains("0 picks a free one") == true, "\(result.output)")
        }

        // MARK: - demo

        @Test(arguments: [["--port", "0", "--no-serve"], ["--no-serve", "--port", "00"]])
        func demoPortZeroWithoutServingIsAUsageError(options: [String]) async {
            let folder = TemporaryFolder("newsfeed-demo-folders")
            let result = await RunningCommand.run(["demo", "--output", "out"] + options, workingDirectory: folder.url)
            #expect(result.status == 64)
            let lines = Self.errorLines(result.errors)
            #expect(lines.count == 1, "\(result.errors)")
            #expect(lines.first?.hasPrefix("newsfeed demo: --port 0") == true, "\(result.errors)")
            #expect(lines.first?.contains("no port to put in the feeds' links") == true)
            #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "out").path))
        }

        @Test(arguments: [
            (["--no-serve"], "http://127.0.0.1:8080/"), (["--no-serve", "--port", "9123"], "http://127.0.0.1:9123/"),
        ])
        func demoWithoutServingSaysWhichSiteItBuiltFor(options: [String], site: String) async throws {
            let folder = TemporaryFolder("newsfeed-demo-folders")
            let result = await RunningCommand.run(["demo", "--output", "out"] + options, workingDirectory: folder.url)
            #expect(result.status == 0, "\(result.errors)")
            let line = try #require(result.output.split(separator: "\n").first { $0.hasPrefix("Built for ") })
            #expect(line.hasPrefix("Built for \(site): "), "\(line)")
            let port = try #require(URL(string: site)?.port)
            #expect(line.hasSuffix("`newsfeed serve --dir out --port \(port)`"), "\(line)")
            let feed = try String(contentsOf: folder.url.appending(path: "out/us/technology.rss"), encoding: .utf8)
            #expect(feed.contains("\(site)us/technology.rss"), "the links name the printed site")
        }

        /// The demo writes no config (see docs/commands.md): it says so and how to go on, served or not.
        @Test(arguments: [true, false])
        func demoSaysWhatItDoesNotCover(serving: Bool) async throws {
            let folder = TemporaryFolder("newsfeed-demo-folders")
            let arguments =
                ["demo", "--output", "out", "--port", serving ? "0" : "8080"] + (serving ? [] : ["--no-serve"])
            let demo = RunningCommand(arguments, workingDirectory: folder.url)
            defer { demo.stopSignal.fire() }
            let next = try await demo.line(containing: "Next: ")
            #expect(next.contains("no config") && next.contains("`newsfeed init`"), "\(next)")
            for command in ["watch", "status", "bookmark"] { #expect(next.contains("`\(command)`"), "\(next)") }
            #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "out/newsfeed.json").path))
            #expect(await demo.stop() == 0)
        }
    }
}
