import Foundation
import NewsModel
import Synchronization
import Testing

@testable import Upstreams

/// The reader hands each item over as it ends (``StoryPipeline``): every item of a streamed feed is handed over once,
/// in feed order, and the feed keeps a stub with its id, link and ticket; a feed read from its whole tree (another
/// encoding) hands nothing over.
@Suite struct ItemHandOffTests {
    let url = URL(string: "https://news.example/feed.xml") ?? URL(filePath: "/")

    /// The feed read with a counting hand-off, and the ids handed over in order.
    func read(_ data: Data) throws -> (PublisherFeed, [String?]) {
        let handed = Mutex<[String?]>([])
        let feed = try PublisherFeedReader.read(
            data, url: url, httpCharset: nil, readThrough: nil,
            handOff: { item in
                var stub = PublisherFeedItem(id: item.id, link: item.link)
                stub.ticket = handed.withLock { ids in
                    ids.append(item.id)
                    return ids.count - 1
                }
                return stub
            })
        return (feed, handed.withLock { $0 })
    }

    @Test func everyItemOfEachStreamedFormatIsHandedOverOnceInOrder() throws {
        let texts = [
            StoriesWhileReadingTests.rss(items: 25), FeedFixtures.rss10RDF, FeedFixtures.rss090,
            FeedFixtures.atom10WithXMLBase, StoriesWhileReadingTests.atomTitleLast, FeedFixtures.jsonFeed11,
        ]
        for text in texts {
            let (feed, handed) = try read(Data(text.utf8))
            #expect(!handed.isEmpty)
            #expect(feed.items.map(\.ticket) == Array(0..<handed.count).map { Optional($0) })
            #expect(feed.items.map(\.id) == handed)
            #expect(feed.items.allSatisfy { $0.title == nil && $0.content == nil })
        }
    }

    @Test func aFeedReadFromItsWholeTreeHandsNothingOver() throws {
        let latin1 = StoriesWhileReadingTests.rss(items: 5).replacingOccurrences(of: "UTF-8", with: "ISO-8859-1")
        let (feed, handed) = try read(try #require(latin1.data(using: .isoLatin1)))
        #expect(handed.isEmpty)
        #expect(feed.items.count == 5 && feed.items.allSatisfy { $0.ticket == nil && $0.title != nil })
    }

    @Test func threeWorkersMakeWhatOneMakes() throws {
        let data = Data(StoriesWhileReadingTests.rss(items: 300).utf8)
        let now = Date(timeIntervalSince1970: 1_765_000_000)
        let one = PublisherFeedNormalizer().stories(
            from: try PublisherFeedReader.read(data, url: url), feedURL: url, seenAt: now)
        let three = try PublisherFeedNormalizer().readStories(data, url: url, seenAt: now, workers: 3).result
        #expect(one == three)
    }
}
