import Foundation
import NewsModel
import Testing

@Suite struct ConfigLoaderTests {
    let folder = URL(fileURLWithPath: "/srv/newsfeed")

    func parse(_ json: String) throws(ConfigError) -> NewsFeedConfig {
        try ConfigLoader.parse(Data(json.utf8), path: "newsfeed.json", folder: folder)
    }

    func error(_ json: String) -> ConfigError? {
        do {
            _ = try parse(json)
            return nil
        } catch {
            return error
        }
    }

    @Test func onlyFeedsIsRequiredAndDefaultsApply() throws {
        let config = try parse(#"{"feeds":[{"country":"us","category":"health"}]}"#)
        #expect(config.site.absoluteString == "http://127.0.0.1:8080/")
        #expect(config.output.path == "/srv/newsfeed/Feeds")
        #expect(config.pageSize == 100)
        #expect(config.maxItems == 100)
        #expect(config.maxAgeDays == 7)
        #expect(config.ttl == 60)
        #expect(config.defaults == FeedDefaults())
        #expect(config.feeds == [FeedSpec(country: "us", category: "health")])
    }

    @Test func theIssueExampleLoads() throws {
        let config = try parse(
            """
            { "site": "https://feeds.example.com",
              "output": "Feeds",
              "feeds": [ {"country": "us", "category": "health"}, {"country": "us", "category": "technology", "ttl": 30} ],
              "pageSize": 100, "maxItems": 100, "maxAgeDays": 7, "ttl": 60,
              "defaults": {"title": "Untitled story", "source": "Unknown source", "description": "No description",
                           "image": "bundled"} }
            """)
        #expect(config.site.absoluteString == "https://feeds.example.com/")
        #expect(config.ttl(for: config.feeds[1]) == 30)
        #expect(config.ttl(for: config.feeds[0]) == 60)
        #expect(config.publicURL(for: config.feeds[0]).absoluteString == "https://feeds.example.com/us/health.rss")
    }

    @Test func relativeOutputIsResolvedFromTheConfigFolder() throws {
        let config = try parse(#"{"output":"public/feeds","feeds":[{"country":"us","category":"health"}]}"#)
        #expect(config.output.path == "/srv/newsfeed/public/feeds")
        let absolute = try parse(#"{"output":"/var/www/feeds","feeds":[{"country":"us","category":"health"}]}"#)
        #expect(absolute.output.path == "/var/www/feeds")
    }

    @Test func unknownKeysAreNamed() {
        #expect(
            error(#"{"feeds":[{"country":"us","category":"health"}],"pagesize":5}"#)?.description.contains(
                "unknown key \"pagesize\"") == true)
        #expect(
            error(#"{"feeds":[{"country":"us","categroy":"health"}]}"#)?.description.contains(
                "unknown key \"feeds[0].categroy\"") == true)
        #expect(
            error(#"{"feeds":[{"country":"us","category":"health"}],"defaults":{"img":null}}"#)?.description
                .contains("defaults.img") == true)
    }

    /// An empty default description means "no description"; title and source must still say something.
    @Test func anEmptyDefaultDescriptionIsAllowed() throws {
        let config = try parse(#"{"feeds":[{"ddg":"futebol"}],"defaults":{"description":""}}"#)
        #expect(config.defaults.description == "")
        #expect(try parse(#"{"feeds":[{"ddg":"futebol"}]}"#).defaults.description == nil)
        #expect(error(#"{"feeds":[{"ddg":"x"}],"defaults":{"title":" "}}"#)?.description.contains("blank") == true)
    }

    /// `region` is a DuckDuckGo feed's key only, and only a region DuckDuckGo knows the shape of.
    @Test func aDuckDuckGoFeedMayAskForARegion() throws {
        let config = try parse(#"{"feeds":[{"ddg":"futebol","region":"br-pt"},{"ddg":"rust"}]}"#)
        #expect(config.feeds.map(\.region) == ["br-pt", nil])
        #expect(
            error(#"{"feeds":[{"country":"us","region":"br-pt"}]}"#)?.description.contains(
                "unknown key \"feeds[0].region\"") == true)
        for bad in ["pt", "BR-PT", "br_pt", "br-pt-x", ""] {
            #expect(
                error(#"{"feeds":[{"ddg":"futebol","region":"\#(bad)"}]}"#)?.description.contains(
                    "feeds[0].region") == true, "\(bad)")
        }
    }

    @Test func missingFeedsAndBadJSONAreClear() {
        #expect(error(#"{"site":"https://x.example/"}"#) == .missingKey(path: "newsfeed.json", keyPath: "feeds"))
        guard case .invalidJSON = error(#"{"feeds": ["#) else {
            Issue.record("truncated JSON must be invalidJSON")
            return
        }
        #expect(error(#"{"feeds":[]}"#)?.description.contains("at least one") == true)
    }

    @Test(arguments: [
        (#"{"feeds":[{"country":"xx","category":"health"}]}"#, "feeds[0].country"),
        (#"{"feeds":[{"country":"us","category":"weather"}]}"#, "feeds[0].category"),
        (#"{"feeds":[{"country":"us","category":"health","ttl":0}]}"#, "feeds[0].ttl"),
        (
            #"{"feeds":[{"country":"us","category":"health"},{"country":"US","category":"Health"}]}"#,
            "writes us/health.rss like feeds[0]"
        ),
        (#"{"feeds":[{"country":"us","category":"health"}],"pageSize":101}"#, "pageSize"),
        (#"{"feeds":[{"country":"us","category":"health"}],"ttl":-5}"#, "ttl"),
        (#"{"feeds":[{"country":"us","category":"health"}],"site":"feeds.example.com"}"#, "site"),
        (#"{"feeds":[{"country":"us","category":"health"}],"maxItems":"ten"}"#, "maxItems"),
        (
            #"{"feeds":[{"country":"us","category":"health"}],"defaults":{"image":"ftp://x.example/a.png"}}"#,
            "defaults.image"
        ),
        (#"{"feeds":[{"country":"us","category":"health"}],"defaults":{"title":"  "}}"#, "defaults.title"),
    ])
    func invalidValuesNameTheirKey(json: String, expected: String) {
        let message = error(json)?.description ?? ""
        #expect(message.contains(expected), "\(message)")
        #expect(message.hasPrefix("newsfeed.json: "))
    }

    @Test func defaultImageCanBeBundledAURLOrNone() throws {
        let base = #"{"feeds":[{"country":"us","category":"health"}],"defaults":"#
        #expect(try parse(base + #"{"image":"bundled"}}"#).defaults.image == .bundled)
        #expect(try parse(base + #"{"image":null}}"#).defaults.image == DefaultImageSetting.none)
        let url = try #require(URL(string: "https://img.example.com/x.png"))
        #expect(try parse(base + #"{"image":"https://img.example.com/x.png"}}"#).defaults.image == .url(url))
    }

    @Test func anUnreadableFileSaysWhy() {
        #expect(throws: ConfigError.unreadable(path: "nope.json", reason: "no such file")) {
            try ConfigLoader.load(path: "nope.json", workingDirectory: URL(fileURLWithPath: "/nonexistent-dir"))
        }
    }

    @Test func quotaDefaultsToNewsAPIsFreePlanAndNullMeansUnlimited() throws {
        let base = #"{"feeds":[{"country":"us","category":"health","every":"3h"}]"#
        let standard = try parse(base + "}")
        #expect(standard.quota == QuotaSettings(requestsPerDay: 100, requestsPer12h: 50, reserve: 5))
        #expect(standard.feeds[0].every == .hours(3))
        let paid = try parse(base + #","quota":{"requestsPerDay":null,"requestsPer12h":null,"reserve":0}}"#)
        #expect(paid.quota == QuotaSettings(requestsPerDay: nil, requestsPer12h: nil, reserve: 0))
        // The default reserve never eats a small quota: a tenth at most.
        let small = try parse(base + #","quota":{"requestsPerDay":4}}"#)
        #expect(small.quota == QuotaSettings(requestsPerDay: 4, requestsPer12h: 50, reserve: 0))
        let given = try parse(base + #","quota":{"requestsPerDay":40,"reserve":3}}"#)
        #expect(given.quota.reserve == 3)
    }

    @Test(arguments: [
        (#""quota":{"requestsPerDay":0}"#, "quota.requestsPerDay: must be a positive number of requests"),
        (#""quota":{"requestsPer12h":"50"}"#, "quota.requestsPer12h: expected a whole number"),
        (#""quota":{"reserve":-1}"#, "quota.reserve: must be 0 or more"),
        (#""quota":{"requestsPerDay":10,"reserve":10}"#, "quota.reserve: 10 leaves nothing of the 24h limit"),
        (#""quota":{"perDay":10}"#, #"unknown key "quota.perDay""#),
    ])
    func badQuotasNameTheirKey(part: String, expected: String) {
        let message = error(#"{"feeds":[{"country":"us","category":"health"}],"# + part + "}")?.description ?? ""
        #expect(message.contains(expected), "\(message)")
    }

    @Test func aBadEveryNamesItsFeed() {
        let tooShort = error(#"{"feeds":[{"country":"us","category":"health","every":"30s"}]}"#)?.description ?? ""
        #expect(tooShort.contains("feeds[0].every: must be at least 1m, not 30s"), "\(tooShort)")
        let garbled = error(#"{"feeds":[{"country":"us","category":"health","every":"often"}]}"#)?.description ?? ""
        #expect(garbled.contains("feeds[0].every"), "\(garbled)")
    }

    /// Every bad value: the message is `c.json: <key path>: <reason>`, the key path said once, in the config's
    /// own spelling (never the decoder's `Index 0`), and a number is never called broken JSON.
    @Test(arguments: [
        (#"{"feeds":[{"ddg":"a"}],"maxItems":2.5}"#, "c.json: maxItems: expected a whole number, not 2.5"),
        (#"{"feeds":[{"ddg":"a","ttl":1.5}]}"#, "c.json: feeds[0].ttl: expected a whole number, not 1.5"),
        (#"{"feeds":[{"ddg":"a"}],"pageSize":-2.5e-1}"#, "c.json: pageSize: expected a whole number, not -2.5e-1"),
        (#"{"feeds":[{"ddg":"a"}],"maxItems":1e400}"#, "c.json: maxItems: must be 1 to 10000, not 1e400"),
        (
            #"{"feeds":[{"ddg":"a"}],"maxAgeDays":99999999999999999999}"#,
            "c.json: maxAgeDays: must be 1 to 3650, not 99999999999999999999"
        ),
        (
            #"{"feeds":[{"ddg":"a"}],"quota":{"reserve":1e30}}"#,
            "c.json: quota.reserve: must be 0 or more requests, not 1e30"
        ),
        (
            #"{"feeds":[{"ddg":"a","every":"soon"}]}"#,
            #"c.json: feeds[0].every: "soon" is not a duration (use e.g. 30s, 15m, 1h)"#
        ),
        (
            #"{"feeds":[{"ddg":"a"},{"ddg":"b","every":"x"}]}"#,
            #"c.json: feeds[1].every: "x" is not a duration (use e.g. 30s, 15m, 1h)"#
        ),
        (
            #"{"feeds":[{"ddg":"a"}],"watch":{"timeout":"soon"}}"#,
            #"c.json: watch.timeout: "soon" is not a duration (use e.g. 30s, 15m, 1h)"#
        ),
        (#"{"feeds":[{"ddg":"a"}],"watch":{"timeout":"0s"}}"#, "c.json: watch.timeout: must be longer than 0s"),
        (#"{"feeds":[{"ddg":"a"}],"maxItems":"5"}"#, "c.json: maxItems: expected a whole number"),
        (#"{"feeds":[{"ddg":"a","ttl":0}]}"#, "c.json: feeds[0].ttl: must be a positive number of minutes, not 0"),
    ])
    func valueErrorsNameTheirKeyOnce(json: String, expected: String) {
        var message = "(loaded)"
        do {
            _ = try ConfigLoader.parse(Data(json.utf8), path: "c.json", folder: folder)
        } catch {
            message = error.description
        }
        #expect(message == expected)
        #expect(!message.contains("not valid JSON"))
        #expect(!message.contains("Index "))
    }
}
