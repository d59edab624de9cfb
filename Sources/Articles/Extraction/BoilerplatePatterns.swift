/// The words in class names and ids that mark content and boilerplate, after Mozilla Readability's
/// patterns (its unlikely/positive/negative lists) with trafilatura's additions for newsletter,
/// cookie and recommendation boxes. Matched as substrings of the lowercased `class id`, as
/// Readability's regular expressions match.
enum BoilerplatePatterns {
    static let unlikely = [
        "-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap", "disqus", "extra",
        "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies", "rss", "shoutbox", "sidebar",
        "skyscraper", "social", "sponsor", "supplemental", "ad-break", "agegate", "pagination", "pager", "popup",
        "yom-remote", "cookie", "consent", "newsletter", "subscribe", "paywall", "taboola", "outbrain",
    ]
    static let maybeCandidate = ["and", "article", "body", "column", "content", "main", "mathjax", "shadow"]
    static let positive = [
        "article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "pagination", "post", "text",
        "blog", "story",
    ]
    static let negative = [
        "-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr", "masthead", "media",
        "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar", "skyscraper", "sponsor",
        "shopping", "tags", "widget", "newsletter", "taboola",
    ]
    static let byline = ["byline", "author", "dateline", "writtenby", "p-author"]
    static let unlikelyRoles: Set<String> = [
        "menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog",
    ]
    static let adWords: Set<String> = [
        "ad", "advertising", "advertisement", "pub", "publicité", "werb", "werbung", "广告", "реклама", "anuncio",
    ]
    static let loadingWords: Set<String> = ["loading", "正在加载", "загрузка", "chargement", "cargando"]

    static func matches(_ text: String, _ words: [String]) -> Bool {
        words.contains { text.contains($0) }
    }

    /// Readability's `^hid$| hid$| hid |^hid `: the class or id word `hid` on its own.
    static func hasHidWord(_ text: String) -> Bool {
        text.split(separator: " ").contains("hid")
    }

    static func isNegative(_ text: String) -> Bool {
        matches(text, negative) || hasHidWord(text)
    }

    /// `share` or `sharedaddy` as a word of a class or id (Readability's share-bar pattern).
    static func isShareElement(_ text: String) -> Bool {
        let words = text.split { !$0.isLetter && !$0.isNumber }
        return words.contains("share") || words.contains("sharedaddy")
    }
}
