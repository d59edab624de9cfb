import Foundation
import NewsModel

/// The reader view of one story's whole article, `articles/<key>.html` (full text, docs/full-text.md): in the
/// pages' look (the shared stylesheet, theme choice and CSP, plus ``stylesheet`` beside the pages), the title,
/// the source, the byline, the date, the lead image, the article and a "Read at <publisher>" link to the original.
///
/// The article is the sanitizer's HTML (allowlisted markup, absolute links); everything else is escaped here.
public struct ReaderPage: Sendable {
    /// The site the output folder is served at (to tell the bundled default image from a real one).
    public var site: URL
    /// e.g. `newsfeed 1.0.0`.
    public var generator: String

    public init(site: URL, generator: String = "newsfeed \(NewsFeedVersion.current)") {
        self.site = site
        self.generator = generator
    }

    /// The reader page's own stylesheet, `articles/reader.css`: a readable column, images that fit any width.
    public static let stylesheetName = "reader.css"

    /// ``stylesheetName``'s text; the colours are the shared stylesheet's custom properties, so both themes hold.
    /// The header, the article and the footer share one column (42rem of text inside the pages' padding), so the
    /// title and the article start at the same left edge at every width.
    public static let stylesheet = """
        .page-header-inner, main, .page-footer { max-width: 44rem; }
        .reader { max-width: 42rem; margin: 0 auto; font-size: 1.0625rem; line-height: 1.6; overflow-wrap: break-word; }
        .reader .meta { font-size: 0.875rem; margin: 0 0 1rem; }
        .reader img, .reader video { max-width: 100%; height: auto; }
        .reader .lead-image { display: block; width: 100%; border-radius: 6px; margin: 0 0 1rem; background: var(--card); }
        .reader .lead-image.is-fallback { filter: var(--placeholder-filter); }
        .reader figure { margin: 1.5rem 0; }
        .reader figcaption { color: var(--muted); font-size: 0.875rem; }
        .reader blockquote { margin: 1rem 0; padding: 0 0 0 1rem; border-left: 4px solid var(--rule); }
        .reader pre { overflow-x: auto; padding: 0.75rem; border-radius: 6px; background: var(--card); }
        .reader table { display: block; overflow-x: auto; border-collapse: collapse; }
        .reader th, .reader td { border: 1px solid var(--rule); padding: 0.25rem 0.5rem; text-align: start; }
        .reader h2, .reader h3, .reader h4 { line-height: 1.3; }
        .reader .subscriber-note { padding: 0.75rem 1rem; border-left: 4px solid var(--rule); background: var(--card); }
        .read-at { margin: 2rem 0 1rem; font-weight: 600; }
        .read-at a { display: inline-flex; align-items: center; min-height: 44px; }

        """

    /// The page of `story`; nil when it has no article.
    public func render(_ story: Story) -> String? {
        guard let article = story.article else { return nil }
        let prefix = PageLayout.rootPrefix(forPageAt: article.readerPath)
        let layout = PageLayout(
            title: story.title, subtitle: story.sourceName, language: story.language ?? "en", rootPrefix: prefix,
            generator: generator,
            headLinks: ["<link rel=\"stylesheet\" href=\"\(PageLayout.attribute(Self.stylesheetName))\">"],
            headerLinks: [PageLayout.link("Index", href: prefix + SiteLayout.indexFileName)])
        let direction = TextDirection(language: story.language ?? "en").rawValue
        var body = "<article class=\"reader\" dir=\"\(direction)\">\n<p class=\"meta\">"
        body +=
            "<bdi class=\"source\">\(PageLayout.link(story.sourceName, href: story.sourceLink.text, rel: "noopener"))</bdi>"
        if let author = story.author ?? article.byline {
            body += " · <bdi class=\"author\">\(PageLayout.text(author))</bdi>"
        }
        body += " · \(PageLayout.time(story.displayDate))</p>\n"
        if let image = leadImage(of: story) {
            // A lead image that fails to load gives way to the bundled default image, as on the feed pages (the
            // pages' script swaps `data-fallback` in).
            let fallback = prefix + DefaultImageAsset.relativePath
            body += "<img class=\"lead-image\" src=\"\(PageLayout.attribute(image))\" alt=\"\" decoding=\"async\" "
            body += "data-fallback=\"\(PageLayout.attribute(fallback))\">\n"
        }
        if article.isPaywalled {
            // A paywall's teaser (issue 28, point 10): the feed's own text under the note, never the page's.
            body += "<p class=\"subscriber-note\"><strong>\(StoryArticle.subscriberLabel)</strong>: "
            body += "the publisher shows the whole article to subscribers only. Here is the feed's own text; "
            body += PageLayout.link("the original", href: story.link.text, rel: "noopener") + " has the rest.</p>\n"
            body += "<div class=\"article-body\">\n\(Self.feedText(of: story))\(FeedHTML.alsoAt(story))\n</div>\n"
        } else {
            body += "<div class=\"article-body\">\n\(article.html)\(FeedHTML.alsoAt(story))\n</div>\n"
        }
        let publisher = article.siteName ?? story.sourceName
        body += "<p class=\"read-at\">"
        body += PageLayout.link("Read at \(publisher)", href: story.link.text, rel: "noopener")
        body += "</p>\n</article>\n"
        return layout.render(body: body)
    }

    /// The feed's own text of `story` as HTML: its sanitized HTML, else its content or summary as paragraphs.
    static func feedText(of story: Story) -> String {
        if let html = story.contentHTML { return html }
        return FeedHTML.paragraphs(story.content ?? story.summary)
    }

    /// The story's own image, else the page's lead image; never the bundled default image. Left out when the
    /// article shows the same image itself.
    private func leadImage(of story: Story) -> String? {
        let isDefault = story.image.map { $0.url == DefaultImageAsset.storyImage(site: site).url } ?? true
        let candidate = isDefault ? story.article?.image?.absoluteString : story.image?.link.text
        guard let candidate, let article = story.article, !article.html.contains("\"\(candidate)\"") else {
            return nil
        }
        return candidate
    }
}
