import Foundation

/// Configs and NewsAPI stub answers of the scheduler's tests: six feeds, rate limits, a bad key.
package enum ScheduleFixtures {
    package static let sixFeeds = [
        "us/business", "us/entertainment", "us/general", "us/health", "us/science", "us/sports",
    ]

    /// A config of `feeds` with an optional `"quota"` object.
    package static func config(_ feeds: [String] = sixFeeds, quota: String? = nil) -> String {
        let list = feeds.map { id -> String in
            let parts = id.split(separator: "/")
            return #"{"country": "\#(parts[0])", "category": "\#(parts[1])"}"#
        }
        let quotaPart = quota.map { #", "quota": \#($0)"# } ?? ""
        return #"{"site": "\#(BuildWorkspace.site)", "feeds": [\#(list.joined(separator: ", "))]\#(quotaPart)}"#
    }

    package static func answers(_ feeds: [String] = sixFeeds) -> [String: NewsAPIStub.Answer] {
        Dictionary(uniqueKeysWithValues: feeds.map { ($0, NewsAPIStub.Answer.articles([.story($0)])) })
    }

    package static let rateLimited = NewsAPIStub.Answer.error(
        429, code: "rateLimited", message: "You have made too many requests.", headers: ["Retry-After": "3600"])
    package static let badKey = NewsAPIStub.Answer.error(
        401, code: "apiKeyInvalid", message: "Your API key is invalid.")
}
