import NewsModel

extension FeedHTML {
    /// A story's other places (``Story/alsoAt``, issue 27, point 13) as the paragraph its content ends with:
    /// `<p class="also-at">Also at: <a href="…">site</a>, …</p>`, each link named by its host; "" when none.
    package static func alsoAt(_ story: Story) -> String {
        guard !story.alsoAt.isEmpty else { return "" }
        let links = story.alsoAt.map { link in
            "<a href=\"\(MarkupEscaping.attribute(link.text))\">\(escaped(siteName(of: link)))</a>"
        }
        return "\n<p class=\"also-at\">Also at: " + links.joined(separator: ", ") + "</p>"
    }

    /// The same as plain text: `Also at: https://…, https://…`, after a blank line; "" when none.
    package static func alsoAtText(_ story: Story) -> String {
        guard !story.alsoAt.isEmpty else { return "" }
        return "\n\nAlso at: " + story.alsoAt.map(\.text).joined(separator: ", ")
    }

    /// `html` without the paragraph ``alsoAt(_:)`` ended it with: what the story's own content was, so reading a
    /// feed back and writing it again never repeats the paragraph.
    package static func withoutAlsoAt(_ html: String) -> String {
        guard let range = html.range(of: "\n<p class=\"also-at\">Also at: ", options: .backwards),
            html.hasSuffix("</p>")
        else { return html }
        return String(html[..<range.lowerBound])
    }

    /// The host without `www.`, else the address.
    private static func siteName(of link: StoryLink) -> String {
        guard var host = link.url.host, !host.isEmpty else { return link.text }
        if host.hasPrefix("www.") { host.removeFirst(4) }
        return host
    }
}
