import NewsFeedCLI
import Testing

@Suite struct ArgumentParserTests {
    let parser = ArgumentParser(
        command: "build", options: [.value("--config"), .value("--only", repeatable: true), .flag("--quiet")],
        positionals: 0...1)

    @Test func readsValuesFlagsAndPositionals() throws {
        let parsed = try parser.parse([
            "--config", "a.json", "--only=us/health", "--only", "gb/science", "--quiet", "-",
        ])
        #expect(parsed.value("--config") == "a.json")
        #expect(parsed.allValues("--only") == ["us/health", "gb/science"])
        #expect(parsed.has("--quiet"))
        #expect(parsed.positionals == ["-"])
    }

    @Test(arguments: [
        (["--bogus"], "unknown option --bogus"),
        (["--config"], "--config needs a value"),
        (["--config", "a", "--config", "b"], "--config given twice"),
        (["--quiet=yes"], "--quiet takes no value"),
        (["a", "b"], "unexpected argument \"b\""),
    ])
    func refusesWithAClearMessage(arguments: [String], expected: String) {
        #expect(throws: UsageError.self) { try parser.parse(arguments) }
        do {
            _ = try parser.parse(arguments)
        } catch {
            #expect(error.message.contains(expected), "\(error.message)")
            #expect(error.message.hasPrefix("newsfeed build: "))
        }
    }

    /// Every command (or action) that needs an argument: the commands that take one and need it.
    static let needingAnArgument = CommandTable.all.flatMap { [$0] + $0.actions }.filter {
        $0.parser.positionals.lowerBound > 0
    }

    /// A missing argument is named as the usage line shows it, with what it is: "missing argument" alone leaves the
    /// reader to guess which.
    @Test(arguments: needingAnArgument.map(\.name))
    func aMissingArgumentIsNamedAsTheUsageShowsIt(command: String) throws {
        let spec = try #require(Self.needingAnArgument.first { $0.name == command })
        let positional = try #require(spec.parser.positional, "\(command) names no argument")
        #expect(spec.forms.allSatisfy { $0.arguments == positional.name }, "usage: \(spec.forms.map(\.arguments))")
        do {
            _ = try spec.parser.parse([])
            Issue.record("\(command) parsed without its argument")
        } catch {
            #expect(
                error.message
                    == "newsfeed \(command): missing argument \(positional.name): \(positional.meaning) "
                    + "(see `newsfeed help \(command)`)")
            #expect(!positional.meaning.isEmpty)
        }
    }

    /// The option table's rules and exclusions are checked by the parser, worded alike for every command.
    @Test(arguments: [
        (["--port", "99999"], "newsfeed serve: --port 99999 is not a port number (0-65535)"),
        (["--port=x"], "newsfeed serve: --port x is not a port number (0-65535)"),
        (["--format", "pdf"], "newsfeed serve: --format pdf is not one of rss, atom"),
        (["--json", "--check"], "newsfeed serve: --json and --check exclude each other"),
    ])
    func appliesTheTablesRulesAndExclusions(arguments: [String], expected: String) throws {
        let table = ArgumentParser(
            command: "serve",
            options: [
                .value("--port", "PORT", rule: .wholeNumber(0...65_535, meaning: "a port number (0-65535)")),
                .value("--format", "FORMAT", rule: .oneOf(["rss", "atom"])), .flag("--json"), .flag("--check"),
            ],
            exclusive: [("--json", "--check")])
        #expect(throws: UsageError(expected)) { try table.parse(arguments) }
        let parsed = try table.parse(["--port", "0", "--format", "ATOM", "--json"])
        #expect(parsed.wholeNumber("--port") == 0)
        #expect(parsed.value("--format") == "ATOM")
    }
}
