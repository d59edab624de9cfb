import NewsModel

/// The help texts: `newsfeed --help` and `newsfeed help COMMAND` print these to stdout.
package enum CommandHelp {
    package static let overview = """
        newsfeed \(NewsFeedVersion.current): NewsAPI.org headlines and searches, DuckDuckGo answers and bookmarks
        as standards-valid feeds (RSS 2.0, Atom 1.0, JSON Feed 1.1) and web pages.

        Usage: newsfeed <command> [options]

        Commands:
          demo      build feeds from built-in sample data and serve them (no key, no network)
          build     fetch the feeds that are due within the NewsAPI quota and write Feeds/<country>/<category>.rss
          status    show every feed's freshness, failures and the quota (--check for monitoring)
          serve     serve the feeds folder over HTTP
          watch     check enclosure images and keep dead ones out of the feeds
          convert   convert one saved NewsAPI or DuckDuckGo answer to a feed on stdout
          extract   print the article of saved publisher pages as text, HTML or JSON
          bookmark  add, list or remove favourite articles (the bookmarks feed)
          init      write a starter newsfeed.json
          help      show help for a command

        Options:
          --help, -h     show this help
          --version      show the version

        Exit codes: 0 ok, 1 a feed or the input failed, 64 usage error, 78 configuration error.
        Run `newsfeed help <command>` for a command's options.
        """

    package static let build = """
        Usage: newsfeed build [--config PATH] [--only FEED]... [--force] [--quiet]

        Fetches the configured feeds that are due (NewsAPI top headlines and searches,
        DuckDuckGo answers), stalest first, as far as the NewsAPI quota allows, and writes
        <output>/<country>/<category>.rss, search/<slug>.rss and ddg/<slug>.rss, plus
        index.html and feeds.opml; every other feed gets one line saying when it is next
        due or when the quota has room again. Run it as often as you like (cron:
        */10 * * * * newsfeed build --quiet): it never exceeds the config's "quota".
        The NewsAPI key is read from NEWSAPI_KEY (never from the config).

        Options:
          --config PATH        the config file (default ./newsfeed.json)
          --only FEED          build this configured feed now (us/health, search/climate-change,
                               ddg/apple; due or not, may use the quota's reserve); repeatable
          --force              fetch every selected feed whether due or not, within the quota
          --quiet              print problems only (for cron)

        Exit status 1 when a fetched feed failed, a feed named by --only could not be
        fetched, or the quota or a pause kept a feed unbuilt for over twice its interval.

        Environment:
          NEWSAPI_KEY          your NewsAPI.org key (required when a feed asks NewsAPI)
          NEWSAPI_BASE_URL     a NewsAPI-compatible endpoint (default https://newsapi.org)
          DDG_BASE_URL         the DuckDuckGo Instant Answer endpoint (default https://api.duckduckgo.com)
        """

    package static let bookmark = """
        Usage: newsfeed bookmark add URL [--title T] [--note TEXT] [--config PATH]
               newsfeed bookmark list [--json] [--config PATH]
               newsfeed bookmark remove URL|NUMBER [--config PATH]

        Keeps favourite articles in <output>/.newsfeed/bookmarks.json and, on every change,
        rewrites <output>/bookmarks.rss, .atom, .json and .html (every configured format),
        the index and the OPML (no network). A URL that is an item of a built feed takes
        its title, source, description and image from there; any other URL needs --title.
        `list` shows the newest first, numbered, and changes nothing; `remove` takes a URL
        or such a number.

        Options:
          --title T       the bookmark's title (required for a URL in no built feed)
          --note TEXT     a note, shown after the story's description
          --json          list as one JSON array
          --config PATH   the config file (default ./newsfeed.json)
        """

    package static let status = """
        Usage: newsfeed status [--config PATH] [--json] [--check]

        Shows every configured feed (last success, last error, next due, items, items
        new in the last build, dead images) and the NewsAPI quota (requests used in the
        last 24 h and 12 h, what scheduled builds may still spend, the reserve, any pause).
        Reads only the state and the output folder: no key, no network.

        Options:
          --config PATH   the config file (default ./newsfeed.json)
          --json          one JSON document {"feeds": [...], "quota": {...}}
          --check         for monitoring: print only problems and exit 1 when a feed is
                          stale (no success for over twice its interval), failing (its
                          last two attempts failed) or NewsAPI is paused on a bad key
        """

    package static let convert = """
        Usage: newsfeed convert FILE|- --country CC [--category CATEGORY] [--site URL] [--format FORMAT]
               newsfeed convert FILE|- --search QUERY [--site URL] [--format FORMAT]
               newsfeed convert FILE|- --ddg QUERY [--site URL] [--format FORMAT]

        Converts one saved answer (a file, or - for stdin) to a feed on stdout: a NewsAPI
        top-headlines answer, a NewsAPI `everything` answer (--search) or a DuckDuckGo
        Instant Answer (--ddg). No network and no state: the pure bridge for people who
        fetch themselves.

        Options:
          --country CC         the response's country code, e.g. us
          --category CATEGORY  the response's category, e.g. health; without it, the country's
                               top headlines of every category (the feed <cc>/all, as in the config)
          --search QUERY       the answer is NewsAPI's `everything` for QUERY
          --ddg QUERY          the answer is DuckDuckGo's Instant Answer for QUERY
          --site URL           where the feed will be served (default http://127.0.0.1:8080/)
          --format FORMAT      rss (RSS 2.0, the default), atom (Atom 1.0), json (JSON Feed 1.1)
                               or html (the feed's readable page)
        """

    package static let demo = """
        Usage: newsfeed demo [--host 127.0.0.1] [--port 8080] [--output DIR] [--no-serve]

        Builds feeds from built-in sample data (clearly marked as samples; no key, no network)
        into DIR (default Feeds-demo) and serves them until stopped with Ctrl-C.

        Options:
          --output DIR   where to write the sample feeds (default Feeds-demo)
          --host HOST    address to listen on: an IP, or a name of this machine such as localhost (default 127.0.0.1)
          --port PORT    port to listen on (default 8080; 0 picks a free one, not with --no-serve)
          --no-serve     only build the sample feeds for http://HOST:PORT/, then exit
        """

    static let initCommand = """
        Usage: newsfeed init [--config PATH]

        Writes a starter config (default ./newsfeed.json). Refuses to overwrite an existing file
        or to create a folder for it. Set its "site" to the public URL the feeds are served at.

        Options:
          --config PATH   where to write the config (default ./newsfeed.json; the folder must exist)
        """

    package static let extract = """
        Usage: newsfeed extract PAGE... [--url URL] [--format text|html|json]

        Prints the article of each page: a saved HTML file or - (stdin). The page's
        charset is found from its byte-order mark or <meta>, the article from its
        markup (boilerplate, navigation, comments and share bars left out), its title,
        byline, date, language and lead image from its metadata. Every page is read
        in this one process; pages over 8 MiB are refused as too large.

        Options:
          --url URL            the address a single saved page came from (relative links
                               and images are made absolute against it; without it they
                               are left out)
          --format FORMAT      text (default: paragraphs separated by blank lines), html
                               (the sanitized article) or json (one object per page per
                               line: page, url, title, byline, published, language, image,
                               text, html, words; {"page", "error"} for a page without one)

        Exit status 1 when any page gave no article (one line on stderr for each,
        naming the page and the cause).
        """

    package static let serve = """
        Usage: newsfeed serve [--dir DIR] [--host 127.0.0.1] [--port 8080] [--config PATH] [--refresh] [--quiet]

        Serves the feeds folder read-only over HTTP/1.1 with ETags, gzip and an index.

        Options:
          --dir DIR        folder to serve (default: the config's output, else Feeds)
          --host HOST      address to listen on: an IP, or a name of this machine such as localhost (default 127.0.0.1)
          --port PORT      port to listen on (default 8080; 0 picks a free one, printed when serving)
          --config PATH    the config file (default ./newsfeed.json when present and its output is
                           the served folder)
          --refresh        also rebuild feeds in the background as `build` would: when due,
                           within the quota (needs a config; --dir, if given, must be its output)
          --quiet          no access log
        """

    package static let watch = """
        Usage: newsfeed watch [--config PATH] [--interval DURATION] [--once] [--concurrency N] [--json] [--quiet] [--allow-private]

        Checks every enclosure image of the configured feeds and keeps dead ones out of them.
        Without --interval it runs one round and exits (for cron).

        Options:
          --config PATH      the config file (default ./newsfeed.json)
          --interval D       repeat rounds every D (e.g. 30s, 15m, 1h) until stopped
          --once             one round (the default)
          --concurrency N    checks in flight at once (default 32, or the config's watch.concurrency)
          --json             one JSON document per round (a refused round too)
          --quiet            print only what changed since the last round
          --allow-private    also contact private and loopback addresses
        """

    package static let help = """
        Usage: newsfeed help [COMMAND]

        Shows COMMAND's usage and options, or without one the overview (the same as --help).
        COMMAND is one of: bookmark, build, convert, demo, help, init, serve, status, watch.
        """

    package static func text(for command: String) -> String? {
        switch command {
        case "help": help
        case "bookmark": bookmark
        case "build": build
        case "status": status
        case "convert": convert
        case "demo": demo
        case "extract": extract
        case "init": initCommand
        case "serve": serve
        case "watch": watch
        default: nil
        }
    }
}
