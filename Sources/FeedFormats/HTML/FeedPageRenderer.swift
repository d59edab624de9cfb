import Foundation
import NewsModel

/// Renders a ``FeedDocument`` as the feed's readable HTML page (`<cc>/<cat>.html`): the seeds' news
/// screen in a browser.
///
/// A header with the title and subscribe links (every feed format written, and the OPML of all
/// feeds), then one row per story: its image (the bundled default image where there is none, and
/// in the browser where one fails to load), the title linking to the article, the source, the date
/// and the description. Valid HTML5; every text is escaped, so nothing from a story is ever markup.
/// Readable without JavaScript; the stylesheet follows `prefers-color-scheme` and the script adds
/// the theme choice. Links to assets and sibling files are relative (see ``PageLayout``).
public struct FeedPageRenderer: FeedRenderer {
    /// Set for a page that must stand on its own (`convert --format html`).
    public var standalone: StandalonePage?

    /// - Parameter standalone: given, the page inlines its assets and links only what exists.
    public init(standalone: StandalonePage? = nil) {
        self.standalone = standalone
    }

    /// `html`.
    public var fileExtension: String { "html" }
    /// `text/html`.
    public var mediaType: String { "text/html" }

    /// The image box every row reserves, so nothing moves while images load (16:9).
    static let imageWidth = 160
    static let imageHeight = 90
    /// The box's width per screen (the stylesheet's 80 px below 480 px), for `srcset`'s choice of copy.
    static let imageSizes = "(max-width: 480px) 80px, 160px"

    public func render<MoreStories: Sequence<Story>>(
        _ document: FeedDocument, followedBy moreStories: MoreStories, itemsPerPiece: Int = 100,
        emit: (Data) -> Void
    ) throws(FeedError) {
        let pageURL = document.url(of: .html)
        let relativePath = Self.relativePath(of: pageURL, under: document.site)
        let prefix = PageLayout.rootPrefix(forPageAt: relativePath)
        let fileName = pageURL.deletingPathExtension().lastPathComponent
        var headLinks: [String] = []
        var headerLinks: [String] = []
        // Every format the feed is written in, relative to the page; a standalone page links the
        // feed's formats where `--site` publishes them, or none without a site.
        let linked: [(FeedFormat, String)] =
            if let standalone {
                standalone.site == nil
                    ? []
                    : FeedFormat.defaultList.filter { $0 != .html }.map { ($0, document.url(of: $0).absoluteString) }
            } else {
                document.formats.filter { $0 != .html }.map { ($0, fileName + "." + $0.fileExtension) }
            }
        for (format, href) in linked {
            headLinks.append(
                "<link rel=\"alternate\" type=\"\(format.mediaType)\" title=\"\(PageLayout.attribute(document.title)) "
                    + "(\(format.label))\" href=\"\(PageLayout.attribute(href))\">")
            // Absolute on a standalone page: another site's link, which gets `noopener` like any other.
            headerLinks.append(
                PageLayout.link(
                    format.label, href: href, type: format.mediaType, rel: standalone == nil ? nil : "noopener"))
        }
        // The OPML and the index exist beside a built page, never beside a converted one.
        if standalone == nil {
            headerLinks.append(
                PageLayout.link("All feeds (OPML)", href: prefix + SiteLayout.opmlFileName, type: "text/x-opml"))
            headerLinks.append(PageLayout.link("Index", href: prefix + SiteLayout.indexFileName))
        }
        var layout = PageLayout(
            title: document.title, subtitle: document.description, language: document.language ?? "en",
            rootPrefix: prefix, generator: document.generator, headLinks: headLinks, headerLinks: headerLinks)
        layout.standalone = standalone
        let page = layout.render(body: Self.bodyMarker)
        guard let marker = page.range(of: Self.bodyMarker) else { throw .writerFailed("laying out the page") }

        var html = String(page[..<marker.lowerBound])
        let order = document.storyOrder.map { " · " + $0.phrase } ?? ""
        html += "<p class=\"summary-line\">Updated \(PageLayout.time(document.updated))\(order)</p>\n"
        html += "<ol class=\"stories\">\n"
        var rows = 0
        var rowsInPiece = 0
        func row(_ story: Story) {
            html += Self.row(
                story, marks: document.itemMarks[story.link.text] ?? [], document: document, prefix: prefix,
                standalone: standalone)
            rows += 1
            rowsInPiece += 1
            if rowsInPiece >= itemsPerPiece {
                rowsInPiece = 0
                emit(Data(html.utf8))
                html = ""
            }
        }
        for story in document.stories { row(story) }
        for story in moreStories { row(story) }
        html += "</ol>\n"
        if rows == 0 { html += "<p class=\"muted\">No stories yet.</p>\n" }
        html += page[marker.upperBound...]
        emit(Data(html.utf8))
    }

    /// Stands where the rows go while the layout is rendered once.
    private static let bodyMarker = "\u{0}rows\u{0}"

    package static func relativePath(of url: URL, under site: URL) -> String {
        let text = url.absoluteString
        let base = site.absoluteString
        return text.hasPrefix(base) ? String(text.dropFirst(base.count)) : url.lastPathComponent
    }

