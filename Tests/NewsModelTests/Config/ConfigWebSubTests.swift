import Foundation
import NewsModel
import Testing

/// The `"websub"` object (issue 29): off by default, the lease clamping, and one-line errors for bad values.
@Suite struct ConfigWebSubTests {
    private func parse(_ websub: String) throws(ConfigError) -> NewsFeedConfig {
        let text = #"{"site": "https://news.example/", "websub": "# + websub + #", "feeds": [{"country": "us"}]}"#
        return try ConfigLoader.parse(Data(text.utf8), path: "newsfeed.json", folder: URL(fileURLWithPath: "/tmp"))
    }

    private func error(_ websub: String) -> String? {
        do {
            _ = try parse(websub)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func withoutTheObjectNoHubIsServedOrAdvertised() throws {
        let text = #"{"feeds": [{"country": "us"}]}"#
        let config = try ConfigLoader.parse(
            Data(text.utf8), path: "newsfeed.json", folder: URL(fileURLWithPath: "/tmp"))
        #expect(config.websub == .standard)
        #expect(!config.websub.hub)
        #expect(!config.websub.advertises)
        #expect(config.websub.hubURLs(site: config.site).isEmpty)
    }

    @Test func theDefaultsAreTenDaysOneHourThirtyDaysAThousandAHundredAndTenSeconds() throws {
        let settings = try parse(#"{"hub": true}"#).websub
        #expect(settings.hub)
        #expect(settings.leaseDefault == .hours(240))
        #expect(settings.leaseMinimum == .hours(1))
        #expect(settings.leaseMaximum == .hours(720))
        #expect(settings.maxSubscriptions == 1000)
        #expect(settings.maxPerCallbackHost == 100)
        #expect(settings.timeout == .seconds(10))
    }

    @Test func everyKeyIsRead() throws {
        let settings = try parse(
            #"{"hub": true, "hubs": ["https://hub.example/"], "leaseSeconds": {"default": "2d", "min": "2h", "max": "7d"}, "maxSubscriptions": 50, "maxPerCallbackHost": 5, "timeout": "3s"}"#
        ).websub
        #expect(settings.hubs == [URL(string: "https://hub.example/")!])
        #expect(settings.leaseDefault == .hours(48))
        #expect(settings.leaseMinimum == .hours(2))
        #expect(settings.leaseMaximum == .hours(168))
        #expect(settings.maxSubscriptions == 50)
        #expect(settings.maxPerCallbackHost == 5)
        #expect(settings.timeout == .seconds(3))
        #expect(
            settings.hubURLs(site: URL(string: "https://news.example/")!).map(\.absoluteString) == [
                "https://news.example/websub", "https://hub.example/",
            ])
    }

    @Test func outsideHubsAloneAreAdvertisedWithoutOurs() throws {
        let settings = try parse(#"{"hubs": ["https://hub.example/"]}"#).websub
        #expect(settings.advertises)
        #expect(
            settings.hubURLs(site: URL(string: "https://news.example/")!).map(\.absoluteString) == [
                "https://hub.example/"
            ])
    }

    @Test func leasesAskedOutsideTheRangeAreClampedZeroAndTenYearsIncluded() throws {
        let settings = try parse(#"{"hub": true}"#).websub
        #expect(settings.lease(asked: nil) == .hours(240))
        #expect(settings.lease(asked: 0) == .hours(1))
        #expect(settings.lease(asked: -5) == .hours(1))
        #expect(settings.lease(asked: 10 * 365 * 86_400) == .hours(720))
        #expect(settings.lease(asked: 7200) == .hours(2))
    }

    @Test(arguments: [
        (#"{"hub": "yes"}"#, nil),
        (
            #"{"hubs": ["ftp://hub.example/"]}"#,
            #"newsfeed.json: websub.hubs[0]: "ftp://hub.example/" is not an absolute http(s) URL"#
        ),
        (
            #"{"hubs": ["https://h.example/", "https://h.example/"]}"#,
            #"newsfeed.json: websub.hubs[1]: "https://h.example/" is listed twice"#
        ),
        (
            #"{"leaseSeconds": {"min": "1s"}}"#,
            "newsfeed.json: websub.leaseSeconds.min: must be 1m to 365d, not 1s"
        ),
        (
            #"{"leaseSeconds": {"min": "2d", "max": "1d"}}"#,
            "newsfeed.json: websub.leaseSeconds: min (2d) must not be longer than max (1d)"
        ),
        (
            #"{"leaseSeconds": {"default": "40d"}}"#,
            "newsfeed.json: websub.leaseSeconds.default: must be between min (1h) and max (30d), not 40d"
        ),
        (#"{"maxSubscriptions": 0}"#, "newsfeed.json: websub.maxSubscriptions: must be 1 to 1000000, not 0"),
        (#"{"maxPerCallbackHost": -1}"#, "newsfeed.json: websub.maxPerCallbackHost: must be 1 to 1000000, not -1"),
        (#"{"timeout": "10m"}"#, "newsfeed.json: websub.timeout: must be 1s to 5m, not 10m"),
    ])
    func badValuesAreOneLineConfigurationErrors(websub: String, message: String?) {
        let described = error(websub)
        #expect(described != nil)
        if let message { #expect(described == message) }
    }

    @Test func anUnknownKeyIsNamed() {
        #expect(error(#"{"hubb": true}"#)?.contains("websub.hubb") == true)
        #expect(error(#"{"leaseSeconds": {"maximum": "1d"}}"#)?.contains("websub.leaseSeconds.maximum") == true)
    }
}
