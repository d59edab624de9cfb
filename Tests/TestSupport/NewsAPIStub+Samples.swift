import Foundation
import Upstreams

extension NewsAPIStub {
    /// The key tests hand to `build` and `serve --refresh`.
    package static let sampleKey = "stub-key-0123456789abcdef"

    /// A stub answering the bundled sample feeds of `newsfeed demo`.
    package static func samples() throws -> NewsAPIStub {
        var answers: [String: Answer] = [:]
        for spec in SampleHeadlines.feeds {
            if let body = SampleHeadlines.response(for: spec) { answers[spec.id] = .json(200, body) }
        }
        return try NewsAPIStub(answers)
    }

    /// What `build` and `serve --refresh` need to reach this stub.
    package var environment: [String: String] {
        ["NEWSAPI_KEY": Self.sampleKey, "NEWSAPI_BASE_URL": baseURLString]
    }

    /// `country/category` of every request answered so far, in order.
    package var requestedFeeds: [String] { requests.map(\.feedID) }
}
