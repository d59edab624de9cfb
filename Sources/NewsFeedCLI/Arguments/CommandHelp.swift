import NewsModel

/// The help texts, generated from ``CommandTable``: `newsfeed --help` and `newsfeed help COMMAND`
/// print these to stdout.
package enum CommandHelp {
    /// What newsfeed is, the first lines of the overview and the man page's NAME.
    package static let banner = """
        NewsAPI.org headlines and searches, DuckDuckGo answers and bookmarks
        as standards-valid feeds (RSS 2.0, Atom 1.0, JSON Feed 1.1) and web pages.
        """

    package static let exitCodes =
        "Exit codes: 0 ok, 1 a feed or the input failed, 64 usage error, 78 configuration error."

    /// `newsfeed --help`: the banner, every command with its summary, the global options.
    package static var overview: String {
        let width = CommandTable.all.map(\.name.count).max() ?? 0
        let commands = CommandTable.all.map { "  " + $0.name.padding(width + 2) + $0.summary }
        return """
            newsfeed \(NewsFeedVersion.current): \(banner)

            Usage: newsfeed <command> [options]

            Commands:
            \(commands.joined(separator: "\n"))

            Options:
              --help, -h     show this help
              --version      show the version

            \(exitCodes)
            Run `newsfeed help <command>` for a command's options.
            """
    }

    /// `newsfeed help COMMAND`, or nil for a command that does not exist.
    package static func text(for command: String) -> String? {
        CommandTable.spec(named: command).map(text(for:))
    }

    /// The help of one command: usage lines, prose, options, details, environment.
    package static func text(for spec: CommandSpec) -> String {
        let usage = spec.forms.enumerated().map { index, form in
            (index == 0 ? "Usage: " : "       ") + "newsfeed " + usageLine(form, spec)
        }
        var sections = [usage.joined(separator: "\n"), spec.about]
        let labels = spec.options.map(label) + spec.environment.map(\.name)
        let column = (labels.map(\.count).max() ?? 0) + 3
        if !spec.options.isEmpty {
            sections.append(
                "Options:\n" + spec.options.map { entry(label($0), $0.help, column) }.joined(separator: "\n"))
        }
        if !spec.details.isEmpty { sections.append(spec.details) }
        if !spec.environment.isEmpty {
            sections.append(
                "Environment:\n" + spec.environment.map { entry($0.name, $0.help, column) }.joined(separator: "\n"))
        }
        return sections.joined(separator: "\n\n")
    }

    /// `build [--config PATH] [--only FEED]... [--force] [--quiet]`.
    static func usageLine(_ form: CommandSpec.Form, _ spec: CommandSpec) -> String {
        var words = [form.command]
        if !form.arguments.isEmpty { words.append(form.arguments) }
        for name in form.required {
            if let option = spec.option(name) { words.append(usage(option)) }
        }
        for name in form.optional {
            guard let option = spec.option(name) else { continue }
            words.append("[\(usage(option))]" + (option.repeatable ? "..." : ""))
        }
        return words.joined(separator: " ")
    }

    /// `--config PATH` or `--force`.
    static func usage(_ option: ArgumentParser.Option) -> String {
        option.valueName.map { "\(option.name) \($0)" } ?? option.name
    }

    private static func label(_ option: ArgumentParser.Option) -> String { usage(option) }

    /// `  label   help`, continuation lines of the help aligned under its first.
    private static func entry(_ label: String, _ help: String, _ column: Int) -> String {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        let indent = String(repeating: " ", count: column + 2)
        return "  " + label.padding(column) + lines.joined(separator: "\n" + indent)
    }
}

extension String {
    /// The text followed by spaces up to `width` characters (at least one space).
    fileprivate func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(1, width - count))
    }
}
