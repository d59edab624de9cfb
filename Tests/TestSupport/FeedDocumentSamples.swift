import FeedFormats
import Foundation
import NewsModel

/// Small, fixed feed documents for renderer, reader and checker tests; the clock is fixed so
/// rendered bytes never change between runs.
package enum FeedDocumentSamples {
    /// Mon, 06 Jan 2025 09:30:00 +0000.
    package static let buildTime = Date(timeIntervalSince1970: 1_736_155_800)
    package static let selfURL = url("https://feeds.example.com/us/health.rss")

    /// An absolute URL from a literal the test wrote; a typo fails loudly at the call site.
    package static func url(_ text: String) -> URL {
        guard let url = URL(string: text) else { preconditionFailure("not a URL literal: \(text)") }
        return url
    }

    /// Two stories: one with every optional field, one with none of them.
    package static var small: FeedDocument {
        FeedDocument(
            title: "Health — United States · Top headlines",
            link: url("https://feeds.example.com/"),
            selfURL: selfURL,
            description: "Top health headlines in the United States, from NewsAPI.org",
            language: "en-us",
            updated: buildTime,
            ttlMinutes: 60,
            generator: "newsfeed 1.0.0",
            stories: [complete, minimal]
        )
    }

    /// Every field the renderer writes, with an ampersand and paragraphs.
    package static var complete: Story {
        Story(
            url: url("https://publisher.example/health/2025/01/06/flu-season"),
            title: "Flu season peaks early & hospitals prepare",
            sourceName: "Publisher News",
            sourceURL: url("https://publisher.example/"),
            summary: "Doctors say cases rose 40% in a week.",
            content: "Doctors say cases rose 40% in a week.\n\nHospitals in 12 states added beds.",
            author: "Ana Müller",
            image: StoryImage(
                url: url("https://img.publisher.example/flu.jpg"), mimeType: "image/jpeg", length: 48_213),
            publishedAt: Date(timeIntervalSince1970: 1_736_150_400),
            firstSeen: Date(timeIntervalSince1970: 1_736_152_000)
        )
    }

    /// Only the required fields; its date falls back to when it was first seen.
    package static var minimal: Story {
        Story(
            url: url("https://other.example/a?id=7&ref=rss"),
            title: "Short item",
            sourceName: "other.example",
            sourceURL: url("https://other.example/"),
            summary: "No description",
            firstSeen: Date(timeIntervalSince1970: 1_736_100_000)
        )
    }
}
