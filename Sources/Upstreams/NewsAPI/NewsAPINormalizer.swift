import Foundation
import NewsModel

/// Turns NewsAPI articles into clean ``Story`` values: the mapping rules of `newsfeed build`.
///
/// Drops what cannot become an item (no usable URL, `[Removed]` placeholders,
/// repeated URLs), and gives every kept story a plain-text title, source and
/// summary, never empty. The default image is not applied here: the build
/// pipeline knows the site URL and the watcher's verdicts.
public struct NewsAPINormalizer: Sendable {
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
        Array(ParallelNormalizedStories(articles: articles, normalizer: self, seenAt: now, workers: 1))
    }

    /// One article as a story, or nil when it has no usable URL or is a removed placeholder.
    public func story(from article: NewsAPIArticle, seenAt now: Date) -> Story? {
        var memo = Memo()
        let published = article.publishedAt.flatMap(NewsAPIDate.parse)
        return story(from: article, publishedDate: published, seenAt: now, memo: &memo)?.story
    }

    /// What one run of the normalizer keeps from article to article: the site roots made so far, and the ways each
    /// source (name and host) may be named at the end of a title (the same few sources name thousands of stories).
    package struct Memo {
        var siteRoots: [String: StoryLink] = [:]
        var publishers: [String: PublisherNames] = [:]

        package init() {}
    }

    /// ``story(from:seenAt:)`` with the story's URL text (its identity), remembering in `memo`, and the date
    /// `article.publishedAt` spells already read (``NewsAPIDate/parse(_:)``; nil when it has none or it is no date):
    /// `article.publishedAt` itself is not read.
    package func story(from article: NewsAPIArticle, publishedDate: Date?, seenAt now: Date, memo: inout Memo) -> (
        story: Story, key: String
    )? {
        guard let raw = article.url, let link = ArticleURL.link(from: raw), !link.isRemovedPlaceholder,
            let sourceURL = link.siteRoot(cache: &memo.siteRoots)
        else { return nil }
        var rawTitle = TextCleaner.plainText(article.title ?? "")
        guard rawTitle != Self.removedPlaceholder else { return nil }

        var cleanedSourceName = article.sourceName.map(TextCleaner.plainText)
        // Aggregated items name the aggregator as source; the real publisher ends the title.
        if link.isAggregator, let (head, publisher) = PublisherSuffix.split(rawTitle, dashOnly: true) {
            rawTitle = head
            cleanedSourceName = publisher
        }
        let description = TextCleaner.plainText(article.description ?? "")
        let content = cleanedContent(article.content)
        let summary = [description, content].first { !$0.isEmpty && $0 != Self.removedPlaceholder }
        let image = ImageURL.image(from: article.urlToImage)

        let story = Story(
            link: link.link,
            title: title(
                rawTitle, sourceName: cleanedSourceName,
                // An aggregator's host names the aggregator, not the publisher the title ends with.
                host: link.isAggregator ? nil : link.hostName ?? link.url.host, from: summary,
                publishers: &memo.publishers),
            sourceName: sourceName(cleanedSourceName, link: link),
            sourceLink: sourceURL,
            summary: summary ?? defaults.newsAPIDescription,
            content: summary.flatMap { Self.saysMore(content, than: $0) ? content : nil },
            author: author(article.author),
            image: image,
            originalImageLink: image?.link,
            publishedAt: NewsAPIDate.plausible(publishedDate, now: now),
            firstSeen: now
        )
        return (story, link.text)
    }

    // MARK: Fields

    /// The title without NewsAPI's ` - <Source name>` suffix; else the summary's first sentence; else the default.
    package func title(_ title: String, sourceName: String?, host: String? = nil, from summary: String?) -> String {
        var publishers: [String: PublisherNames] = [:]
        return self.title(title, sourceName: sourceName, host: host, from: summary, publishers: &publishers)
    }

    /// ``title(_:sourceName:host:from:)``, the publishers' names kept in `publishers` by source name and host.
    func title(
        _ title: String, sourceName: String?, host: String?, from summary: String?,
        publishers: inout [String: PublisherNames]
    ) -> String {
        let exact = Self.removingSourceSuffix(from: title, sourceName: sourceName)
        let stripped =
            exact.isEmpty
            ? exact : PublisherSuffix.removing(from: exact, sourceName: sourceName, host: host, cache: &publishers)
        if !stripped.isEmpty { return stripped }
        if let summary, case let derived = Self.firstSentence(of: summary), !derived.isEmpty { return derived }
        return defaults.title
    }

    /// `source.name`, else the article's host without `www.`, else the default.
    package func sourceName(of article: NewsAPIArticle, url: URL) -> String {
        let name = TextCleaner.plainText(article.sourceName ?? "")
        if !name.isEmpty { return name }
        return ArticleURL.publisherHost(of: url) ?? defaults.source
    }

    /// ``sourceName(of:url:)`` from the name already cleaned and the link already taken apart.
    private func sourceName(_ cleanedName: String?, link: ArticleLink) -> String {
        if let cleanedName, !cleanedName.isEmpty { return cleanedName }
        return link.publisherHost ?? defaults.source
    }

    /// A person's name, or nil for nothing, a URL, or junk such as `- Mendoza Today`.
    package func author(_ raw: String?) -> String? {
        let name = TextCleaner.plainText(raw ?? "")
        guard let first = name.unicodeScalars.first else { return nil }
        if first.properties.generalCategory.isPunctuationOrSymbol { return nil }
        var bytes = name
        let looksLikeURL = bytes.withUTF8(Self.looksLikeURL) ?? Self.looksLikeURLByCharacters(name)
        return looksLikeURL ? nil : name
    }

    /// Whether `name` holds `://` or starts with `www.` (ignoring case), read on bytes; nil when a
    /// match has a neighbour that could glue onto it, which only the `Character` rules can judge.
    private static func looksLikeURL(_ name: UnsafeBufferPointer<UInt8>) -> Bool? {
        // Lowercasing maps no other character onto ASCII `w`, `.`, `:` or `/`, so bytes suffice.
        let www: StaticString = "www."
        if name.count >= 4, (0..<4).allSatisfy({ UTF8Text.asciiLowercased(name[$0]) == www.utf8Start[$0] }) {
            return UTF8Text.isProvenBoundary(at: 4, in: name) ? true : nil
        }
        var index = 0
        while index + 3 <= name.count {
            if name[index] == UInt8(ascii: ":"), name[index + 1] == UInt8(ascii: "/"),
                name[index + 2] == UInt8(ascii: "/")
            {
                guard UTF8Text.isProvenBoundary(at: index, in: name), UTF8Text.isProvenBoundary(at: index + 3, in: name)
                else { return nil }
                return true
            }
            index += 1
        }
        return false
    }

    private static func looksLikeURLByCharacters(_ name: String) -> Bool {
        let lowercased = name.lowercased()
        return lowercased.contains("://") || lowercased.hasPrefix("www.")
    }

    /// Content as plain text, NewsAPI's `… [+N chars]` marker replaced by a plain `…`.
    package func cleanedContent(_ raw: String?) -> String {
        guard let raw else { return "" }
        let (body, wasTruncated) = TruncationMarker.removing(from: raw)
        let text = ContentText.plainLines(body)
        guard wasTruncated, !text.isEmpty, !Self.endsWithEllipsis(text) else { return text }
        return text + "…"
    }

    /// `text.hasSuffix("…")`, answered on bytes when the ellipsis is provably a `Character` of its own.
    private static func endsWithEllipsis(_ text: String) -> Bool {
        var text = text
        let answer = text.withUTF8 { bytes -> Bool? in
            guard Self.endsWithEllipsisBytes(bytes, at: bytes.count) else { return false }
            return UTF8Text.isProvenBoundary(at: bytes.count - 3, in: bytes) ? true : nil
        }
        return answer ?? text.hasSuffix("…")
    }

    // MARK: Rules

    /// Strips ` - Name` when Name is the source's name (case-insensitively), or its name without a
    /// domain ending (`Livemint.com` titles end with ` - Livemint`). A title that is nothing but the
    /// source's name (`- Name` or `Name`) becomes empty, so a better one is derived.
    package static func removingSourceSuffix(from title: String, sourceName: String?) -> String {
        guard let sourceName, !sourceName.isEmpty else { return title }
        // Foundation's case-insensitive search dominated big responses. For an ASCII name it is
        // answered on bytes; ``SourceSuffix`` says when that would not be the whole truth.
        guard sourceName.utf8.allSatisfy({ $0 < 0x80 }) else {
            return removingSourceSuffixViaFoundation(from: title, sourceName: sourceName)
        }
        var title = title
        // The name, then the name without its domain ending, each tried as it comes: no array of them for every title.
        var name = sourceName
        var isWholeName = true
        while true {
            let match = title.withUTF8 { titleBytes in name.withUTF8 { SourceSuffix(title: titleBytes, name: $0) } }
            switch match {
            case .wholeTitle: return ""
            case .suffix(let start): return trimmingWhitespaces(Substring(title.utf8.prefix(start)))
            case .unproven: return removingSourceSuffixViaFoundation(from: title, sourceName: sourceName)
            case .none:
                guard isWholeName, !sourceName.utf8.contains(UInt8(ascii: " ")),
                    let dot = sourceName.utf8.firstIndex(of: UInt8(ascii: ".")), dot > sourceName.startIndex
                else { return title }
                name = String(sourceName[..<dot])
                isWholeName = false
            }
        }
    }

    /// How a title relates to ` - Name` for an ASCII name, as Foundation's case-insensitive
    /// comparison and search and the `Character` check before the match would say.
    private enum SourceSuffix {
        /// The title is the name.
        case wholeTitle
        /// The title ends with `- Name` starting at this UTF-8 offset, after a space or at the start.
        case suffix(start: Int)
        /// Neither.
        case none
        /// Non-ASCII text where the answer depends on it: ask Foundation.
        case unproven

        init(title: UnsafeBufferPointer<UInt8>, name: UnsafeBufferPointer<UInt8>) {
            let scalarCount = title.count { !UTF8Text.isContinuation($0) }
            if scalarCount == title.count {
                if title.count == name.count, Self.equalIgnoringASCIICase(title[...], name[...]) {
                    self = .wholeTitle
                    return
                }
            } else if scalarCount <= name.count {
                // Case folding may turn a short non-ASCII title (`ß`, `K`) into the name; each
                // scalar still folds to at least one character, so longer titles cannot match.
                self = .unproven
                return
            }
            let patternCount = name.count + 2
            // Folding never makes fewer bytes into more ASCII characters: a shorter title cannot match.
            guard title.count >= patternCount else {
                self = .none
                return
            }
            let start = title.count - patternCount
            let tail = title[start...]
            guard tail.allSatisfy({ $0 < 0x80 }) else {
                self = .unproven
                return
            }
            guard tail[start] == UInt8(ascii: "-"), tail[start + 1] == UInt8(ascii: " "),
                Self.equalIgnoringASCIICase(tail[(start + 2)...], name[...])
            else {
                self = .none
                return
            }
            guard start > 0 else {
                self = .suffix(start: start)
                return
            }
            let (before, beforeStart) = UTF8Text.scalar(before: start, in: title)
            if UTF8Text.mayPrependNext(before) {
                self = .unproven
            } else if before != " " {
                self = .none  // Whatever `Character` ends there, it is not a lone space.
            } else {
                self = UTF8Text.isProvenBoundary(at: beforeStart, in: title) ? .suffix(start: start) : .unproven
            }
        }

        private static func equalIgnoringASCIICase(
            _ left: Slice<UnsafeBufferPointer<UInt8>>, _ right: Slice<UnsafeBufferPointer<UInt8>>
        )
            -> Bool
        {
            left.count == right.count
                && zip(left, right).allSatisfy { UTF8Text.asciiLowercased($0) == UTF8Text.asciiLowercased($1) }
        }
    }

    /// ``removingSourceSuffix(from:sourceName:)`` through Foundation, for names and titles the
    /// byte-level reading cannot vouch for.
    private static func removingSourceSuffixViaFoundation(from title: String, sourceName: String) -> String {
        var names = [sourceName]
        if !sourceName.contains(" "), let dot = sourceName.firstIndex(of: "."), dot > sourceName.startIndex {
            names.append(String(sourceName[..<dot]))
        }
        for name in names {
            if title.caseInsensitiveCompare(name) == .orderedSame { return "" }
            guard let range = title.range(of: "- " + name, options: [.caseInsensitive, .anchored, .backwards]),
                range.lowerBound == title.startIndex
                    // A match inside the first `Character` (a prepend glued to the dash) has no
                    // `Character` before it: asking for one used to crash.
                    || (title.distance(from: title.startIndex, to: range.lowerBound) > 0
                        && title[title.index(before: range.lowerBound)] == " ")
            else { continue }
            return trimmingWhitespaces(title[..<range.lowerBound])
        }
        return title
    }

    /// `text` trimmed of `.whitespaces` (space separators and tab). The ASCII ones are trimmed on
    /// bytes; Foundation is asked only when a non-ASCII scalar is left at an end, since bridging
    /// every title to it dominated converting big responses.
    private static func trimmingWhitespaces(_ text: Substring) -> String {
        let utf8 = text.utf8
        func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let start = utf8.firstIndex(where: { !isSpaceOrTab($0) }),
            let last = utf8.lastIndex(where: { !isSpaceOrTab($0) })
        else { return "" }
        guard utf8[start] < 0x80, utf8[last] < 0x80 else { return String(text).trimmingCharacters(in: .whitespaces) }
        return String(Substring(utf8[start...last]))
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
    package static func saysMore(_ content: String, than summary: String) -> Bool {
        var content = content
        var summary = summary
        let answer = content.withUTF8 { contentBytes in
            summary.withUTF8 { saysMoreOnBytes(contentBytes, than: $0) }
        }
        return answer ?? (firstCharactersDiffer(content, summary) ? true : saysMoreByCharacters(content, than: summary))
    }

    /// Whether the lowercased texts begin with different `Character`s while the content's first is none of the
    /// trailing marks ``saysMoreByCharacters(_:than:)`` trims: then the content's core (which begins where the
    /// content does) is no prefix of the summary's, and it says more, without lowercasing both texts whole (a
    /// description that is not the article's opening, in a script other than Latin, did that for every item).
    /// Lowercasing goes scalar by scalar, so two `Character`s of each text decide the first one lowercased.
    private static func firstCharactersDiffer(_ content: String, _ summary: String) -> Bool {
        guard let first = content.first, first != "…", first != ".", first != " " else { return false }
        let contentStart = lowercased(String(content.prefix(2))).first
        let summaryStart = lowercased(String(summary.prefix(2))).first
        return contentStart != summaryStart
    }

    /// ``saysMore(_:than:)`` on bytes for texts that are the same bytes up to where they differ in ASCII; nil when
    /// they are not, or when a `Character` boundary it relies on cannot be proven.
    private static func saysMoreOnBytes(_ content: UnsafeBufferPointer<UInt8>, than summary: UnsafeBufferPointer<UInt8>)
        -> Bool?
    {
        guard let contentEnd = coreEnd(content), let summaryEnd = coreEnd(summary) else { return nil }
        guard contentEnd > 0 else { return false }
        for index in 0..<min(contentEnd, summaryEnd) {
            let (left, right) = (content[index], summary[index])
            // The same bytes lowercase the same, scalar by scalar, and break into the same `Character`s up to the
            // first difference (a break depends on the scalars before it and the one after).
            if left == right { continue }
            // Lowercasing and canonical equivalence beyond ASCII need the `Character` rules.
            guard left < 0x80, right < 0x80 else { return nil }
            // Two ASCII scalars that differ lowercased: the `Character`s holding them differ, even canonically
            // (both are starters, which decomposition never moves), so the content's core is no prefix.
            if UTF8Text.asciiLowercased(left) != UTF8Text.asciiLowercased(right) { return true }
        }
        if contentEnd > summaryEnd { return true }
        // The summary goes on: the content is a prefix only if a `Character` starts where it ends.
        if contentEnd == summaryEnd || UTF8Text.isProvenBoundary(at: contentEnd, in: summary) { return false }
        return nil
    }

    /// Where the text ends once trailing `…`, `.` and spaces are dropped; nil when one of them may
    /// be glued to a scalar before it.
    private static func coreEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var end = bytes.count
        while end > 0 {
            let length: Int
            if endsWithEllipsisBytes(bytes, at: end) {
                length = 3
            } else if bytes[end - 1] == UInt8(ascii: ".") || bytes[end - 1] == UInt8(ascii: " ") {
                length = 1
            } else {
                break
            }
            guard UTF8Text.isProvenBoundary(at: end - length, in: bytes) else { return nil }
            end -= length
        }
        return end
    }

    /// Whether the three bytes before `end` are `…` (U+2026) in UTF-8, compared without an array of them (one was
    /// made for every text).
    private static func endsWithEllipsisBytes(_ bytes: UnsafeBufferPointer<UInt8>, at end: Int) -> Bool {
        end >= 3 && bytes[end - 3] == 0xE2 && bytes[end - 2] == 0x80 && bytes[end - 1] == 0xA6
    }

    /// ``saysMore(_:than:)`` by `Character`s, after full Unicode lowercasing.
    private static func saysMoreByCharacters(_ content: String, than summary: String) -> Bool {
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
