import Foundation
import NewsFeedCLI
import TestSupport
import Testing

/// The man page in the repository is the one the option tables generate, and it covers every command.
@Suite struct ManPageTests {
    static let file = RepositoryPaths.root.appending(path: "packaging/deb/newsfeed.1")

    /// Fails when `packaging/deb/newsfeed.1` differs from ``ManPage/text``; run with
    /// NEWSFEED_RECORD_GOLDEN=1 to write the generated page there (docs/development.md).
    @Test func theCommittedPageIsTheGeneratedOne() throws {
        if ProcessInfo.processInfo.environment["NEWSFEED_RECORD_GOLDEN"] == "1" {
            try Data(ManPage.text.utf8).write(to: Self.file)
        }
        let committed = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(committed == ManPage.text, "regenerate with NEWSFEED_RECORD_GOLDEN=1 swift test --filter ManPageTests")
    }

    @Test func everyCommandEveryOptionAndEveryVariableIsInIt() {
        let page = ManPage.text
        for spec in CommandTable.all {
            #expect(page.contains("\n.SS \(spec.name)\n"), "\(spec.name)")
            for option in spec.options {
                #expect(page.contains(ManPage.escape(option.name)), "\(spec.name) \(option.name)")
            }
        }
        for name in ["NEWSAPI_KEY", "NEWSAPI_BASE_URL", "DDG_BASE_URL"] { #expect(page.contains(".B \(name)\n")) }
        for format in ["RSS 2.0", "Atom 1.0", "JSON Feed 1.1"] { #expect(page.contains(format), "\(format)") }
        for command in ["status", "bookmark add", "bookmark list", "bookmark remove"] {
            #expect(page.contains(".B newsfeed \(ManPage.escape(command))\n"), "\(command) in the synopsis")
        }
    }

    /// `status --json` has `fullText` and `images` members, and `status` full text's and the image cache's lines:
    /// `help status` and the man page say so (issue 30, point 16).
    @Test func statusHelpAndTheManPageNameFullTextAndTheImageCache() throws {
        let spec = try #require(CommandTable.all.first { $0.name == "status" })
        let json = try #require(spec.options.first { $0.name == "--json" })
        for member in [#""fullText""#, #""images""#] { #expect(json.help.contains(member), "\(member)") }
        let page = ManPage.text.replacingOccurrences(of: "\n", with: " ")
        for words in ["full text", "image cache", "fullText", "images.maxTotal"] {
            #expect(page.contains(words), "\(words)")
        }
    }

    /// groff reads the page without a warning (lintian's check, run here where groff is installed).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff")))
    func groffReadsItWithoutWarnings() async throws {
        let run = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/groff"), ["-man", "-ww", "-z", Self.file.path],
            environment: ["LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.summary)")
        #expect(run.errorText == "", "\(run.errorText)")
    }

    /// The usage lines of help are the man page's synopsis, form for form.
    @Test(arguments: CommandTable.all.map(\.name))
    func helpShowsEveryFormOfTheSynopsis(command: String) throws {
        let spec = try #require(CommandTable.spec(named: command))
        let help = try #require(CommandHelp.text(for: command))
        for form in spec.forms { #expect(help.contains("newsfeed \(form.command)"), "\(form.command)") }
    }
}
