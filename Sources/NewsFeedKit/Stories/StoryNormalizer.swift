import Foundation

/// Turns NewsAPI articles into clean ``Story`` values: the mapping rules of `newsfeed build`.
///
/// Drops what cannot become an item (no usable URL, `[Removed]` placeholders,
/// repeated URLs), and gives every kept story a plain-text title, source and
/// summary, never empty. The default image is not applied here: the build
/// pipeline knows the site URL and the watcher's verdicts.
public struct StoryNormalizer: Sendable {
    /// Longest derived title, in characters, before it is cut on a word boundary.
    public static let derivedTitleLimit = 110
    /// NewsAPI's stand-in text for removed stories.
    public static let removedPlaceholder = "[Removed]"

    /// The fallbacks for empty fields, already cleaned to plain text.
    public let defaults: StoryDefaults

    /// - Parameter defaults: fallbacks; blank ones are replaced by the built-in values.
    public init(defaults: StoryDefaults = StoryDefaults()) {
        self.defaults = defaults.cleaned
    }

    /// The stories of one response, in response order, first of each URL only.
    /// - Parameter now: becomes every story's `firstSeen` and bounds plausible publication dates.
    public func stories(from articles: [NewsAPIArticle], seenAt now: Date) -> [Story] {
        var seen = Set<String>()
        var stories: [Story] = []
        stories.reserveCapacity(articles.count)
        for article in articles {
            guard let story = story(from: article, seenAt: now) else { continue }
            guard seen.insert(story.url.absoluteString).inserted else { continue }
            stories.append(story)
        }
        return stories
    }

    /// One article as a story, or nil when it has no usable URL or is a removed placeholder.
    public func story(from article: NewsAPIArticle, seenAt now: Date) -> Story? {
        guard let raw = article.url, let url = ArticleURL.parse(raw), !ArticleURL.isRemovedPlaceholder(url),
            let sourceURL = ArticleURL.siteRoot(of: url)
        else { return nil }
        let rawTitle = TextCleaner.plainText(article.title ?? "")
        guard rawTitle != Self.removedPlaceholder else { return nil }

        let sourceName = sourceName(of: article, url: url)
        let description = TextCleaner.plainText(article.description ?? "")
        let content = cleanedContent(article.content)
        let summary = [description, content].first { !$0.isEmpty && $0 != Self.removedPlaceholder }
        let image = ImageURL.image(from: article.urlToImage)

        return Story(
            url: url,
            title: title(rawTitle, sourceName: article.sourceName.map(TextCleaner.plainText), from: summary),
            sourceName: sourceName,
            sourceURL: sourceURL,
            summary: summary ?? defaults.description,
            content: summary.flatMap { Self.saysMore(content, than: $0) ? content : nil },
            author: author(article.author),
            image: image,
            originalImageURL: image?.url,
            publishedAt: NewsAPIDate.plausibleDate(article.publishedAt, now: now),
            firstSeen: now
        )
    }

    // MARK: Fields

    /// The title without NewsAPI's ` - <Source name>` suffix; else the summary's first sentence; else the default.
    func title(_ title: String, sourceName: String?, from summary: String?) -> String {
        let stripped = Self.removingSourceSuffix(from: title, sourceName: sourceName)
        if !stripped.isEmpty { return stripped }
        if let summary, case let derived = Self.firstSentence(of: summary), !derived.isEmpty { return derived }
        return defaults.title
    }

    /// `source.name`, else the article's host without `www.`, else the default.
    func sourceName(of article: NewsAPIArticle, url: URL) -> String {
        let name = TextCleaner.plainText(article.sourceName ?? "")
        if !name.isEmpty { return name }
        return ArticleURL.publisherHost(of: url) ?? defaults.source
    }

    /// A person's name, or nil for nothing, a URL, or junk such as `- Mendoza Today`.
    func author(_ raw: String?) -> String? {
        let name = TextCleaner.plainText(raw ?? "")
        guard let first = name.unicodeScalars.first else { return nil }
        let lowercased = name.lowercased()
        if lowercased.contains("://") || lowercased.hasPrefix("www.") { return nil }
        if first.properties.generalCategory.isPunctuationOrSymbol { return nil }
        return name
    }

