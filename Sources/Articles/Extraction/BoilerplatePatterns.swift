import NewsModel

/// The words in class names and ids that mark content and boilerplate, after Mozilla Readability's
/// patterns (its unlikely/positive/negative lists) with trafilatura's additions for newsletter,
/// cookie and recommendation boxes. Matched as substrings of the lowercased `class id`, as
/// Readability's regular expressions match.
enum BoilerplatePatterns {
    static let unlikely = [
        "-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap", "disqus", "extra",
        "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies", "rss", "shoutbox", "sidebar",
        "skyscraper", "social", "sponsor", "supplemental", "ad-break", "agegate", "pagination", "pager", "popup",
        "yom-remote", "cookie", "consent", "newsletter", "subscribe", "taboola", "outbrain", "tooltip", "popover",
        "hovercard", "hover-card", "rollover-block",
    ]
    /// Comment sections, dropped in every pass: a short article with long comments is still the
    /// short article (comments are not the article, whatever their length).
    static let comments = ["comment", "disqus", "replies", "respond", "kommentar", "comentario"]
    /// Whole class or id names that are a comment section whatever else the element's classes say
    /// (`article-comments` inside the article, `comments-body`): the exceptions below do not keep them.
    static let commentSections: Set<String> = [
        "comments", "comment-list", "commentlist", "comments-area", "comment-section", "comments-section",
        "article-comments", "story-comments", "post-comments", "user-comments", "reader-comments",
        "comments-container", "comments-wrapper", "comment-thread", "comments-list", "disqus_thread",
        "comments-body", "comment-respond", "kommentare", "comentarios", "commentaires", "comment-body",
        "comment-content", "comment-text",
    ]
    /// Class or id names that contain a comment word without marking a comment section: the state of an article
    /// that has comments (`commented`, `comments-open`), an opinion piece (`commentary`) or a reporter
    /// (`correspondent`). ``BoilerplateWords`` finds no word in them, so an article marked only so is kept
    /// (Lifehacker's `<article class="post hentry commented">`).
    static let commentStates: Set<String> = [
        "commented", "commentary", "commentaries", "commentator", "commentators", "comments-open",
        "comments-closed", "comments-enabled", "comments-disabled", "has-comments", "no-comments", "allow-comments",
        "with-comments", "correspondent", "correspondents", "correspondence",
    ]
    /// What keeps an element whose class also says comments (`article-comments-enabled`).
    static let commentExceptions = ["article", "body", "main"]
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
    /// Small boxes inside an article that are about it rather than of it: dates, credits, captions,
    /// author boxes, tool bars, promotions (trafilatura drops the same kinds).
    static let articleFurniture = [
        "date", "timestamp", "updated", "posted", "byline", "author", "credit", "caption", "toolbar", "tools",
        "print", "reprint", "text-size", "font-size", "bio", "promo", "newsletter", "signup", "related",
        "recommend", "read-more", "readmore", "more-stories", "tags", "subscribe", "social", "follow", "copyright",
        "disclosure",
    ]
    /// How a line that only dates the article starts.
    static let datelinePrefixes = [
        "updated", "posted", "published", "last updated", "originally published", "first published",
    ]
    static let byline = ["byline", "author", "dateline", "writtenby", "p-author"]
    static let unlikelyRoles: Set<String> = [
        "menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog",
    ]
    static let adWords: Set<String> = [
        "ad", "advertising", "advertisement", "pub", "publicité", "werb", "werbung", "广告", "реклама", "anuncio",
    ]
    static let loadingWords: Set<String> = ["loading", "正在加载", "загрузка", "chargement", "cargando"]

    /// The lists as ``BoilerplateWords``, for texts whose words were found once.
    static let unlikelyWords = BoilerplateWords(listing: unlikely)
    static let commentWords = BoilerplateWords(listing: comments)
    static let commentExceptionWords = BoilerplateWords(listing: commentExceptions)
    static let maybeCandidateWords = BoilerplateWords(listing: maybeCandidate)
    static let positiveWords = BoilerplateWords(listing: positive)
    static let negativeWords = BoilerplateWords(listing: negative)
    static let articleFurnitureWords = BoilerplateWords(listing: articleFurniture)
    static let bylineWords = BoilerplateWords(listing: byline)
    static let hidWords = BoilerplateWords(listing: ["hid"])

    /// Readability's `^hid$| hid$| hid |^hid `: the class or id word `hid` on its own.
    static func hasHidWord(_ text: String) -> Bool {
        text.split(separator: " ").contains("hid")
    }

    /// Whether a class or id, `text`, whose words are `words`, says boilerplate.
    static func isNegative(_ text: String, words: BoilerplateWords) -> Bool {
        words.containsAny(of: negativeWords) || words.containsAny(of: hidWords) && hasHidWord(text)
    }

    /// `classAndID` (lowercased) without its ``commentStates`` names, or nil when it has none.
    static func withoutCommentStates(_ classAndID: String) -> String? {
        let names = classAndID.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
        let kept = names.filter { !commentStates.contains($0) }
        return kept.count == names.count ? nil : kept.joined(separator: " ") + " "
    }

    /// `share` or `sharedaddy` as a word of a class or id (Readability's share-bar pattern).
    static func isShareElement(_ text: String) -> Bool {
        // Both words contain "share": without it, no need to split the text into words (by
        // Character, which looks up Unicode properties), as this runs for every box in an article.
        guard UTF8Text.containsBytes(text, "share") else { return false }
        let words = text.split { !$0.isLetter && !$0.isNumber }
        return words.contains("share") || words.contains("sharedaddy")
    }
}
