import FeedBuild
import FeedFormats
import FeedServe
import Foundation
import NewsFeedCLI
import NewsModel
import TestSupport
import Testing

/// Issue 12's messages: every stderr line starts with `newsfeed <command>:`, a feed id or the
/// config path; one wording and exit 78 for an unusable output folder; strict config JSON.
@Suite struct MessageTests {
    static let oneFeed = #"{"feeds": [{"country": "us", "category": "health"}]}"#

    /// A config the test's user cannot read: chmod 000 works for others, root needs a
    /// file the kernel refuses even to root (`/proc/sys/vm/compact_memory` is write-only).
    static func unreadableConfig(in folder: TemporaryFolder) throws -> String {
        if geteuid() == 0 { return "/proc/sys/vm/compact_memory" }
        let file = try folder.write(oneFeed, to: "locked.json")
        chmod(file.path, 0)
        return file.path
    }

    /// An output folder that exists but cannot be written: `/sys` refuses even root (EPERM);
    /// for others a folder of mode 0555.
    static func unwritableOutput(in folder: TemporaryFolder) throws -> String {
        if geteuid() == 0 { return "/sys" }
        let output = folder.url.appending(path: "Feeds")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        chmod(output.path, 0o555)
        return output.path
    }

    @Test(arguments: ["--bogus", "-x", "--verbose=1"])
    func anUnknownTopLevelOptionIsCalledAnOption(option: String) async {
        let run = await CommandRun.run([option], workingDirectory: TemporaryFolder().url)
        #expect(run.status == 64)
        #expect(run.errorLines == ["newsfeed: unknown option \(option) (see `newsfeed --help`)"])
    }

    @Test func anUnknownCommandIsStillACommand() async {
        let run = await CommandRun.run(["frobnicate"], workingDirectory: TemporaryFolder().url)
        #expect(run.errorLines == ["newsfeed: unknown command \"frobnicate\" (see `newsfeed --help`)"])
    }

    @Test func aMissingKeyNamesTheCommandAndTheKeyFile() async throws {
        try await BuildWorkspace.with { workspace in
            let run = await workspace.run(["build"], environment: ["NEWSAPI_KEY": nil])
            #expect(run.status == 78)
            #expect(run.errorLines.count == 1)
            #expect(run.standardError.hasPrefix("newsfeed build: NEWSAPI_KEY is not set"))
            #expect(run.standardError.contains("/etc/newsfeed/key.env"))
        }
    }

    @Test(arguments: [
        ("Your API key is invalid. Go to https://newsapi.org to create a free API key.", "free API key; kept"),
        ("Try again shortly..", "shortly; kept"), ("Rate limited; ", "Rate limited; kept"),
        ("Wait for it...", "Wait for it; kept"), ("no full stop", "no full stop; kept"),
    ])
    func aReasonEndingInPunctuationIsNotPunctuatedTwice(reason: String, expected: String) {
        let spec = FeedSpec(country: "us", category: "health")
        let failure = FeedFailure(cause: .upstream(.newsAPI), detail: reason)
        let outcome = FeedOutcome(spec: spec, result: .failed(failure, previous: .kept))
        #expect(outcome.line.hasSuffix(expected + " the previous feed"), "\(outcome.line)")
        #expect(!outcome.line.contains(".;"))
    }

    @Test func anUnreadableConfigSaysPermissionDeniedAndDoesNotSuggestInit() async throws {
        let folder = TemporaryFolder()
        let path = try Self.unreadableConfig(in: folder)
        for command in [["build"], ["watch"], ["serve", "--port", "0"]] {
            let run = await CommandRun.run(
                command + ["--config", path], environment: ["NEWSAPI_KEY": "k"], workingDirectory: folder.url)
            #expect(run.status == 78)
            #expect(run.errorLines == ["\(path): cannot read the config: permission denied"], "\(command)")
        }
    }