    /// Content as plain text, NewsAPI's `… [+N chars]` marker replaced by a plain `…`.
    func cleanedContent(_ raw: String?) -> String {
        guard let raw else { return "" }
        let (body, wasTruncated) = TextCleaner.removingTruncationMarker(raw)
        let text = TextCleaner.plainText(body)
        guard wasTruncated, !text.isEmpty, !text.hasSuffix("…") else { return text }
        return text + "…"
    }

    // MARK: Rules

    /// Strips ` - Name` when Name is the source's name (case-insensitively), or its name without a
    /// domain ending (`Livemint.com` titles end with ` - Livemint`). A title that is nothing but the
    /// source's name (`- Name` or `Name`) becomes empty, so a better one is derived.
    static func removingSourceSuffix(from title: String, sourceName: String?) -> String {
        guard let sourceName, !sourceName.isEmpty else { return title }
        var names = [sourceName]
        if !sourceName.contains(" "), let dot = sourceName.firstIndex(of: "."), dot > sourceName.startIndex {
            names.append(String(sourceName[..<dot]))
        }
        for name in names {
            if title.caseInsensitiveCompare(name) == .orderedSame { return "" }
            guard let range = title.range(of: "- " + name, options: [.caseInsensitive, .anchored, .backwards]),
                range.lowerBound == title.startIndex || title[title.index(before: range.lowerBound)] == " "
            else { continue }
            return trimmingWhitespaces(title[..<range.lowerBound])
        }
        return title
    }

    /// `text` trimmed of `.whitespaces`; Foundation is asked only when an end is not plainly
    /// visible ASCII, since bridging every title to it dominated converting big responses.
    private static func trimmingWhitespaces(_ text: Substring) -> String {
        guard let first = text.utf8.first, let last = text.utf8.last, (0x21..<0x80).contains(first),
            (0x21..<0x80).contains(last)
        else { return String(text).trimmingCharacters(in: .whitespaces) }
        return String(text)
    }

    /// Exactly `String.lowercased()` (each scalar's full lowercase mapping), with ASCII mapped
    /// in place: the standard library builds a `String` per scalar once any scalar is not ASCII.
    private static func lowercased(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let byte = UInt8(truncatingIfNeeded: scalar.value)
                bytes.append((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte)
            } else {
                bytes += scalar.properties.lowercaseMapping.utf8
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first sentence of `text` (a sentence ends in `.`, `!` or `?` before a space, after at least
    /// 20 characters so `Dr.` does not end it), cut to a title's length on a word boundary.
    static func firstSentence(of text: String) -> String {
        var sentence = Substring(text)
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if ".!?".contains(text[index]), next == text.endIndex || text[next] == " ",
                text.distance(from: text.startIndex, to: index) >= 20
            {
                sentence = text[...index]
                break
            }
            index = next
        }
        if sentence.hasSuffix("."), !sentence.hasSuffix("..") { sentence.removeLast() }
        return TextCleaner.truncated(String(sentence), to: derivedTitleLimit)
    }

    /// True when `content` adds something: it is neither equal to `summary` nor a prefix of it
    /// (ignoring a trailing ellipsis and case).
    static func saysMore(_ content: String, than summary: String) -> Bool {
        func core(_ text: String) -> String {
            var text = Substring(lowercased(text))
            while text.hasSuffix("…") || text.hasSuffix(".") || text.hasSuffix(" ") { text.removeLast() }
            return String(text)
        }
        let contentCore = core(content)
        guard !contentCore.isEmpty else { return false }
        return !core(summary).hasPrefix(contentCore)
    }
}

extension Unicode.GeneralCategory {
    /// Punctuation (`-`, `(`, `"`…) or symbols (`|`, `©`…): never how a person's name begins.
    fileprivate var isPunctuationOrSymbol: Bool {
        switch self {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            true
        default:
            false
        }
    }
}
