import Foundation
import NewsModel
import Testing
import Upstreams

/// The stories of a feed are the same, in the same order, whether one thread makes them or two (`convert` of one big
/// feed uses two): identity is settled first in feed order, then each story is made in its item's place.
@Suite struct PublisherFeedNormalizerWorkersTests {
    /// `count` items: every seventh without a link (dropped), every eleventh repeating an earlier id (repeated),
    /// HTML content longer than the summary, some with pictures, authors and dates.
    static func feed(items count: Int) throws -> PublisherFeed {
        var items: [PublisherFeedItem] = []
        for index in 0..<count {
            let link = index % 7 == 3 ? nil : URL(string: "https://news.example/\(index)?utm_source=x")
            let id = index % 11 == 10 ? "id-\(index - 5)" : "id-\(index)"
            var item = PublisherFeedItem(id: id, link: link, title: index % 5 == 0 ? nil : "Story \(index)")
            item.summary = "<p>Summary of story \(index) &amp; more.</p>"
            item.content =
                "<p>Summary of story \(index) &amp; more.</p><p>And the rest, with <a href=\"/r/\(index)\">a link</a>"
                + " and <script>alert(1)</script> nothing that runs.</p>"
            item.published = Date(timeIntervalSince1970: 1_764_000_000 + Double(index) * 60)
            item.authors = index % 3 == 0 ? ["Ana", " "] : []
            item.image = index % 4 == 0 ? URL(string: "https://img.example/\(index).jpg") : nil
            items.append(item)
        }
        return PublisherFeed(
            format: .rss, title: "News &amp; more", link: URL(string: "https://news.example/"), language: " en ",
            items: items)
    }

    @Test(arguments: [0, 1, 31, 32, 33, 1000])
    func twoThreadsMakeWhatOneMakes(count: Int) throws {
        let url = try #require(URL(string: "https://news.example/feed.xml"))
        let now = Date(timeIntervalSince1970: 1_765_000_000)
        let one = PublisherFeedNormalizer().stories(from: try Self.feed(items: count), feedURL: url, seenAt: now)
        let two = PublisherFeedNormalizer().stories(
            from: try Self.feed(items: count), feedURL: url, seenAt: now, workers: 2)

        #expect(one == two)
        if count == 1000 {
            #expect(one.dropped == 143)
            #expect(one.repeated > 0)
            #expect(one.stories.count == 1000 - one.dropped - one.repeated)
            #expect(one.stories.allSatisfy { $0.contentHTML?.contains("<script") == false })
        }
    }
}
