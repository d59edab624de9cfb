import FeedOutput
import FeedServe
import Foundation
import HTTPServing
import NewsModel

/// Small documents and helpers shared by the Serve tests.
package enum ServeFixtures {
    package static let baseURL = URL(string: "http://127.0.0.1:8080/") ?? URL(fileURLWithPath: "/")

    /// An RSS 2.0 feed with `items` items and, when given, a `<ttl>`.
    package static func feed(title: String, ttl: Int? = 15, items: Int = 3, link: String = "https://example.com/")
        -> String
    {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
            <channel>
            <title>\(title)</title>
            <link>\(link)</link>
            <atom:link href="https://feeds.example/self.rss" rel="self" type="application/rss+xml"/>
            <description>Top headlines, repeated so gzip has something to do.</description>

            """
        if let ttl { xml += "<ttl>\(ttl)</ttl>\n" }
        for index in 0..<items {
            xml += """
                <item><title>Story \(index)</title><link>https://example.com/\(index)</link>\
                <description>Story number \(index) of the day, with a longer description line.</description>\
                <guid>https://example.com/\(index)</guid></item>

                """
        }
        xml += "</channel>\n</rss>\n"
        return xml
    }

    package static func handler(
        _ folder: ServeTestFolder, now: Date = Date(timeIntervalSince1970: 1_700_000_000),
        maxCachedFileBytes: Int = 4 << 20, maxCacheBytes: Int = 64 << 20
    ) throws -> StaticFileHandler {
        try StaticFileHandler(
            root: folder.path,
            configuration: .init(
                baseURL: baseURL, maxCachedFileBytes: maxCachedFileBytes, maxCacheBytes: maxCacheBytes,
                now: { now }))
    }

    package static func get(_ path: String, _ headers: [(String, String)] = [], method: String = "GET") -> HTTPRequest {
        HTTPRequest(method: method, target: path, headers: HTTPHeaders(headers))
    }

    package static func state(_ feeds: [String: Date?]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(BridgeState(feeds: feeds.mapValues { FeedRecord(lastSuccess: $0) }))
    }
}

extension HTTPResponse {
    /// The body bytes of a `.data` body, empty otherwise.
    package var bodyData: Data {
        if case .data(let data) = body.storage { return data }
        return Data()
    }

    package var bodyText: String { String(decoding: bodyData, as: UTF8.self) }
}
