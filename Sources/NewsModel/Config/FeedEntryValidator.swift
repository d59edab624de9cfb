import Foundation

/// Turns the config's `feeds` entries into ``FeedSpec`` values, refusing what NewsAPI or
/// DuckDuckGo would refuse, blank words, and two feeds that would write the same file.
package struct FeedEntryValidator {
    /// The config file's name, for messages.
    package var path: String

    /// NewsAPI's limit on `q`.
    static let maximumQueryLength = 500

    package func specs(from entries: [ConfigFile.FeedEntry]) throws(ConfigError) -> [FeedSpec] {
        var specs: [FeedSpec] = []
        var places: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            let spec = try self.spec(from: entry, at: "feeds[\(index)]")
            if let earlier = places[spec.id] {
                throw invalid(
                    "feeds[\(index)]",
                    "writes \(spec.relativePath) like feeds[\(earlier)]; give one of them another \"name\"")
            }
            places[spec.id] = index
            specs.append(spec)
        }
        return specs
    }

    private func invalid(_ keyPath: String, _ reason: String) -> ConfigError {
        .invalidValue(path: path, keyPath: keyPath, reason: reason)
    }

    private func spec(from entry: ConfigFile.FeedEntry, at place: String) throws(ConfigError) -> FeedSpec {
        let kind: FeedKind
        if let search = entry.search {
            kind = .search(try self.search(search, entry: entry, at: place))
        } else if let query = entry.ddg {
            let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { throw invalid("\(place).ddg", "must not be blank") }
            kind = .duckDuckGo(query: trimmed)
        } else if let address = entry.feed {
            kind = .feed(url: try feedURL(address, at: "\(place).feed"))
        } else if let addresses = entry.feedList {
            kind = try mergedFeed(addresses, name: entry.name, at: place)
        } else {
            kind = try headlines(entry, at: place)
        }
        if let ttl = entry.ttl, ttl <= 0 {
            throw invalid("\(place).ttl", "must be a positive number of minutes, not \(ttl)")
        }
        var name: String?
        if let given = entry.name {
            let trimmed = given.trimmingCharacters(in: .whitespaces)
            guard FeedSlug.isValid(trimmed) else {
                throw invalid(
                    "\(place).name",
                    "\"\(given)\" is not a file name of lowercase ASCII letters, digits and inner dashes "
                        + "(e.g. \"\(FeedSlug.make(given).isEmpty ? "my-feed" : FeedSlug.make(given))\")")
            }
            name = trimmed
        }
        var title: String?
        if let given = entry.title {
            let plain = TextCleaner.plainText(given)
            guard !plain.isEmpty else { throw invalid("\(place).title", "must not be blank") }
            title = plain
        }
        let filter = StoryFilter(
            include: try words(entry.include, at: "\(place).include"),
            exclude: try words(entry.exclude, at: "\(place).exclude"))
        if let every = entry.every, every.milliseconds < 60_000 {
            throw invalid("\(place).every", "must be at least 1m, not \(every)")
        }
        if kind.isPublisherFeed, let every = entry.every, every.milliseconds < Self.minimumFeedEvery {
            throw invalid("\(place).every", "must be at least 5m for a publisher's feed, not \(every)")
        }
        var spec = FeedSpec(
            kind: kind, name: name, title: title, ttl: entry.ttl, filter: filter, every: entry.every,
            region: try region(entry.region, at: "\(place).region"))
        spec.fullText = entry.fullText
        if spec.slug.isEmpty {
            throw invalid(place, "the query has no ASCII letters or digits to name its file: give it a \"name\"")
        }
        return spec
    }

    /// Publishers' feeds are polled at most every 5 minutes (`every` below it is refused).
    static let minimumFeedEvery = 5 * 60_000

    /// The most sources one merged feed may have.
    static let maximumMergedSources = 50

    /// `"feed": [url, …]`: 1 to 50 http(s) URLs, each once (compared canonically), and a `name`, since no one
    /// source names the merged file.
    private func mergedFeed(_ given: [String], name: String?, at place: String) throws(ConfigError) -> FeedKind {
        guard !given.isEmpty else {
            throw invalid("\(place).feed", "lists no feed; give 1 to \(Self.maximumMergedSources) URLs")
        }
        guard given.count <= Self.maximumMergedSources else {
            throw invalid(
                "\(place).feed",
                "lists \(given.count) feeds; a merged feed takes at most \(Self.maximumMergedSources)")
        }
        guard name != nil else {
            throw invalid(place, "a merged feed (\"feed\" with a list of URLs) needs a \"name\" for its file")
        }
        var urls: [URL] = []
        var seen: [String: Int] = [:]
        for (index, address) in given.enumerated() {
            let url = try feedURL(address, at: "\(place).feed[\(index)]")
            if let earlier = seen[CanonicalURL.key(url.absoluteString)] {
                throw invalid("\(place).feed[\(index)]", "repeats feed[\(earlier)] (\(given[earlier]))")
            }
            seen[CanonicalURL.key(url.absoluteString)] = index
            urls.append(url)
        }
        return .mergedFeed(urls: urls)
    }

    /// A `feed` address: an absolute http(s) URL with a host.
    private func feedURL(_ given: String, at place: String) throws(ConfigError) -> URL {
        let trimmed = given.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else {
            throw invalid(place, "\"\(given)\" is not an http(s) URL such as \"https://example.com/rss.xml\"")
        }
        return url
    }

    /// A DuckDuckGo region as its `kl` parameter takes it: a country and a language, two lowercase
    /// letters each (`br-pt`, `us-en`, `wt-wt` for no region).
    private func region(_ given: String?, at place: String) throws(ConfigError) -> String? {
        guard let given else { return nil }
        let parts = given.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ $0.count == 2 && $0.unicodeScalars.allSatisfy { ("a"..."z").contains($0) } })
        else {
            throw invalid(place, "\"\(given)\" is not a DuckDuckGo region such as \"br-pt\" or \"us-en\"")
        }
        return given
    }

    private func headlines(_ entry: ConfigFile.FeedEntry, at place: String) throws(ConfigError) -> FeedKind {
        let given = entry.country ?? ""
        let country = given.lowercased()
        guard NewsAPICatalog.country(country) != nil else {
            throw invalid(
                "\(place).country",
                "\"\(given)\" is not one of NewsAPI's countries (\(NewsAPICatalog.countries.map(\.code).joined(separator: " ")))"
            )
        }
        guard let givenCategory = entry.category else { return .headlines(country: country, category: nil) }
        let category = givenCategory.lowercased()
        guard NewsAPICatalog.isCategory(category) else {
            throw invalid(
                "\(place).category",
                "\"\(givenCategory)\" is not one of NewsAPI's categories (\(NewsAPICatalog.categories.joined(separator: ", ")))"
            )
        }
        return .headlines(country: country, category: category)
    }

    private func search(_ query: String, entry: ConfigFile.FeedEntry, at place: String) throws(ConfigError)
        -> NewsAPISearch
    {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw invalid("\(place).search", "must not be blank") }
        guard trimmed.count <= Self.maximumQueryLength else {
            throw invalid(
                "\(place).search", "is \(trimmed.count) characters; NewsAPI takes at most \(Self.maximumQueryLength)")
        }
        var search = NewsAPISearch(query: trimmed)
        if let language = entry.language {
            let code = language.lowercased()
            guard NewsAPISearch.languages.contains(code) else {
                throw invalid(
                    "\(place).language",
                    "\"\(language)\" is not one of NewsAPI's languages (\(NewsAPISearch.languages.joined(separator: " ")))"
                )
            }
            search.language = code
        }
        if let sortBy = entry.sortBy {
            guard let order = NewsAPISearch.SortOrder(rawValue: sortBy) else {
                throw invalid(
                    "\(place).sortBy",
                    "\"\(sortBy)\" is not one of "
                        + NewsAPISearch.SortOrder.allCases.map(\.rawValue).joined(separator: ", "))
            }
            search.sortBy = order
        }
        if let from = entry.from {
            guard let start = SearchStart(parsing: from) else {
                throw invalid(
                    "\(place).from", "\"\(from)\" is neither a date like 2026-11-28 nor an age like 36h or 2d")
            }
            search.from = start
        }
        if let searchIn = entry.searchIn {
            let fields = searchIn.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let searchable = NewsAPISearch.searchableFields
            if let wrong = fields.first(where: { !searchable.contains($0) }) ?? (fields.isEmpty ? searchIn : nil) {
                throw invalid("\(place).searchIn", "\"\(wrong)\" is not one of \(searchable.joined(separator: ", "))")
            }
            var unique: [String] = []
            for field in fields where !unique.contains(field) { unique.append(field) }
            search.searchIn = unique
        }
        search.domains = try domainList(entry.domains, at: "\(place).domains")
        search.excludeDomains = try domainList(entry.excludeDomains, at: "\(place).excludeDomains")
        return search
    }

    /// `bbc.co.uk, techcrunch.com` → `bbc.co.uk,techcrunch.com`; a blank or spaced entry is refused.
    private func domainList(_ text: String?, at keyPath: String) throws(ConfigError) -> String? {
        guard let text else { return nil }
        let domains = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        for domain in domains {
            guard !domain.isEmpty, !domain.contains(" "), domain.contains("."), !domain.contains("/") else {
                throw invalid(
                    keyPath, "\"\(text)\" is not a comma-separated list of domains like bbc.co.uk,techcrunch.com")
            }
        }
        return domains.joined(separator: ",")
    }

    /// `include`/`exclude`: each a word or phrase with at least one letter or digit.
    private func words(_ list: [String]?, at keyPath: String) throws(ConfigError) -> [String] {
        guard let list else { return [] }
        var kept: [String] = []
        for (index, entry) in list.enumerated() {
            let trimmed = entry.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !StoryFilter.words(of: trimmed).isEmpty else {
                throw invalid("\(keyPath)[\(index)]", "\"\(entry)\" holds no word to match")
            }
            kept.append(trimmed)
        }
        return kept
    }
}
