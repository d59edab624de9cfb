/// The ways one story's publisher may be named at the end of its title, from NewsAPI's source
/// name and the article's host. Names are compared as ``PublisherSuffix/key(_:)``s: case,
/// accents, punctuation and spacing do not count.
///
/// A tail names the publisher when it is
/// - the source name, its domain, or the domain's name without the TLD (`Livemint`, `TheHill`);
/// - a known alias of one of those (`NYT` for nytimes.com);
/// - one name the start of the other, four letters at least (`Sky News Australia` for `Skynews.com.au`),
///   or a name starting with the site's own name (`Yahoo Finance` on finance.yahoo.com);
/// - made of words that hold the source's or site's whole name as consecutive words
///   (`La Gazzetta dello Sport` for gazzetta.it, `Global Polio Eradication Initiative` for
///   polioeradication.org);
/// - the site's brand followed by a generic word the site name adds (`CBS Los Angeles` on
///   cbslocal.com: `cbs` + `local`);
/// - the initials of the source name (three words or more) or of a tail already recognised in
///   the same title (`GPEI` before `- Global Polio Eradication Initiative`): a publisher that
///   spells itself out once is the one its initials stand for.
package struct PublisherNames: Sendable {
    /// Keys that name the publisher exactly.
    private var exact: Set<String>
    /// Compact names (a leading "the" kept) a tail's consecutive words may spell out.
    private let spelled: [String]
    /// The source's key, for the prefix rule.
    private let source: String
    /// The site's own name from the host.
    private let site: String

    /// Words a site name adds to a brand: `cbslocal` is CBS's local sites, `skynews` Sky's news.
    private static let genericWords: Set<String> = [
        "local", "news", "online", "today", "daily", "tv", "radio", "sports", "sport", "network", "media", "digital",
        "world",
    ]

    /// Well-known short and long forms of the same publisher, as keys; each pair works both ways.
    private static let aliases: [(String, String)] = [
        ("nytimes", "newyorktimes"), ("nyt", "newyorktimes"), ("wsj", "wallstreetjournal"),
        ("apnews", "associatedpress"), ("ap", "associatedpress"), ("ft", "financialtimes"),
        ("wapo", "washingtonpost"), ("latimes", "losangelestimes"), ("bbc", "britishbroadcastingcorporation"),
        ("cnbc", "consumernewsandbusinesschannel"), ("npr", "nationalpublicradio"),
    ]

    /// - Parameters:
    ///   - sourceName: NewsAPI's `source.name`, already plain text.
    ///   - host: the article's host, when it is the publisher's (not an aggregator's).
    package init(sourceName: String?, host: String?) {
        source = sourceName.map(PublisherSuffix.key) ?? ""
        site = host.map(PublisherSuffix.siteName) ?? ""
        var exact: Set<String> = []
        for name in [source, site] where !name.isEmpty {
            exact.insert(name)
            for (short, long) in Self.aliases {
                if name == short { exact.insert(long) }
                if name == long { exact.insert(short) }
            }
        }
        let sourceWords = sourceName.map(PublisherSuffix.words) ?? []
        if let initials = Self.initials(of: sourceWords) { exact.insert(initials) }
        self.exact = exact
        // With a leading "the" kept: "Capitol Hill" does not spell out The Hill.
        let siteLabel = host.map { PublisherSuffix.compactName(PublisherSuffix.siteLabel($0)) } ?? ""
        spelled = [sourceName.map(PublisherSuffix.compactName) ?? "", siteLabel].filter { $0.count >= 4 }
    }

    /// Whether `tail` names the publisher; a recognised tail's initials are remembered for the
    /// next part of the same title.
    package mutating func recognises(_ tail: String) -> Bool {
        let key = PublisherSuffix.key(tail)
        guard !key.isEmpty else { return false }
        let words = PublisherSuffix.words(tail)
        guard exact.contains(key) || startsAlike(key) || spellsOut(words) || isBrandPlusGenericWord(words) else {
            return false
        }
        if let initials = Self.initials(of: words) { exact.insert(initials) }
        return true
    }

    /// One key the start of the other (four letters at least), or the tail starting with the site's name.
    private func startsAlike(_ key: String) -> Bool {
        if !source.isEmpty {
            let (shorter, longer) = key.count < source.count ? (key, source) : (source, key)
            if shorter.count >= 4, longer.hasPrefix(shorter) { return true }
        }
        return site.count >= 4 && key.hasPrefix(site)
    }

    /// Whether consecutive words of the tail join into the source's or site's compact name.
    private func spellsOut(_ words: [String]) -> Bool {
        guard words.count > 1 else { return false }
        for name in spelled {
            for start in words.indices {
                var joined = ""
                for word in words[start...] {
                    joined += word
                    if joined == name { return true }
                    if joined.count >= name.count || !name.hasPrefix(joined) { break }
                }
            }
        }
        return false
    }

    /// `CBS Los Angeles` on cbslocal.com: the tail's first word is the site name's start and the
    /// rest of the site name is a generic word. Short tails only: a headline has more words.
    private func isBrandPlusGenericWord(_ words: [String]) -> Bool {
        guard let first = words.first, first.count >= 2, words.count <= 4 else { return false }
        return [site, source].contains { name in
            name.count > first.count && name.hasPrefix(first)
                && Self.genericWords.contains(String(name.dropFirst(first.count)))
        }
    }

    /// The first letters of three words or more (`gpei`); nil for shorter names, whose initials
    /// (`ap`, `la`) say too little.
    private static func initials(of words: [String]) -> String? {
        guard words.count >= 3 else { return nil }
        return String(words.compactMap(\.first))
    }
}
