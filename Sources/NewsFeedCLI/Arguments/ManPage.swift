import Foundation
import NewsModel

/// `packaging/deb/newsfeed.1`, generated from ``CommandTable``: the synopsis is every command's
/// usage forms, each command's section its prose and its options' help. A snapshot test keeps the
/// file in the repository equal to this text (see docs/development.md).
package enum ManPage {
    /// The month the page names; fixed, so the snapshot does not change with the clock.
    static let date = "December 2026"

    /// The whole page, in roff (`man 7 man`).
    package static var text: String {
        var lines = [
            #".TH NEWSFEED 1 "\#(date)" "newsfeed \#(NewsFeedVersion.current)" "User Commands""#,
            ".SH NAME",
            "newsfeed \\- " + escape(CommandHelp.banner.split(separator: "\n").joined(separator: " ")),
            ".SH SYNOPSIS",
        ]
        var first = true
        for spec in CommandTable.all {
            for form in spec.forms {
                if !first { lines.append(".br") }
                first = false
                lines += synopsis(form, spec)
            }
        }
        lines += [".br", ".B newsfeed \\-\\-help", ".br", ".B newsfeed \\-\\-version"]
        lines += [".SH DESCRIPTION"] + prose(description)
        lines.append(".SH COMMANDS")
        for spec in CommandTable.all {
            lines += [".SS \(spec.name)"] + prose(spec.about)
            for option in spec.options {
                lines.append(".TP")
                if let value = option.valueName {
                    lines.append(".BI \(escape(option.name))\\  \(escape(value))")
                } else {
                    lines.append(".B \(escape(option.name))")
                }
                lines += prose(option.help)
            }
            if !spec.details.isEmpty { lines += [".PP"] + prose(spec.details) }
        }
        lines.append(".SH ENVIRONMENT")
        var seen: Set<String> = []
        for variable in CommandTable.all.flatMap(\.environment) where seen.insert(variable.name).inserted {
            lines += [".TP", ".B \(escape(variable.name))"] + prose(variable.help)
        }
        lines.append(".SH FILES")
        for (path, what) in files { lines += [".TP", ".I \(escape(path))"] + prose(what) }
        lines += [".SH EXIT STATUS"] + prose(exitStatus)
        lines += [".SH SEE ALSO", ".BR systemctl (1),", ".BR systemd.exec (5)"]
        return lines.joined(separator: "\n") + "\n"
    }

    static let description = """
        newsfeed fetches NewsAPI.org top headlines and searches and DuckDuckGo Instant Answers, and writes one feed
        per configured country and category, search or query, in RSS 2.0, Atom 1.0, JSON Feed 1.1 and as a web page,
        with history, defaults and enclosure images, plus an index page and an OPML file. It schedules its requests
        within NewsAPI's quota, serves the folder over HTTP with /status, /metrics and /healthz, keeps dead images out
        of the feeds, and keeps a feed of your bookmarks. The full documentation is in the docs/ folder of the source.
        """

    static let files: [(String, String)] = [
        (
            "/etc/newsfeed/newsfeed.json",
            "the configuration used by the systemd units; set \"site\" to the public "
                + "address the feeds are served at"
        ),
        (
            "/etc/newsfeed/key.env",
            "NEWSAPI_KEY=your-key, readable by root only (mode 0600); systemd hands it to the "
                + "services"
        ),
        ("/var/lib/newsfeed/Feeds", "the feeds, the index, the OPML file and the state (.newsfeed/)"),
        ("/lib/systemd/system/newsfeed.service", "serve --refresh as the system user newsfeed on 127.0.0.1:8080"),
        ("/lib/systemd/system/newsfeed-watch.timer", "runs watch --quiet hourly"),
    ]

    static let exitStatus = """
        0 all good; 1 a feed or the input failed; 64 usage error; 78 configuration error (unreadable or invalid
        config, unusable output folder, missing key).
        """

    /// One usage form: `.B newsfeed build` then each option, optional ones in brackets.
    static func synopsis(_ form: CommandSpec.Form, _ spec: CommandSpec) -> [String] {
        var lines = [".B newsfeed \(escape(form.command))"]
        if !form.arguments.isEmpty {
            let bare = form.arguments.trimmingBrackets
            lines.append(bare == form.arguments ? ".I \(escape(bare))" : ".RI [ \(escape(bare)) ]")
        }
        for name in form.required {
            guard let option = spec.option(name) else { continue }
            lines.append(option.valueName.map { ".BI \(escape(name))\\  \(escape($0))" } ?? ".B \(escape(name))")
        }
        for name in form.optional {
            guard let option = spec.option(name) else { continue }
            let more = option.repeatable ? " ..." : ""
            if let value = option.valueName {
                lines.append(".RB [ \(escape(name))\\ \\fI\(escape(value))\\fR ]\(more)")
            } else {
                lines.append(".RB [ \(escape(name)) ]\(more)")
            }
        }
        return lines
    }

    /// Prose as text lines: help's line breaks are kept as spaces, paragraphs become `.PP`.
    static func prose(_ text: String) -> [String] {
        let paragraphs = text.components(separatedBy: "\n\n").filter { !$0.isEmpty }
        return paragraphs.enumerated().flatMap { index, paragraph in
            (index == 0 ? [] : [".PP"]) + [escape(paragraph.split(separator: "\n").joined(separator: " "))]
        }
    }

    /// Text safe in roff: backslashes and hyphen-minus escaped, no line starting with a control character.
    package static func escape(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}

extension String {
    /// `[COMMAND]` without its brackets.
    fileprivate var trimmingBrackets: String {
        hasPrefix("[") && hasSuffix("]") ? String(dropFirst().dropLast()) : self
    }
}
