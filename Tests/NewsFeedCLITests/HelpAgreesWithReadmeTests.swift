import Foundation
import NewsFeedCLI
import TestSupport
import Testing

/// Every command's help names exactly the options docs/commands.md's command table names for it.
@Suite struct HelpAgreesWithReadmeTests {
    static let commandsDoc = RepositoryPaths.doc("commands.md")

    /// The `| `newsfeed CMD …` |` rows of docs/commands.md's command table, by command.
    static func readmeRows() throws -> [String: String] {
        let text = try String(contentsOf: commandsDoc, encoding: .utf8)
        var rows: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `newsfeed ") {
            let cell = line.dropFirst("| `".count).prefix { $0 != "`" }
            let words = cell.split(separator: " ")
            guard words.count >= 2, !words[1].hasPrefix("-") else { continue }
            // A command with several rows (bookmark add, list, remove) gets all of them.
            rows[String(words[1]), default: ""] += " " + cell
        }
        return rows
    }

    static func options(in text: some StringProtocol) -> Set<String> {
        var found: Set<String> = []
        var rest = Substring(text)
        while let range = rest.range(of: "--") {
            let name = rest[range.lowerBound...].prefix { $0 == "-" || $0.isLetter }
            if name.count > 2 { found.insert(String(name)) }
            rest = rest[range.upperBound...]
        }
        return found
    }

    static let commands: Set<String> = [
        "bookmark", "build", "convert", "demo", "extract", "init", "serve", "status", "watch", "websub",
    ]

    @Test(arguments: commands.sorted())
    func helpAndReadmeNameTheSameOptions(command: String) throws {
        let rows = try Self.readmeRows()
        let row = try #require(rows[command], "docs/commands.md's table has no row for \(command)")
        let help = try #require(CommandHelp.text(for: command))
        // The usage is every line up to the first blank one (convert has three forms).
        let usage = help.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
            .joined(separator: "\n")
        let readmeOptions = Self.options(in: row)
        #expect(readmeOptions == Self.options(in: usage), "usage line: \(usage)")
        #expect(readmeOptions.isSubset(of: Self.options(in: help.dropFirst(usage.count))), "options list")
    }

    /// `bookmark`'s help names every format the bookmarks feed is written in, as the Bookmarks section
    /// of docs/feeds-and-sources.md does, and its prose is wrapped evenly (only a paragraph's last line may be short).
    @Test func bookmarkHelpNamesEveryFormatAndWrapsEvenly() throws {
        let help = try #require(CommandHelp.text(for: "bookmark"))
        let doc = try String(contentsOf: RepositoryPaths.doc("feeds-and-sources.md"), encoding: .utf8)
        for name in ["bookmarks.rss", ".atom", ".json", ".html"] {
            #expect(help.contains(name), "\(name)")
            #expect(doc.contains("(`bookmarks.rss`, `.atom`, `.json`, `.html`)"))
        }
        let prose = help.components(separatedBy: "\n\n")[1].split(separator: "\n")
        #expect(prose.count > 1)
        for line in prose.dropLast() { #expect((72...88).contains(line.count), "\(line)") }
    }

    @Test func theTableListsEveryCommand() throws {
        #expect(Set(try Self.readmeRows().keys) == Self.commands)
        for command in Self.commands { #expect(CommandHelp.text(for: command) != nil, "\(command)") }
    }
}
