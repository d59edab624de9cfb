import Foundation
import NewsModel

/// A source's stories with what it learned polling them: the ``StorySource/answer(for:request:)`` of a build.
public struct SourceAnswer: Sendable {
    public var stories: [Story]
    /// One per URL polled (publishers' feeds); empty for upstreams that have no polling rules of their own.
    public var polls: [SourcePoll]
    /// A publisher's feed: its channel's link and description, for the written feed's own.
    public var channel: SourceChannel?
    /// A merged feed: one line per source that failed while the others made the feed
    /// (`https://b.example/atom: HTTP 404`).
    public var problems: [String]

    public init(
        stories: [Story], polls: [SourcePoll] = [], channel: SourceChannel? = nil, problems: [String] = []
    ) {
        self.stories = stories
        self.polls = polls
        self.channel = channel
        self.problems = problems
    }
}

/// What a publisher's feed says of itself that the bridged feed takes over: the home page it links and its
/// description, plain text (its title and language come with its stories).
public struct SourceChannel: Sendable, Hashable {
    /// The publisher's home page (RSS `<link>`, Atom `rel="alternate"`, JSON Feed `home_page_url`), http(s) only.
    public var link: URL?
    /// Its description or subtitle as plain text, nil when empty.
    public var description: String?
    /// Its picture (RSS `<image>`, `itunes:image`, Atom `logo` or `icon`, JSON Feed `icon` or `favicon`), http(s)
    /// only.
    public var image: URL?

    public init(link: URL?, description: String?, image: URL? = nil) {
        self.link = link
        self.description = description
        self.image = image
    }

    /// The channel of `feed`: an http(s) link, a description made plain and at most 1,000 characters.
    public init(_ feed: PublisherFeed) {
        let scheme = feed.link?.scheme?.lowercased()
        link = scheme == "http" || scheme == "https" ? feed.link : nil
        let text = TextCleaner.plainText(feed.description ?? "")
        description = text.isEmpty ? nil : TextCleaner.truncated(text, to: 1000)
        let imageScheme = feed.image?.scheme?.lowercased()
        image = imageScheme == "http" || imageScheme == "https" ? feed.image : nil
    }
}

/// What one poll of a publisher's feed said about polling it again: the answer, its size, the items read and
/// dropped, and the feed's or the server's own word on when to come back (issue 27, point 5).
public struct SourcePoll: Sendable, Hashable {
    /// The URL as configured.
    public var url: URL
    /// The HTTP status of the final answer; nil when none came (a network failure).
    public var status: Int?
    /// The answer's body bytes (0 for a 304).
    public var bytes: Int
    /// Items read from the feed, and items dropped (no usable link, or a repeated id).
    public var itemsRead: Int
    public var itemsDropped: Int
    /// The longest interval the feed or the server asks for, and what asked (`ttl`, `sy:updatePeriod`,
    /// `Cache-Control: max-age`); nil when neither says.
    public var asked: PublisherFeed.RefreshHint?
    /// `Retry-After` of the answer (any status), as a wait from the poll.
    public var retryAfter: Duration?
    /// Where a `301` or `308` on the configured URL leads (the end of the permanent redirects from the start).
    public var movedTo: URL?
    /// The server answered `429` or `503`: its host is backed off.
    public var hostBusy: Bool
    /// The server answered `410 Gone`.
    public var gone: Bool
    /// Why a 2xx answer could not be read (`not a feed: an HTML page; …`, a broken document); nil when it was.
    public var unreadable: String?

    public init(
        url: URL, status: Int?, bytes: Int = 0, itemsRead: Int = 0, itemsDropped: Int = 0,
        asked: PublisherFeed.RefreshHint? = nil, retryAfter: Duration? = nil, movedTo: URL? = nil,
        hostBusy: Bool = false, gone: Bool = false
    ) {
        self.url = url
        self.status = status
        self.bytes = bytes
        self.itemsRead = itemsRead
        self.itemsDropped = itemsDropped
        self.asked = asked
        self.retryAfter = retryAfter
        self.movedTo = movedTo
        self.hostBusy = hostBusy
        self.gone = gone
    }

    /// The host the poll went to, lowercased (what a back-off holds).
    public var host: String { Self.host(of: url) }

    /// A feed URL's host, lowercased: the key of hosts' back-offs and of the host-fair queue.
    public static func host(of url: URL) -> String { url.host()?.lowercased() ?? "" }

    /// `200`, `304`, `HTTP 404` or `error`: the last answer in a word; a 2xx that could not be read says why
    /// (`200 (not a feed: an HTML page; …)`).
    public var answerText: String {
        guard let status else { return "error" }
        guard (200..<300).contains(status) || status == 304 else { return "HTTP \(status)" }
        return unreadable.map { "\(status) (\($0))" } ?? "\(status)"
    }

    /// Whether the answer was a feed that was read (a 2xx or 304 without ``unreadable``).
    public var wasRead: Bool {
        guard let status, (200..<300).contains(status) || status == 304 else { return false }
        return unreadable == nil
    }
}
