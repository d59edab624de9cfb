import Foundation
import NewsModel
import TestSupport
import Testing

/// The command-line contract: exit codes, help on stdout, `init` and `convert`, run in-process.
@Suite struct CommandLineTests {
    @Test func buildWithoutAKeyIsAConfigurationError() async throws {
        try await BuildWorkspace.with { workspace in
            let run = await workspace.run(["build"], environment: ["NEWSAPI_KEY": nil])

            #expect(run.status == 78)
            #expect(run.errorLines.count == 1)
            #expect(run.standardError.contains("NEWSAPI_KEY is not set"))
            #expect(run.standardOutput.isEmpty)
            #expect(workspace.stub.requests.isEmpty)
        }
    }

    @Test(arguments: ["file:///tmp/newsapi", "newsapi.org", "http://"])
    func anUnusableBaseURLIsAConfigurationError(baseURL: String) async throws {
        try await BuildWorkspace.with { workspace in
            let run = await workspace.run(["build"], environment: ["NEWSAPI_BASE_URL": baseURL])

            #expect(run.status == 78)
            #expect(
                run.standardError == "newsfeed build: NEWSAPI_BASE_URL \"\(baseURL)\" is not an absolute http(s) URL\n")
            #expect(workspace.stub.requests.isEmpty)
        }
    }

    @Test(arguments: [
        (#"{"feeds": [{"country": "us", "categroy": "health"}]}"#, "feeds[0].categroy"),
        (#"{"feeds": [{"country": "xx", "category": "health"}]}"#, "feeds[0].country"),
        (#"{"feeds": [{"country": "us", "category": "health"}], "maxItems": "many"}"#, "maxItems"),
        (#"{"site": "https://feeds.example.com/"}"#, "feeds"),
        (#"{"feeds": [{"country": "us", "category": "health"}"#, "not valid JSON"),
    ])
    func anInvalidConfigIsAConfigurationErrorNamingTheKey(config: String, named: String) async throws {
        try await BuildWorkspace.with(config: config) { workspace in
            let run = await workspace.build()

            #expect(run.status == 78)
            #expect(run.errorLines.count == 1)
            #expect(run.standardError.hasPrefix("newsfeed.json: "))
            #expect(run.standardError.contains(named), "\(run.standardError)")
            #expect(workspace.stub.requests.isEmpty)
        }
    }

    @Test func aMissingConfigIsAConfigurationError() async {
        let folder = TemporaryFolder()
        let run = await CommandRun.run(
            ["build"], environment: ["NEWSAPI_KEY": BuildWorkspace.apiKey], workingDirectory: folder.url)

        #expect(run.status == 78)
        #expect(run.standardError.contains("newsfeed.json: cannot read the config: no such file"))
    }

    @Test(arguments: [
        ["build", "--bogus"], ["build", "extra"], ["build", "--only"], ["convert", "-", "--category", "health"],
        ["init", "--force"], ["frobnicate"], ["help", "frobnicate"],
    ])
    func aWrongCommandLineIsAUsageError(arguments: [String]) async {
        let folder = TemporaryFolder()
        let run = await CommandRun.run(arguments, workingDirectory: folder.url)

        #expect(run.status == 64)
        #expect(run.errorLines.count == 1)
        #expect(run.standardError.hasPrefix("newsfeed"))
        #expect(run.standardOutput.isEmpty)
        #expect(folder.allFiles() == [])
    }

    @Test(arguments: [
        ([], "Usage: newsfeed <command>"), (["--help"], "Usage: newsfeed <command>"),
        (["-h"], "Usage: newsfeed <command>"), (["help"], "Usage: newsfeed <command>"),
        (["help", "build"], "Usage: newsfeed build"), (["build", "--help"], "Usage: newsfeed build"),
        (["help", "convert"], "Usage: newsfeed convert"), (["convert", "-h"], "Usage: newsfeed convert"),
        (["help", "init"], "Usage: newsfeed init"), (["init", "--help"], "Usage: newsfeed init"),
        (["help", "demo"], "Usage: newsfeed demo"), (["help", "bookmark"], "Usage: newsfeed bookmark add URL"),
        (["bookmark", "--help"], "Usage: newsfeed bookmark add URL"),
        (["bookmark", "list", "--help"], "Usage: newsfeed bookmark add URL"),
        (["help", "help"], "Usage: newsfeed help [COMMAND]"), (["help", "--help"], "Usage: newsfeed help [COMMAND]"),
        (["help", "-h"], "Usage: newsfeed help [COMMAND]"),
    ])
    func helpGoesToStandardOutput(arguments: [String], expected: String) async {
        let folder = TemporaryFolder()
        let run = await CommandRun.run(arguments, workingDirectory: folder.url)

        #expect(run.status == 0)
        #expect(run.standardOutput.contains(expected), "\(run.standardOutput)")
        #expect(run.standardError.isEmpty)
        #expect(folder.allFiles() == [], "help writes nothing")
    }

    /// `--version`, `--help` and `help [COMMAND]` take nothing more: the extra word is named, exit 64.
    @Test(arguments: [
        (["--version", "--bogus"], "option --bogus"), (["--version", "extra"], "argument \"extra\""),
        (["--help", "build"], "argument \"build\""), (["-h", "-x"], "option -x"),
        (["help", "convert", "extra"], "argument \"extra\""), (["help", "help", "--all"], "option --all"),
    ])
    func extraArgumentsAreAUsageError(arguments: [String], named: String) async {
        let folder = TemporaryFolder()
        let run = await CommandRun.run(arguments, workingDirectory: folder.url)

        #expect(run.status == 64)
        #expect(run.errorLines.count == 1)
        #expect(run.standardError.contains("unexpected \(named)"), "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }

    @Test func versionNamesTheRelease() async {
        let folder = TemporaryFolder()
        let run = await CommandRun.run(["--version"], workingDirectory: folder.url)

        #expect(run.status == 0)
        #expect(run.outputLines.count == 1)
        #expect(run.standardOutput.hasPrefix("newsfeed \(NewsFeedVersion.current)"))
        #expect(run.standardError.isEmpty)
        // The traits built in, so a user can tell whether the image cache is there.
        #if ImageCache
            #expect(run.standardOutput.contains("libvips 8."), "\(run.standardOutput)")
            #expect(run.standardOutput.contains("; traits: ImageCache)"), "\(run.standardOutput)")
        #else
            #expect(!run.standardOutput.contains("libvips"), "\(run.standardOutput)")
            #expect(run.standardOutput.contains("; traits: none)"), "\(run.standardOutput)")
        #endif
    }

    @Test func initWritesAConfigThatBuilds() async throws {
        let apple = DuckDuckGoStub.json(try DuckDuckGoFixtures.data("grouped-topics-disambiguation.json"))
        let answers: [String: NewsAPIStub.Answer] = [
            "us/health": .articles([.story("a")]), "search:climate change": .articles([.story("b")]),
        ]
        try await DuckDuckGoStub.with(["apple": apple]) { ddg in
            try await BuildWorkspace.with(answers: answers) { workspace in
                try FileManager.default.createDirectory(
                    at: workspace.folder.url.appending(path: "starter"), withIntermediateDirectories: true)
                let run = await workspace.run(["init", "--config", "starter/newsfeed.json"])

                #expect(run.status == 0)
                #expect(run.standardOutput.contains("starter/newsfeed.json"))
                let config = try ConfigLoader.load(
                    path: "starter/newsfeed.json", workingDirectory: workspace.folder.url)
                #expect(config.feeds.map(\.id) == ["us/health", "search/climate-change", "ddg/apple"])
                #expect(config.output == workspace.folder.url.appending(path: "starter/Feeds").standardizedFileURL)

                let starterOutput = workspace.folder.url.appending(path: "starter/Feeds")
                let build = await workspace.run(
                    ["build", "--config", "starter/newsfeed.json"], environment: ["DDG_BASE_URL": ddg.baseURLString],
                    output: starterOutput)
                #expect(build.status == 0, "\(build.standardError)")
                for path in ["us/health.rss", "search/climate-change.rss", "ddg/apple.rss"] {
                    #expect(FileManager.default.fileExists(atPath: starterOutput.appending(path: path).path))
                }
            }
        }
    }

    @Test func initRefusesToOverwrite() async throws {
        let folder = TemporaryFolder()
        let existing = try folder.write(#"{"feeds": []}"#, to: "newsfeed.json")

        let run = await CommandRun.run(["init"], workingDirectory: folder.url)

        #expect(run.status == 1)
        #expect(run.errorLines.count == 1)
        #expect(run.standardError.contains("newsfeed.json: already exists"))
        #expect(try String(contentsOf: existing, encoding: .utf8) == #"{"feeds": []}"#)
        #expect(folder.allFiles() == ["newsfeed.json"])
    }
}