    @Test func aMissingConfigStillSuggestsInit() async {
        let run = await CommandRun.run(["build"], workingDirectory: TemporaryFolder().url)
        #expect(
            run.errorLines == ["newsfeed.json: cannot read the config: no such file (create one with `newsfeed init`)"])
    }

    @Test func anUnwritableOutputFolderIsOneWordingAndExit78InBuildAndWatch() async throws {
        let folder = TemporaryFolder()
        let output = try Self.unwritableOutput(in: folder)
        try folder.write(
            #"{"output": "\#(output)", "feeds": [{"country": "us", "category": "health"}]}"#, to: "newsfeed.json")
        for command in ["build", "watch"] {
            let run = await CommandRun.run(
                [command], environment: ["NEWSAPI_KEY": "k", "NEWSAPI_BASE_URL": "http://127.0.0.1:9/"],
                workingDirectory: folder.url)
            #expect(run.status == 78, "\(command)")
            #expect(
                run.errorLines == ["newsfeed \(command): cannot write the output folder \(output): permission denied"],
                "\(command)")
            #expect(!run.standardError.contains("operation could not be completed"))
        }
    }

    @Test(arguments: [
        ("{\"feeds\": [\n  {\"country\": \"us\", \"category\": \"health\"},\n]}", "line 2, column 42: trailing comma"),
        ("{\"feeds\": [{\"country\": \"us\", \"category\": \"health\",}]}", "line 1, column 50: trailing comma"),
        (
            "{\"feeds\": [{\"country\": \"us\", \"category\": \"health\"}],\n\"ttl\": 60,\n}",
            "line 2, column 10: trailing comma"
        ),
        (
            "{\"feeds\": [{\"country\": \"us\", \"category\": \"health\"}] // mine\n}",
            "line 1, column 53: comments are not allowed in JSON"
        ),
        ("// my feeds\n{\"feeds\": []}", "line 1, column 1: comments are not allowed in JSON"),
        ("{\"feeds\": [\n  /* later */\n]}", "line 2, column 3: comments are not allowed in JSON"),
        ("{'feeds': []}", "line 1, column 2: expected"),
        (
            "{\"feeds\": [{\"country\": \"us\", \"category\": \"é\"}], \"ttl\": 060}",
            "line 1, column 56: invalid number"
        ),
        ("{\"feeds\": [{\"country\": \"us\", \"category\": \"health\"}]} {}", "line 1, column 54: '{' after the"),
        ("{\"feeds\": [{\"country\": \"us\" \"category\": \"health\"}]}", "line 1, column 29: expected"),
    ])
    func theConfigIsReadAsStrictJSONWithLineAndColumn(config: String, expected: String) async throws {
        let folder = TemporaryFolder()
        try folder.write(config, to: "newsfeed.json")
        let run = await CommandRun.run(["build"], environment: ["NEWSAPI_KEY": "k"], workingDirectory: folder.url)
        #expect(run.status == 78)
        #expect(run.errorLines.count == 1)
        #expect(run.standardError.hasPrefix("newsfeed.json: not valid JSON: syntax error at "), "\(run.standardError)")
        #expect(run.standardError.contains(expected), "\(run.standardError)")
    }

    @Test func lineAndColumnCountCharactersNotBytes() {
        let data = Data("{\n  \"é\": 1,\n  \"x\"".utf8)
        #expect(ConfigLoader.position(of: 0, in: data) == (1, 1))
        #expect(ConfigLoader.position(of: 9, in: data) == (2, 7))
    }

    /// docs/troubleshooting.md's example of a config error is what newsfeed really prints.
    @Test func readmesConfigErrorExampleIsTheRealLine() async throws {
        let folder = TemporaryFolder()
        try folder.write("{\"feeds\": [\n  {\"country\": \"us\", \"category\": \"health\"},\n]}\n", to: "newsfeed.json")
        let run = await CommandRun.run(["build"], environment: ["NEWSAPI_KEY": "k"], workingDirectory: folder.url)
        let line = try #require(run.errorLines.first)
        #expect(line == "newsfeed.json: not valid JSON: syntax error at line 2, column 42: trailing comma")
        let doc = try String(contentsOf: RepositoryPaths.doc("troubleshooting.md"), encoding: .utf8)
        #expect(doc.contains("(`\(line)`)"))
    }

    @Test(arguments: [("", "set but empty"), ("  ", "set but empty")])
    func anEmptyKeyIsSaidToBeEmptyNotUnset(key: String, expected: String) async throws {
        try await BuildWorkspace.with { workspace in
            let run = await workspace.run(["build"], environment: ["NEWSAPI_KEY": key])
            #expect(run.status == 78)
            #expect(
                run.errorLines == [
                    "newsfeed build: NEWSAPI_KEY is set but empty: put your NewsAPI.org key after NEWSAPI_KEY= "
                        + "(the systemd units read it from /etc/newsfeed/key.env)"
                ])
            #expect(workspace.stub.requests.isEmpty)
        }
    }

    @Test func textThatIsNotJSONSaysSoWithItsOffset() async {
        let run = await CommandRun.run(
            ["convert", "-", "--country", "us"], workingDirectory: TemporaryFolder().url,
            standardInput: Data("not json\n".utf8))
        #expect(run.status == 1)
        #expect(
            run.errorLines == [
                "newsfeed convert: stdin: NewsAPI answer: invalid JSON at byte 0: unexpected word \"not\" "
                    + "(JSON's only bare words are true, false and null; text goes in double quotes)"
            ])
    }

    @Test(arguments: ["", " \n\t\r\n"])
    func anEmptyConfigSaysItIsEmpty(config: String) async throws {
        let folder = TemporaryFolder()
        try folder.write(config, to: "newsfeed.json")
        let run = await CommandRun.run(["build"], environment: ["NEWSAPI_KEY": "k"], workingDirectory: folder.url)
        #expect(run.status == 78)
        #expect(run.errorLines.count == 1)
        #expect(run.standardError.hasPrefix("newsfeed.json: the config is empty"), "\(run.standardError)")
    }

    @Test func serveBeforeAnyBuildSaysToBuildFirst() async throws {
        let folder = TemporaryFolder("newsfeed-serve-first")
        let missing = await RunningCommand.run(["serve", "--port", "0"], workingDirectory: folder.url)
        #expect(missing.status == 1)
        #expect(missing.errors.split(separator: "\n").count == 1)
        #expect(missing.errors.hasPrefix("newsfeed serve: "))
        #expect(missing.errors.contains("run `newsfeed build` first, or use `newsfeed serve --refresh`"))

        try FileManager.default.createDirectory(
            at: folder.url.appending(path: "Feeds"), withIntermediateDirectories: true)
        let serve = RunningCommand(["serve", "--port", "0", "--quiet"], workingDirectory: folder.url)
        let warning = try await serve.line(containing: "holds no feeds yet", onStandardError: true)
        #expect(warning.hasPrefix("newsfeed serve: warning: "))
        #expect(warning.contains("run `newsfeed build` first"))
        #expect(await serve.stop() == 0)
    }

    @Test func hostLocalhostIsResolvedAndNamedInTheURLs() async throws {
        let folder = TemporaryFolder("newsfeed-serve-host")
        try folder.write(Self.oneFeed, to: "newsfeed.json")
        try folder.write("<rss/>", to: "Feeds/us/health.rss")
        let serve = RunningCommand(
            ["serve", "--host", "localhost", "--port", "0", "--quiet"], workingDirectory: folder.url)
        let address = try await serve.servingURL()
        #expect(address.host == "localhost")
        let port = try #require(address.port)
        let response = try await onOwnThread { try LoopbackClient(port: port).request("GET", "/healthz") }
        #expect(response.status == 200)
        #expect(await serve.stop() == 0)
    }

    @Test(arguments: ["nosuchhost.invalid", "no such host"])
    func aHostThatIsNoAddressOfThisMachineIsOneUsageLine(host: String) async {
        let folder = TemporaryFolder("newsfeed-serve-host")
        for command in ["serve", "demo"] {
            let run = await RunningCommand.run([command, "--host", host, "--port", "0"], workingDirectory: folder.url)
            #expect(run.status == 64)
            #expect(
                run.errors
                    == "newsfeed \(command): --host \(host) is neither an IP address nor a name of this machine "
                    + "(use e.g. 127.0.0.1, ::1, 0.0.0.0, :: or localhost)\n")
        }
    }

    @Test func wildcardAddressesAreShownAsTheMachinesName() throws {
        #expect(try ListenHost.resolve("0.0.0.0", machineName: "box") == ListenHost(address: "0.0.0.0", display: "box"))
        #expect(try ListenHost.resolve("::", machineName: "box") == ListenHost(address: "::", display: "box"))
        #expect(try ListenHost.resolve("[::1]", machineName: "box") == ListenHost(address: "::1", display: "[::1]"))
        #expect(
            try ListenHost.resolve("0.0.0.0", machineName: "") == ListenHost(address: "0.0.0.0", display: "0.0.0.0"))
        #expect(
            try ListenHost.resolve("localhost").address.hasPrefix("127.")
                || ListenHost.resolve("localhost").address == "::1")
    }

    @Test func initRefusesAFolderThatDoesNotExist() async {
        let folder = TemporaryFolder()
        let run = await CommandRun.run(["init", "--config", "/no/such/dir/x.json"], workingDirectory: folder.url)
        #expect(run.status == 1)
        #expect(
            run.errorLines == [
                "newsfeed init: the folder /no/such/dir does not exist; create it first or choose another --config"
            ])
        #expect(!FileManager.default.fileExists(atPath: "/no/such"))
        let relative = await CommandRun.run(["init", "--config", "typo/newsfeed.json"], workingDirectory: folder.url)
        #expect(relative.status == 1)
        #expect(folder.allFiles() == [])
    }

    @Test func initSaysWhatSiteIsForAndThatItMustBeSet() async throws {
        let folder = TemporaryFolder()
        let run = await CommandRun.run(["init"], workingDirectory: folder.url)
        #expect(run.status == 0)
        let first = try #require(run.outputLines.first)
        #expect(first.contains("set \"site\": it must be the public URL the feeds are served at"))
        #expect(first.contains("self links, images, index and OPML"))
        #expect(first.contains("http://127.0.0.1:8080/"))
    }

    @Test func pagesLinkAFaviconFromAssetsThatTheBuildWrites() async throws {
        try await BuildWorkspace.with(answers: ["us/health": .articles([.story("a")])]) { workspace in
            _ = await workspace.build(["--only", "us/health"])
            let icon = try Data(contentsOf: workspace.output.appending(path: FaviconAsset.relativePath))
            #expect(icon == FaviconAsset.data)
            let index = try String(contentsOf: workspace.output.appending(path: "index.html"), encoding: .utf8)
            #expect(index.contains(#"<link rel="icon" type="image/svg+xml" href="assets/favicon.svg">"#))
        }
        let page = FeedIndexPage.render(title: "t", listings: [], opmlURL: NewsFeedConfig.defaultSite)
        #expect(page.contains(FaviconAsset.linkElement))
    }

    @Test func everyRefreshAndWarningLineOnStderrNamesTheCommand() async throws {
        try await BuildWorkspace.with(answers: ["us/health": .error(500, code: "unexpectedError", message: "Boom.")]) {
            workspace in
            try workspace.folder.write("<rss><channel><title>cut off", to: "Feeds/us/technology.rss")
            let run = await workspace.build()
            #expect(run.errorLines.count >= 2)
            for line in run.errorLines {
                #expect(
                    line.hasPrefix("newsfeed build: ") || line.hasPrefix("us/health: ")
                        || line.hasPrefix("us/technology: "), "\(line)")
            }
        }
    }
}
