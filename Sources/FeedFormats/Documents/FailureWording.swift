/// A feed's last error in plain words for the index page: what happened, for a reader who
/// does not know NewsAPI's codes (the exact message is shown beside it).
package enum FailureWording {
    package static func plain(_ message: String) -> String {
        let text = message.lowercased()
        func has(_ words: String...) -> Bool { words.contains { text.contains($0.lowercased()) } }
        if text.hasPrefix("not fetched") {
            return
                "Not fetched in the last run: the news service refused an earlier feed, so no more requests were made."
        }
        if has("http 429", "ratelimited", "apikeyexhausted") {
            return "The news service's request limit is used up; newsfeed waits before asking again."
        }
        if has("http 401", "apikeyinvalid", "apikeymissing", "apikeydisabled") {
            return "The news service refused the API key; check NEWSAPI_KEY."
        }
        if has("html page") { return "The news service answered with a web page instead of news data." }
        if has("invalid json", "not valid json", "truncated") {
            return "The news service's answer was cut off or is not valid data."
        }
        if has("timed out", "timeout") { return "The news service did not answer in time." }
        if has("could not connect", "resolve", "network", "connection") {
            return "newsfeed could not reach the news service (network or DNS)."
        }
        if has("cannot write", "permission denied", "no space") { return "newsfeed could not write the feed file." }
        if has("http 5") { return "The news service had an internal error." }
        return "The last update failed."
    }
}
