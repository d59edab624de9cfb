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
}
