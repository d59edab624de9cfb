import Foundation

/// The raw shape of `newsfeed.json`, decoded strictly: an unknown key anywhere is
/// an error naming it, so a typo never silently falls back to a default.
package struct ConfigFile: Decodable {
    /// One `feeds` entry; which keys are allowed depends on its kind (`country`, `search` or `ddg`).
    package struct FeedEntry: Decodable {
        static let commonKeys = ["name", "title", "ttl", "include", "exclude", "every", "fullText"]
        static let headlineKeys = ["country", "category"]
        static let searchKeys = [
            "search", "language", "sortBy", "from", "searchIn", "domains", "excludeDomains",
        ]
        static let duckDuckGoKeys = ["ddg", "region"]
        static let feedKeys = ["feed"]

        package var country: String?
        package var category: String?
        package var search: String?
        package var language: String?
        package var sortBy: String?
        package var from: String?
        package var searchIn: String?
        package var domains: String?
        package var excludeDomains: String?
        package var ddg: String?
        /// A publisher's own feed: its http(s) URL.
        package var feed: String?
        /// Publishers' feeds to merge into one (`"feed": [url, …]`).
        package var feedList: [String]?
        /// A DuckDuckGo feed's region, e.g. `br-pt` (sent as `kl=`).
        package var region: String?
        package var name: String?
        package var title: String?
        package var ttl: Int?
        package var include: [String]?
        package var exclude: [String]?
        /// The feed's own refresh interval, e.g. `"3h"`.
        package var every: WatchDuration?
        /// Whether this feed carries whole articles; nil follows `fullText.default`.
        package var fullText: Bool?

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: ConfigKey.self)
            let kinds = [
                ("country", Self.headlineKeys), ("search", Self.searchKeys), ("ddg", Self.duckDuckGoKeys),
                ("feed", Self.feedKeys),
            ]
            let present = kinds.filter { container.contains(ConfigKey($0.0)) }
            if present.count > 1 {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: decoder.codingPath,
                        debugDescription: "give one of \"country\", \"search\", \"ddg\" or \"feed\", not "
                            + present.map { "\"\($0.0)\"" }.joined(separator: " and ")))
            }
            guard let kindKeys = present.first?.1 else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: decoder.codingPath,
                        debugDescription: "a feed needs \"country\" (top headlines), \"search\" (NewsAPI search) "
                            + "\"ddg\" (DuckDuckGo) or \"feed\" (a publisher's RSS, Atom or JSON feed)"))
            }
            try ConfigFile.rejectUnknownKeys(in: decoder, known: kindKeys + Self.commonKeys)
            func text(_ key: String) throws -> String? {
                try container.decodeIfPresent(String.self, forKey: ConfigKey(key))
            }
            country = try text("country")
            category = try text("category")
            search = try text("search")
            language = try text("language")
            sortBy = try text("sortBy")
            from = try text("from")
            searchIn = try text("searchIn")
            domains = try text("domains")
            excludeDomains = try text("excludeDomains")
            ddg = try text("ddg")
            // `feed` is one URL, or a list of them to merge.
            if let list = try? container.decodeIfPresent([String].self, forKey: ConfigKey("feed")) {
                feedList = list
            } else {
                do {
                    feed = try text("feed")
                } catch {
                    throw DecodingError.dataCorrupted(
                        DecodingError.Context(
                            codingPath: decoder.codingPath + [ConfigKey("feed")],
                            debugDescription: "must be a feed's http(s) URL or a list of 1 to 50 of them"))
                }
            }
            region = try text("region")
            name = try text("name")
            title = try text("title")
            ttl = try container.decodeIfPresent(Int.self, forKey: ConfigKey("ttl"))
            include = try container.decodeIfPresent([String].self, forKey: ConfigKey("include"))
            exclude = try container.decodeIfPresent([String].self, forKey: ConfigKey("exclude"))
            every = try container.decodeIfPresent(WatchDuration.self, forKey: ConfigKey("every"))
            fullText = try container.decodeIfPresent(Bool.self, forKey: ConfigKey("fullText"))
        }
    }

    /// `"quota"`: each limit distinguishes absent (the default) from `null` (unlimited).
    package struct QuotaEntry: Decodable {
        package enum Limit {
            case absent
            case unlimited
            case value(Int)
        }

        package var requestsPerDay: Limit
        package var requestsPer12h: Limit
        package var reserve: Int?

        package init(from decoder: any Decoder) throws {
            try ConfigFile.rejectUnknownKeys(in: decoder, known: ["requestsPerDay", "requestsPer12h", "reserve"])
            let container = try decoder.container(keyedBy: ConfigKey.self)
            func limit(_ name: String) throws -> Limit {
                let key = ConfigKey(name)
                guard container.contains(key) else { return .absent }
                if try container.decodeNil(forKey: key) { return .unlimited }
                return .value(try container.decode(Int.self, forKey: key))
            }
            requestsPerDay = try limit("requestsPerDay")
            requestsPer12h = try limit("requestsPer12h")
            reserve = try container.decodeIfPresent(Int.self, forKey: ConfigKey("reserve"))
        }
    }

    package struct DefaultsEntry: Decodable {
        /// `image` distinguishes absent (bundled) from `null` (no image).
        package enum ImageEntry {
            case absent
            case null
            case text(String)
        }

        package var title: String?
        package var source: String?
        package var description: String?
        package var image: ImageEntry

        package init(from decoder: any Decoder) throws {
            try ConfigFile.rejectUnknownKeys(in: decoder, known: ["title", "source", "description", "image"])
            let container = try decoder.container(keyedBy: ConfigKey.self)
            title = try container.decodeIfPresent(String.self, forKey: ConfigKey("title"))
            source = try container.decodeIfPresent(String.self, forKey: ConfigKey("source"))
            description = try container.decodeIfPresent(String.self, forKey: ConfigKey("description"))
            let imageKey = ConfigKey("image")
            if !container.contains(imageKey) {
                image = .absent
            } else if try container.decodeNil(forKey: imageKey) {
                image = .null
            } else {
                image = .text(try container.decode(String.self, forKey: imageKey))
            }
        }
    }

    /// `"images"`: the image cache's switch, widths and size cap, checked in ``ConfigLoader``.
    package struct ImagesEntry: Decodable {
        package var cache: Bool?
        package var widths: [Int]?
        package var maxTotal: String?

        package init(from decoder: any Decoder) throws {
            try ConfigFile.rejectUnknownKeys(in: decoder, known: ["cache", "widths", "maxTotal"])
            let container = try decoder.container(keyedBy: ConfigKey.self)
            cache = try container.decodeIfPresent(Bool.self, forKey: ConfigKey("cache"))
            widths = try container.decodeIfPresent([Int].self, forKey: ConfigKey("widths"))
            maxTotal = try container.decodeIfPresent(String.self, forKey: ConfigKey("maxTotal"))
        }
    }

    /// `"fullText"`: the switch for every feed and the page fetcher's limits, checked in ``ConfigLoader``.
    package struct FullTextEntry: Decodable {
        /// `maxPageBytes` as a whole number of bytes or a size such as `"8MB"`.
        package enum Size {
            case bytes(Int)
            case text(String)
        }

        package var byDefault: Bool?
        package var pagesPerRun: Int?
        package var concurrency: Int?
        package var perHost: Int?
        package var hostSpacing: WatchDuration?
        package var timeout: WatchDuration?
        package var maxPageBytes: Size?
        package var robots: Bool?
        package var extractTimeout: WatchDuration?
        package var maxArticleBytes: Size?
        package var runTime: WatchDuration?
        package var siteConfig: String?
        package var maxPages: Int?

        package init(from decoder: any Decoder) throws {
            try ConfigFile.rejectUnknownKeys(
                in: decoder,
                known: [
                    "default", "pagesPerRun", "concurrency", "perHost", "hostSpacing", "timeout", "maxPageBytes",
                    "robots", "extractTimeout", "maxArticleBytes", "runTime", "siteConfig", "maxPages",
                ])
            let container = try decoder.container(keyedBy: ConfigKey.self)
            byDefault = try container.decodeIfPresent(Bool.self, forKey: ConfigKey("default"))
            pagesPerRun = try container.decodeIfPresent(Int.self, forKey: ConfigKey("pagesPerRun"))
            concurrency = try container.decodeIfPresent(Int.self, forKey: ConfigKey("concurrency"))
            perHost = try container.decodeIfPresent(Int.self, forKey: ConfigKey("perHost"))
            hostSpacing = try container.decodeIfPresent(WatchDuration.self, forKey: ConfigKey("hostSpacing"))
            timeout = try container.decodeIfPresent(WatchDuration.self, forKey: ConfigKey("timeout"))
            robots = try container.decodeIfPresent(Bool.self, forKey: ConfigKey("robots"))
            extractTimeout = try container.decodeIfPresent(WatchDuration.self, forKey: ConfigKey("extractTimeout"))
            runTime = try container.decodeIfPresent(WatchDuration.self, forKey: ConfigKey("runTime"))
            siteConfig = try container.decodeIfPresent(String.self, forKey: ConfigKey("siteConfig"))
            maxPages = try container.decodeIfPresent(Int.self, forKey: ConfigKey("maxPages"))
            maxPageBytes = try Self.size(in: container, key: ConfigKey("maxPageBytes"), decoder: decoder)
            maxArticleBytes = try Self.size(in: container, key: ConfigKey("maxArticleBytes"), decoder: decoder)
        }

        /// A size key: a whole number of bytes or a text such as `"8MB"`, nil when absent.
        private static func size(
            in container: KeyedDecodingContainer<ConfigKey>, key: ConfigKey, decoder: any Decoder
        ) throws -> Size? {
            if !container.contains(key) {
                return nil
            } else if let text = try? container.decode(String.self, forKey: key) {
                return .text(text)
            } else {
                do {
                    return .bytes(try container.decode(Int.self, forKey: key))
                } catch {
                    throw DecodingError.dataCorrupted(
                        DecodingError.Context(
                            codingPath: decoder.codingPath + [key],
                            debugDescription: "expected a whole number of bytes or a size such as \"8MB\""))
                }
            }
        }
    }

    /// `"sources"`: limits for reading publishers' feeds, checked in ``ConfigLoader``.
    package struct SourcesEntry: Decodable {
        package var maxFeedBytes: String?
        package var concurrency: Int?

        package init(from decoder: any Decoder) throws {
            try ConfigFile.rejectUnknownKeys(in: decoder, known: ["maxFeedBytes", "concurrency"])
            let container = try decoder.container(keyedBy: ConfigKey.self)
            maxFeedBytes = try container.decodeIfPresent(String.self, forKey: ConfigKey("maxFeedBytes"))
            concurrency = try container.decodeIfPresent(Int.self, forKey: ConfigKey("concurrency"))
        }
    }

    /// `"websub"`: the hub's switch, outside hubs, leases, caps and timeout, checked in ``ConfigLoader``.
    package struct WebSubEntry: Decodable {
        /// `"leaseSeconds"`: the default, shortest and longest lease, each a duration such as `"10d"`.
        package struct LeaseEntry: Decodable {
            package var byDefault: WatchDuration?
            package var min: WatchDuration?
            package var max: WatchDuration?

            package init(from decoder: any Decoder) throws {
                try ConfigFile.rejectUnknownKeys(in: decoder, known: ["default", "min", "max"])
                let container = try decoder.container(keyedBy: ConfigKey.self)
                byDefault = try container.decodeIfPresent(WatchDuration.self, forKey: ConfigKey("default"))
                min = try container.decodeIfPresent(WatchDuration.self, forKey: ConfigKey("min"))
                max = try container.decodeIfPresent(WatchDuration.self, forKey: ConfigKey("max"))
            }
        }

        package var hub: Bool?
        package var hubs: [String]?
        package var leaseSeconds: LeaseEntry?
        package var maxSubscriptions: Int?
        package var maxPerCallbackHost: Int?
        package var timeout: WatchDuration?

        package init(from decoder: any Decoder) throws {
            try ConfigFile.rejectUnknownKeys(
                in: decoder,
                known: ["hub", "hubs", "leaseSeconds", "maxSubscriptions", "maxPerCallbackHost", "timeout"])
            let container = try decoder.container(keyedBy: ConfigKey.self)
            hub = try container.decodeIfPresent(Bool.self, forKey: ConfigKey("hub"))
            hubs = try container.decodeIfPresent([String].self, forKey: ConfigKey("hubs"))
            leaseSeconds = try container.decodeIfPresent(LeaseEntry.self, forKey: ConfigKey("leaseSeconds"))
            maxSubscriptions = try container.decodeIfPresent(Int.self, forKey: ConfigKey("maxSubscriptions"))
            maxPerCallbackHost = try container.decodeIfPresent(Int.self, forKey: ConfigKey("maxPerCallbackHost"))
            timeout = try container.decodeIfPresent(WatchDuration.self, forKey: ConfigKey("timeout"))
        }
    }

    static let knownTopLevelKeys = [
        "site", "output", "feeds", "pageSize", "maxItems", "maxAgeDays", "ttl", "defaults", "watch", "quota", "formats",
        "images", "allowPrivate", "fullText", "sources", "websub",
    ]

    package var site: String?
    package var output: String?
    package var feeds: [FeedEntry]
    package var pageSize: Int?
    package var maxItems: Int?
    package var maxAgeDays: Int?
    package var ttl: Int?
    package var defaults: DefaultsEntry?
    package var watch: WatchSettings?
    package var quota: QuotaEntry?
    package var formats: [String]?
    package var images: ImagesEntry?
    package var allowPrivate: Bool?
    package var fullText: FullTextEntry?
    package var sources: SourcesEntry?
    package var websub: WebSubEntry?

    package init(from decoder: any Decoder) throws {
        try Self.rejectUnknownKeys(in: decoder, known: Self.knownTopLevelKeys)
        let container = try decoder.container(keyedBy: ConfigKey.self)
        site = try container.decodeIfPresent(String.self, forKey: ConfigKey("site"))
        output = try container.decodeIfPresent(String.self, forKey: ConfigKey("output"))
        feeds = try container.decode([FeedEntry].self, forKey: ConfigKey("feeds"))
        pageSize = try container.decodeIfPresent(Int.self, forKey: ConfigKey("pageSize"))
        maxItems = try container.decodeIfPresent(Int.self, forKey: ConfigKey("maxItems"))
        maxAgeDays = try container.decodeIfPresent(Int.self, forKey: ConfigKey("maxAgeDays"))
        ttl = try container.decodeIfPresent(Int.self, forKey: ConfigKey("ttl"))
        defaults = try container.decodeIfPresent(DefaultsEntry.self, forKey: ConfigKey("defaults"))
        watch = try container.decodeIfPresent(WatchSettings.self, forKey: ConfigKey("watch"))
        quota = try container.decodeIfPresent(QuotaEntry.self, forKey: ConfigKey("quota"))
        formats = try container.decodeIfPresent([String].self, forKey: ConfigKey("formats"))
        images = try container.decodeIfPresent(ImagesEntry.self, forKey: ConfigKey("images"))
        allowPrivate = try container.decodeIfPresent(Bool.self, forKey: ConfigKey("allowPrivate"))
        fullText = try container.decodeIfPresent(FullTextEntry.self, forKey: ConfigKey("fullText"))
        sources = try container.decodeIfPresent(SourcesEntry.self, forKey: ConfigKey("sources"))
        websub = try container.decodeIfPresent(WebSubEntry.self, forKey: ConfigKey("websub"))
    }

    static func rejectUnknownKeys(in decoder: any Decoder, known: [String]) throws {
        let container = try decoder.container(keyedBy: ConfigKey.self)
        for key in container.allKeys where !known.contains(key.stringValue) {
            throw UnknownConfigKey(keyPath: ConfigKey.describe(decoder.codingPath + [key]), known: known)
        }
    }
}

/// Thrown from inside decoding; ``ConfigLoader`` turns it into ``ConfigError/unknownKey(path:keyPath:known:)``.
package struct UnknownConfigKey: Error {
    package var keyPath: String
    package var known: [String]
}

/// Any string key, so unknown keys can be listed.
package struct ConfigKey: CodingKey {
    package var stringValue: String
    package var intValue: Int?

    package init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    package init?(stringValue: String) {
        self.init(stringValue)
    }

    package init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }

    /// `feeds[1].ttl` for a coding path.
    package static func describe(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text.isEmpty ? "(top level)" : text
    }
}
