import Foundation
import NewsModel

/// The frame every HTML page of newsfeed shares (a feed's page, the index, and any further page
/// such as a status page): the `<head>` with its Content-Security-Policy, the assets and the
/// theme, a header with the title, links and the theme choice (system, light or dark), and a
/// footer.
///
/// Pages pass their own body; everything they put in is escaped by the caller with
/// ``PageLayout/text(_:)`` and ``PageLayout/attribute(_:)``.
public struct PageLayout: Sendable {
    /// The page's `<title>` and heading (plain text).
    public var title: String
    /// A line under the heading (plain text), if any.
    public var subtitle: String?
    /// `lang` on `<html>`, e.g. `en-us`.
    public var language: String
    /// How the page reaches the output folder's root from where it is served: `""` for a page at
    /// the root, `../` for `us/health.html`. Assets and site-wide links are made relative to it, so
    /// a page works under any host name and the CSP's `'self'` covers its assets.
    public var rootPrefix: String
    /// e.g. `newsfeed 1.0.0`, for `<meta name="generator">`.
    public var generator: String
    /// Extra `<head>` lines (already markup), e.g. autodiscovery links.
    public var headLinks: [String]
    /// The header's links (already markup), e.g. subscribe links; each becomes a list item.
    public var headerLinks: [String]
    /// Set for a page that stands on its own (``StandalonePage``): assets inline, not linked.
    public var standalone: StandalonePage?

    /// A layout with every field given.
    public init(
        title: String, subtitle: String? = nil, language: String = "en", rootPrefix: String,
        generator: String = "newsfeed \(NewsFeedVersion.current)", headLinks: [String] = [],
        headerLinks: [String] = []
    ) {
        self.title = title
        self.subtitle = subtitle
        self.language = language
        self.rootPrefix = rootPrefix
        self.generator = generator
        self.headLinks = headLinks
        self.headerLinks = headerLinks
    }

    /// The prefix that leads from a page at `relativePath` (e.g. `us/health.html`) to the root.
    public static func rootPrefix(forPageAt relativePath: String) -> String {
        String(repeating: "../", count: relativePath.filter { $0 == "/" }.count)
    }

    /// The complete document around `body` (markup for inside `<main>`).
    public func render(body: String) -> String {
        let title = Self.text(title)
        // Only right-to-left needs saying: `ltr` is what a page without `dir` is.
        let direction = TextDirection(language: language) == .rightToLeft ? " dir=\"rtl\"" : ""
        let policy = standalone?.contentSecurityPolicy ?? PageAssets.contentSecurityPolicy
        let icon = standalone == nil ? rootPrefix + PageAssets.faviconPath : StandalonePage.faviconDataURL
        // Inline exactly as hashed: the CSP's hash covers the element's whole text.
        let stylesheet =
            standalone == nil
            ? "<link rel=\"stylesheet\" href=\"\(Self.attribute(rootPrefix + PageAssets.stylesheetPath))\">"
            : "<style>\(StandalonePage.stylesheet)</style>"
        let script =
            standalone == nil
            ? "<script src=\"\(Self.attribute(rootPrefix + PageAssets.scriptPath))\"></script>"
            : "<script>\(PageAssets.script)</script>"
        var html = """
            <!DOCTYPE html>
            <html lang="\(Self.attribute(language))"\(direction)>
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(Self.attribute(policy))">
            <meta name="color-scheme" content="light dark">
            <meta name="generator" content="\(Self.attribute(generator))">
            <title>\(title)</title>
            \(stylesheet)
            <link rel="icon" type="image/svg+xml" href="\(Self.attribute(icon))">

            """
        for link in headLinks { html += link + "\n" }
        html += """
            \(script)
            </head>
            <body>
            <header class="page-header">
            <div class="page-header-inner">
            <div class="page-title">
            <h1 dir="auto">\(title)</h1>

            """
        if let subtitle { html += "<p class=\"subtitle\" dir=\"auto\">\(Self.text(subtitle))</p>\n" }
        if !headerLinks.isEmpty {
            html += "<ul class=\"subscribe\">\n"
            for link in headerLinks { html += "<li>\(link)</li>\n" }
            html += "</ul>\n"
        }
        html += """
            </div>
            <div class="theme-choice" hidden><label for="theme-choice">Theme</label> <select id="theme-choice">
            <option value="system">System</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
            </select></div>
            </div>
            </header>
            <main>
            \(body)</main>
            <footer class="page-footer">Made by \(Self.text(generator)).</footer>
            </body>
            </html>

            """
        return html
    }

    /// `value` escaped as HTML text (`&`, `<`, `>`), with characters HTML forbids dropped.
    public static func text(_ value: String) -> String { MarkupEscaping.text(value) }

    /// `value` escaped for a double-quoted attribute.
    public static func attribute(_ value: String) -> String { MarkupEscaping.attribute(value) }

    /// `<a href>` to `href` with `label` as text; `type` for feed links.
    public static func link(_ label: String, href: String, type: String? = nil, rel: String? = nil) -> String {
        var html = "<a href=\"\(attribute(href))\""
        if let type { html += " type=\"\(attribute(type))\"" }
        if let rel { html += " rel=\"\(attribute(rel))\"" }
        return html + ">\(text(label))</a>"
    }

    /// `date` as `<time datetime="2025-01-06T08:00:00Z" dir="ltr">6 Jan 2025, 08:00 UTC</time>`: the same
    /// text on every machine, so pages stay byte-identical.
    public static func time(_ date: Date) -> String {
        let stamp = RFC3339Date.string(from: date)
        let digits = stamp.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard digits.count >= 5, (1...12).contains(digits[1]) else {
            return "<time datetime=\"\(stamp)\">\(stamp)</time>"
        }
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let shown =
            "\(digits[2]) \(CivilCalendar.monthAbbreviation(digits[1])) \(digits[0]), \(twoDigits(digits[3])):\(twoDigits(digits[4])) UTC"
        // `dir="ltr"` isolates the date: on a right-to-left page its leading day number would
        // otherwise split off and move to the far side of it.
        return "<time datetime=\"\(stamp)\" dir=\"ltr\">\(shown)</time>"
    }
}
