import NewsModel

/// Every command, each with its one option table: the dispatcher, the parsers, `newsfeed help`,
/// the usage lines and the man page all read this list. Adding a command is one entry here (and its
/// `run`); adding a flag is one option in its entry.
package enum CommandTable {
    /// The commands in the order the overview and the man page list them.
    package static let all: [CommandSpec] = commands + [help]

    /// Every command but `help` (whose text lists them).
    static let commands: [CommandSpec] = [
        demo, build, status, serve, watch, convert, extract, bookmark, importCommand, discover, websub, initCommand,
    ]

    /// The command named `name` (`help`, `build`, …).
    package static func spec(named name: String) -> CommandSpec? { all.first { $0.name == name } }

    static let config = ArgumentParser.Option.value(
        "--config", "PATH", help: "the config file (default ./newsfeed.json)")
    static let host = ArgumentParser.Option.value(
        "--host", "HOST",
        help: "address to listen on: an IP, or a name of this machine such as localhost (default 127.0.0.1)")
    static func port(_ zero: String) -> ArgumentParser.Option {
        .value("--port", "PORT", rule: .wholeNumber(0...65_535, meaning: "a port number (0-65535)"), help: zero)
    }

    static let newsAPIEnvironment: [CommandSpec.Variable] = [
        .init(name: "NEWSAPI_KEY", help: "your NewsAPI.org key (required when a feed asks NewsAPI)"),
        .init(name: "NEWSAPI_BASE_URL", help: "a NewsAPI-compatible endpoint (default https://newsapi.org)"),
        .init(
            name: "DDG_BASE_URL", help: "the DuckDuckGo Instant Answer endpoint (default https://api.duckduckgo.com)"),
    ]

    static let demo = CommandSpec(
        name: "demo", summary: "build feeds from built-in sample data and serve them (no key, no network)",
        parser: ArgumentParser(
            command: "demo",
            options: [
                .value("--output", "DIR", help: "where to write the sample feeds (default Feeds-demo)"), host,
                port("port to listen on (default 8080; 0 picks a free one, not with --no-serve)"),
                .flag("--no-serve", help: "only build the sample feeds for http://HOST:PORT/, then exit"),
            ]),
        about: """
            Builds feeds from built-in sample data (clearly marked as samples; no key, no network)
            into DIR (default Feeds-demo) and serves them until stopped with Ctrl-C.
            """,
        run: DemoCommand.run)

    static let build = CommandSpec(
        name: "build",
        summary: "fetch the feeds that are due within the NewsAPI quota and write Feeds/<country>/<category>.rss",
        parser: ArgumentParser(
            command: "build",
            options: [
                config,
                .value(
                    "--only", "FEED", repeatable: true,
                    help: "build this configured feed now (us/health, search/climate-change,\n"
                        + "ddg/apple; due or not, may use the quota's reserve); repeatable"),
                .flag("--force", help: "fetch every selected feed whether due or not, within the quota"),
                .flag("--quiet", help: "print problems only (for cron)"),
            ]),
        about: """
            Fetches the configured feeds that are due (NewsAPI top headlines and searches,
            DuckDuckGo answers), stalest first, as far as the NewsAPI quota allows, and writes
            <output>/<country>/<category>.rss, search/<slug>.rss and ddg/<slug>.rss, plus
            index.html and feeds.opml; every other feed gets one line saying when it is next
            due or when the quota has room again. Run it as often as you like (cron:
            */10 * * * * newsfeed build --quiet): it never exceeds the config's "quota".
            The NewsAPI key is read from NEWSAPI_KEY (never from the config).
            """,
        details: """
            Exit status 1 when a fetched feed failed, a feed named by --only could not be
            fetched, or the quota or a pause kept a feed unbuilt for over twice its interval.
            """,
        environment: newsAPIEnvironment,
        run: BuildCommand.run)

    static let status = CommandSpec(
        name: "status", summary: "show every feed's freshness, failures and the quota (--check for monitoring)",
        parser: ArgumentParser(
            command: "status",
            options: [
                config,
                .flag(
                    "--json",
                    help: #"one JSON document {"feeds": [...], "quota": {...},"#
                        + "\n"
                        + #""problems": [...]}, with "fullText": {...} when full text is"#
                        + "\n"
                        + #"on (and per feed) and "images": {...} when the image cache is on"#),
                .flag(
                    "--check",
                    help: "for monitoring: print only problems and exit 1 when a feed is\n"
                        + "stale (no success for over twice its interval), failing (its\n"
                        + "last two attempts failed) or NewsAPI is paused on a bad key"),
            ],
            exclusive: [("--json", "--check")]),
        about: """
            Shows every configured feed (last success, last error, next due, items, items
            new in the last build, dead images) and the NewsAPI quota (requests used in the
            last 24 h and 12 h, what scheduled builds may still spend, the reserve, any pause).
            With full text on ("fullText" in the config), a line per such feed says how many
            of its items carry their whole article, and one line counts the pages fetched,
            extracted and failed (by cause). With the image cache on, one line counts the
            pictures cached, the space they take against images.maxTotal, and those not
            cached, by cause. Last, one line per problem /status lists (problem: ...).
            Reads only the state and the output folder: no key, no network.
            """,
        run: StatusCommand.run)

    static let serve = CommandSpec(
        name: "serve", summary: "serve the feeds folder over HTTP",
        parser: ArgumentParser(
            command: "serve",
            options: [
                .value("--dir", "DIR", help: "folder to serve (default: the config's output, else Feeds)"), host,
                port("port to listen on (default 8080; 0 picks a free one, printed when serving)"),
                .value(
                    "--config", "PATH",
                    help: "the config file (default ./newsfeed.json when present and its output is\n"
                        + "the served folder)"),
                .flag(
                    "--refresh",
                    help: "also rebuild feeds in the background as `build` would: when due,\n"
                        + "within the quota (needs a config; --dir, if given, must be its output)"),
                .flag("--quiet", help: "no access log"),
            ]),
        about: """
            Serves the feeds folder read-only over HTTP/1.1 with ETags, gzip and an index.
            SIGHUP (systemctl reload newsfeed) reloads the config; a changed config file is
            also noticed at the next refresh. A config that no longer loads keeps the running one.
            """,
        environment: newsAPIEnvironment,
        run: ServeCommand.run)

    static let watch = CommandSpec(
        name: "watch", summary: "check enclosure images and keep dead ones out of the feeds",
        parser: ArgumentParser(
            command: "watch",
            options: [
                config,
                .value("--interval", "D", help: "repeat rounds every D (e.g. 30s, 15m, 1h) until stopped"),
                .flag("--once", help: "one round (the default)"),
                .value(
                    "--concurrency", "N", rule: .wholeNumber(1...1024, meaning: "a whole number from 1 to 1024"),
                    help: "checks in flight at once (default 32, or the config's watch.concurrency)"),
                .flag("--json", help: "one JSON document per round (a refused round too)"),
                .flag("--quiet", help: "print only what changed since the last round"),
                .flag("--allow-private", help: "also contact private and loopback addresses"),
            ],
            exclusive: [("--once", "--interval")]),
        about: """
            Checks every enclosure image of the configured feeds and keeps dead ones out of them.
            Without --interval it runs one round and exits (for cron).
            """,
        run: WatchCommand.run)

    static let convert = CommandSpec(
        name: "convert", summary: "convert one saved NewsAPI or DuckDuckGo answer, or a feed file, to a feed on stdout",
        parser: ArgumentParser(
            command: "convert",
            options: [
                .value("--country", "CC", help: "the response's country code, e.g. us"),
                .value(
                    "--category", "CATEGORY",
                    help: "the response's category, e.g. health; without it, the country's\n"
                        + "top headlines of every category (the feed <cc>/all, as in the config)"),
                .value("--search", "QUERY", help: "the answer is NewsAPI's `everything` for QUERY"),
                .value("--ddg", "QUERY", help: "the answer is DuckDuckGo's Instant Answer for QUERY"),
                .value(
                    "--source", "KIND", rule: .oneOf(["feed"]),
                    help: "feed: the file is a publisher's RSS, Atom or JSON feed"),
                .value("--site", "URL", help: "where the feed will be served (default http://127.0.0.1:8080/)"),
                .value(
                    "--format", "FORMAT", rule: .oneOf(FeedFormat.allCases.map(\.rawValue)),
                    help: "rss (RSS 2.0, the default), atom (Atom 1.0), json (JSON Feed 1.1)\n"
                        + "or html (the feed's readable page)"),
            ],
            positionals: 1...1,
            positional: ("FILE|-", "the saved answer to convert, or - for standard input")),
        forms: [
            .init(
                command: "convert", arguments: "FILE|-", required: ["--country"],
                optional: ["--category", "--site", "--format"]),
            .init(command: "convert", arguments: "FILE|-", required: ["--search"], optional: ["--site", "--format"]),
            .init(command: "convert", arguments: "FILE|-", required: ["--ddg"], optional: ["--site", "--format"]),
            .init(command: "convert", arguments: "FILE|-", required: ["--source"], optional: ["--site", "--format"]),
        ],
        about: """
            Converts one saved answer (a file, or - for stdin) to a feed on stdout: a NewsAPI
            top-headlines answer, a NewsAPI `everything` answer (--search) or a DuckDuckGo
            Instant Answer (--ddg), or a publisher's RSS, Atom or JSON feed (--source feed:
            `--format json` turns RSS into JSON Feed). No network and no state: the pure
            bridge for people who fetch themselves.
            """,
        run: ConvertCommand.run)

    static let extract = CommandSpec(
        name: "extract", summary: "print the article of saved publisher pages as text, HTML or JSON",
        parser: ArgumentParser(
            command: "extract",
            options: [
                .value(
                    "--url", "URL",
                    help: "the address a single saved page came from (relative links and\n"
                        + "images are made absolute against it; without it they are left out)"),
                .value(
                    "--format", "FORMAT", rule: .oneOf(["text", "html", "json"]),
                    help: "text (default: paragraphs separated by blank lines; with several\n"
                        + "pages each text headed by a line of hyphens and the page's name),\n"
                        + "html (the sanitized article) or json (one object per page per\n"
                        + "line: page, url, title, byline, published, language, image, text,\n"
                        + "html, words; page and error for a page without an article)"),
                .flag("--allow-private", help: "also fetch http(s) pages from private and loopback addresses"),
                .value(
                    "--site-config", "DIR",
                    help: "a folder of site rules in the ftr-site-config format: a page\n"
                        + "whose host has a rule file is extracted with it first (a saved\n"
                        + "page's host is that of --url)"),
                .flag(
                    "--explain",
                    help: "print on stderr, per page, which site rule file or which\n"
                        + "automatic path produced the article"),
            ],
            positionals: 1...Int.max,
            positional: ("PAGE...", "a saved HTML file, - for standard input, or an http(s) address")),
        forms: [
            .init(
                command: "extract", arguments: "PAGE...",
                optional: ["--url", "--format", "--allow-private", "--site-config", "--explain"])
        ],
        about: """
            Prints the article of each page: a saved HTML file, - (stdin) or an http(s)
            address, fetched with build's guards (public addresses only, at most 5 redirects,
            robots.txt, 8 MiB, 20 s). The charset is
            found from the byte-order mark or <meta>, the article from the markup (navigation,
            comments, share bars and other boilerplate left out), the title, byline, date,
            language and lead image from the metadata. Every page is read in this one
            process, as many at once as the machine has cores, and printed in the order
            given; pages over 8 MiB are refused as too large.
            """,
        details: """
            Exit status 1 when any page gave no article (one line on stderr for each, naming
            the page and the cause).
            """,
        run: ExtractCommand.run)

    static let bookmark = CommandSpec(
        name: "bookmark", summary: "add, list or remove favourite articles (the bookmarks feed)",
        parser: ArgumentParser(command: "bookmark", options: []),
        about: """
            Keeps favourite articles in <output>/.newsfeed/bookmarks.json and, on every change,
            rewrites <output>/bookmarks.rss, .atom, .json and .html (every configured format),
            the index and the OPML (no network). A URL that is an item of a built feed takes
            its title, source, description and image from there; any other URL needs --title.
            `list` shows the newest first, numbered, and changes nothing; `remove` takes a URL
            or such a number.
            """,
        actions: [
            CommandSpec(
                name: "bookmark add", summary: "bookmark an article", arguments: "URL",
                parser: ArgumentParser(
                    command: "bookmark add",
                    options: [
                        .value("--title", "T", help: "the bookmark's title (required for a URL in no built feed)"),
                        .value("--note", "TEXT", help: "a note, shown after the story's description"), config,
                    ],
                    positionals: 1...1, positional: ("URL", "the address of the article to bookmark")),
                about: ""),
            CommandSpec(
                name: "bookmark list", summary: "the bookmarks, newest first, numbered",
                parser: ArgumentParser(
                    command: "bookmark list", options: [.flag("--json", help: "list as one JSON array"), config]),
                about: ""),
            CommandSpec(
                name: "bookmark remove", summary: "remove one, by URL or by its number in `list`",
                arguments: "URL|NUMBER",
                parser: ArgumentParser(
                    command: "bookmark remove", options: [config], positionals: 1...1,
                    positional: ("URL|NUMBER", "a bookmark's address, or its number in `newsfeed bookmark list`")),
                about: ""),
        ],
        run: BookmarkCommand.run)

    static let websub = CommandSpec(
        name: "websub", summary: "list or remove the subscriptions of serve's WebSub hub",
        parser: ArgumentParser(command: "websub", options: []),
        about: """
            Reads <output>/.newsfeed/websub.json, where `serve` (with "websub": {"hub": true})
            keeps the subscriptions it verified. `list` prints one line per subscription: the
            callback's host, the topic (the feed's URL), the lease's end in UTC and the callback
            without its query (which may carry a subscriber's token), never the secret. `remove`
            ends every subscription of one callback URL (given whole, or without its query); a
            running `serve` stops delivering to it at its next round (within seconds), without a
            reload.
            """,
        details: """
            Exit status 1 when remove finds no subscription of CALLBACK, 78 when the config is
            invalid.
            """,
        actions: [
            CommandSpec(
                name: "websub list", summary: "one line per subscription",
                parser: ArgumentParser(command: "websub list", options: [config]), about: ""),
            CommandSpec(
                name: "websub remove", summary: "end every subscription of a callback URL", arguments: "CALLBACK",
                parser: ArgumentParser(
                    command: "websub remove", options: [config], positionals: 1...1,
                    positional: ("CALLBACK", "a callback URL, as `websub list` shows it (its query may be left out)")),
                about: ""),
        ],
        run: WebSubCommand.run)

    static let importCommand = CommandSpec(
        name: "import", summary: "add the feeds of an OPML export (a feed reader's subscriptions) to the config",
        arguments: "FILE|-",
        parser: ArgumentParser(
            command: "import",
            options: [
                config,
                .flag("--dry-run", help: "print the entries that would be added; change nothing"),
            ],
            positionals: 1...1,
            positional: ("FILE|-", "the OPML file, or - for standard input")),
        about: """
            Appends one {"feed": URL, "title": TITLE} entry to the config's "feeds" per outline
            of the OPML file that has an xmlUrl (folders flattened, in the file's order), skipping
            feeds the config already has (the same URL, whatever the case of its host, a trailing
            slash or a fragment). The config is rewritten atomically with nothing else in it
            changed, and only when it still loads with the new entries. Says how many feeds it
            added and skipped. Exports of Miniflux, FreshRSS, NetNewsWire, Feedly and the like work.
            """,
        details: """
            Exit status 1 when the OPML file cannot be read or is no OPML, 78 when the config
            is invalid.
            """,
        run: ImportCommand.run)

    static let discover = CommandSpec(
        name: "discover", summary: "list the feeds a web page advertises, each checked to be one",
        arguments: "URL",
        parser: ArgumentParser(
            command: "discover",
            options: [
                .flag("--allow-private", help: "allow a page or feed on a private or loopback address")
            ],
            positionals: 1...1,
            positional: ("URL", "the page (or feed) to look at, an http(s) address")),
        about: """
            Fetches URL and prints the feeds it advertises (<link rel="alternate"> of the RSS,
            Atom and JSON Feed types, in page order), then links of the same site that look like
            feeds (/feed, /rss, atom.xml, feed.json, .rss, ...; at most 10), one line each:
            the feed's address, its format, its number of items and its title. Each is fetched
            and read to check that it is a feed; an advertised one that is not is named on
            stderr. When URL is itself a feed, says so. Every fetch goes through the same guard
            as build's (public addresses only unless --allow-private, at most 5 redirects).
            """,
        details: """
            Exit status 1 when no feed is found or the page cannot be fetched, 64 when URL is no
            http(s) address.
            """,
        run: DiscoverCommand.run)

    static let initCommand = CommandSpec(
        name: "init", summary: "write a starter newsfeed.json",
        parser: ArgumentParser(
            command: "init",
            options: [
                .value(
                    "--config", "PATH",
                    help: "where to write the config (default ./newsfeed.json; the folder must exist)")
            ]),
        about: """
            Writes a starter config (default ./newsfeed.json). Refuses to overwrite an existing file
            or to create a folder for it. Set its "site" to the public URL the feeds are served at.
            """,
        run: InitCommand.run)

    static let help = CommandSpec(
        name: "help", summary: "show help for a command", arguments: "[COMMAND]",
        parser: ArgumentParser(command: "help", options: [], positionals: 0...1),
        about: """
            Shows COMMAND's usage and options, or without one the overview (the same as --help).
            COMMAND is one of: \((commands.map(\.name) + ["help"]).sorted().joined(separator: ", ")).
            """)
}
