import Foundation

/// How one page's article was found, beside the article: which site rule or which automatic path gave it
/// (`extract --explain`), a rule that matched nothing (counted by `status`), and where the article goes on.
public struct ExtractionReport: Sendable, Equatable {
    /// The rule file (`example.com.txt`) whose `body` gave the article.
    public var rule: String?
    /// A rule file whose `body` lines selected nothing on the page (or nothing with words in it): the automatic
    /// extraction ran instead.
    public var missedRule: String?
    /// A rule file without `body` lines whose strips were applied before the automatic extraction.
    public var strippedBy: String?
    /// The automatic path that gave the article (nil when a rule did).
    public var automaticPath: String?
    /// The article's next part: the rule's `next_page_link`, else the page's `rel="next"` or its "next page" link
    /// within the same article (absolute).
    public var nextPage: URL?
    /// The page's view of the whole article on one page: the rule's `single_page_link`, else a link the page
    /// marks as such (absolute).
    public var singlePage: URL?
    /// What the page says of a paywall (issue 28, point 10), set whether or not an article was found.
    public var paywall = PaywallSignals()

    public init() {}

    /// One line for `extract --explain`: `site rule example.com.txt`, or the automatic path (and the rule that
    /// matched nothing, or whose strips were applied).
    public var explanation: String {
        if let rule { return "site rule \(rule)" + paywallNote }
        var line = automaticPath ?? "automatic"
        if let missedRule { line += "; site rule \(missedRule) matched nothing" }
        if let strippedBy { line += "; after the strips of site rule \(strippedBy)" }
        return line + paywallNote
    }

    /// `; paywall: declared not free`, or nothing.
    var paywallNote: String {
        paywall.description.map { "; paywall: \($0)" } ?? ""
    }
}