    /// A URL as the page links it: relative when it is one of the bridge's own files under `site`
    /// (the default image), so it loads from wherever the page is served.
    package static func pageURL(_ url: URL, document: FeedDocument, prefix: String) -> String {
        let text = url.absoluteString
        let base = document.site.absoluteString
        return text.hasPrefix(base) ? prefix + text.dropFirst(base.count) : text
    }

    /// One story: its image (none when the story has none), its title, a meta line of isolated
    /// runs (`<bdi>`, so an Arabic author cannot reorder the date after it), its category as a tag,
    /// and its description when it has one. Every block of story text gets `dir="auto"`; a story
    /// whose language is known and differs from the page's gets `lang` (and `dir` for its script).
    private static func row(
        _ story: Story, marks: [ItemMark], document: FeedDocument, prefix: String, standalone: StandalonePage?
    ) -> String {
        // A standalone page has no assets folder: the default image loads from `--site`, or is inline.
        let fallback =
            standalone.map {
                $0.site.map { $0.appending(path: DefaultImageAsset.relativePath).absoluteString }
                    ?? StandalonePage.defaultImageDataURL
            } ?? prefix + DefaultImageAsset.relativePath
        var html = "<li class=\"story\(story.image == nil ? " no-image" : "")\""
        if let language = story.language, language != document.language {
            html += " lang=\"\(PageLayout.attribute(language))\" dir=\"\(TextDirection(language: language).rawValue)\""
        }
        html += ">\n"
        if let image = story.image {
            let isDefault = image.url == DefaultImageAsset.storyImage(site: document.site).url
            func address(_ url: URL) -> String {
                standalone != nil ? url.absoluteString : pageURL(url, document: document, prefix: prefix)
            }
            // A cached image loads its narrowest copy unless `srcset` offers a better fit for the screen.
            let source =
                standalone != nil && isDefault ? fallback : address(image.narrowestCopy?.url ?? image.url)
            // The bundled default image is a light tile: the stylesheet darkens it in the dark theme.
            let kind = source == fallback ? "story-image is-placeholder" : "story-image"
            html += "<img class=\"\(kind)\" src=\"\(PageLayout.attribute(source))\" "
            if !image.copies.isEmpty {
                let candidates = image.copies.map { "\(address($0.url)) \($0.width)w" }.joined(separator: ", ")
                html += "srcset=\"\(PageLayout.attribute(candidates))\" sizes=\"\(imageSizes)\" "
            }
            html += "alt=\"\" "
            html += "width=\"\(imageWidth)\" height=\"\(imageHeight)\" loading=\"lazy\" decoding=\"async\" "
            html += "data-fallback=\"\(PageLayout.attribute(fallback))\">\n"
        }
        html += "<div class=\"story-text\">\n<h2 dir=\"auto\">"
        for mark in marks {
            let name = String(
                mark.name.unicodeScalars.filter {
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
                })
            // A symbol with a name is an image to assistive technology: `aria-label` on a bare
            // span is one the Nu checker warns about (and screen readers may ignore).
            let label = PageLayout.attribute(mark.label)
            html += "<span class=\"mark mark-\(name)\" title=\"\(label)\" role=\"img\" aria-label=\"\(label)\">"
            html += "\(PageLayout.text(mark.symbol))</span>"
        }
        html += PageLayout.link(story.title, href: story.link.text, rel: "noopener")
        html += "</h2>\n<p class=\"meta\"><bdi class=\"source\">\(PageLayout.text(story.sourceName))</bdi>"
        if let author = story.author { html += " · <bdi class=\"author\">\(PageLayout.text(author))</bdi>" }
        html += " · \(PageLayout.time(story.displayDate))</p>\n"
        if let category = story.category {
            html += "<p class=\"tags\"><span class=\"tag\" dir=\"auto\">\(PageLayout.text(category))</span></p>\n"
        }
        if !story.summary.isEmpty {
            html += "<p class=\"description\" dir=\"auto\">\(PageLayout.text(story.summary))</p>\n"
        }
        // The files the story carries (a podcast's episode): a link each, named by what it is.
        if !story.enclosures.isEmpty {
            let links = story.enclosures.map { file in
                let label =
                    switch file.medium {
                    case "audio": "Listen"
                    case "video": "Watch"
                    default: "Download"
                    }
                return PageLayout.link(label, href: file.link.text, type: file.mimeType, rel: "noopener")
            }
            html += "<p class=\"files\">\(links.joined(separator: " · "))</p>\n"
        }
        // The reader view of the whole article (full text), beside a built page only.
        if standalone == nil, let article = story.article {
            // A paywall's teaser (issue 28, point 10) says so before its link.
            let mark = article.isPaywalled ? "<span class=\"subscriber\">\(StoryArticle.subscriberLabel)</span> · " : ""
            html +=
                "<p class=\"read-here\">\(mark)\(PageLayout.link("Read here", href: prefix + article.readerPath))</p>\n"
        }
        html += "</div>\n</li>\n"
        return html
    }
}
