import Foundation
import TestSupport
import Testing
import Upstreams

/// A feed's body is copied for repair only when a repair changes it (a 16 MB feed is otherwise read where it is):
/// ``FeedBytes/needsRepair(_:)`` must say yes exactly when ``FeedBytes/repaired(_:)`` writes something else.
@Suite struct FeedBytesRepairTests {
    static func agrees(_ text: String) -> (needs: Bool, changes: Bool) {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { body in
            (FeedBytes.needsRepair(body), FeedBytes.repaired(body) != bytes)
        }
    }

    @Test(arguments: [
        #"<!DOCTYPE rss [<!ENTITY x "y">]><rss><channel><title>&x;</title></channel></rss>"#,
        "<rss><channel><title>Caf&eacute;&nbsp;news</title></channel></rss>",
        "<rss><channel><title>Fish & chips</title></channel></rss>",
        "<rss><channel><title>&#X41;</title></channel></rss>",
        "<rss><channel><title>&unknownname;</title></channel></rss>",
        "<rss><channel><title>AT&T</title></channel></rss>",
        "<rss><channel><title>ends with &",
        "<rss><channel><title>&#65</title></channel></rss>",
    ])
    func aBodyARepairChangesNeedsIt(text: String) {
        let result = Self.agrees(text)
        #expect(result.changes)
        #expect(result.needs)
    }

    @Test(arguments: [
        "<rss><channel><title>Fish &amp; chips &lt;3 &#65; &#x41; &quot;q&quot; &apos;</title></channel></rss>",
        "<rss><channel><description><![CDATA[Fish & chips &nbsp; <!DOCTYPE x>]]></description></channel></rss>",
        "<rss><!-- a comment with & and &nbsp; --><channel><title>t</title></channel></rss>",
        "<rss><channel><title>Плохо &amp; 東京</title></channel></rss>",
        "",
        "<rss><channel><description><![CDATA[never closed & still CDATA",
    ])
    func aBodyNoRepairChangesIsReadInPlace(text: String) {
        let result = Self.agrees(text)
        #expect(!result.changes)
        #expect(!result.needs)
    }

    /// The same on every file of feedparser's test suite (read in place from ../shared).
    @Test(.needsSharedData) func bothAgreeOnFeedparsersTestFeeds() throws {
        let root = try SharedData.url("corpora/feedparser-tests")
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var checked = 0
        var needing = 0
        var disagreeing: [String] = []
        while let url = walker?.nextObject() as? URL {
            guard ["xml", "rdf", "atom", "rss"].contains(url.pathExtension) else { continue }
            let bytes = [UInt8](try Data(contentsOf: url))
            let (needs, changes) = bytes.withUnsafeBufferPointer { body in
                (FeedBytes.needsRepair(body), FeedBytes.repaired(body) != bytes)
            }
            checked += 1
            if needs { needing += 1 }
            if needs != changes { disagreeing.append(url.lastPathComponent) }
        }
        #expect(checked > 1000)
        #expect(needing > 10, "the suite has feeds with HTML entities and DOCTYPEs")
        #expect(disagreeing.isEmpty, "\(disagreeing.prefix(20))")
    }
}

/// `readThrough` tells a caller with a mapped file how far the parser got, so it can hand those pages back.
@Suite struct FeedReadThroughTests {
    static func feed(items: Int, title: String) -> Data {
        var text = #"<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>T</title>"#
        for index in 0..<items {
            text += "<item><title>\(title) \(index)</title><link>https://news.example/\(index)</link>"
            text += "<description>" + String(repeating: "words and more words ", count: 20) + "</description></item>"
        }
        return Data((text + "</channel></rss>").utf8)
    }

    /// The feed read from `data`, and every offset `readThrough` was told.
    static func read(_ data: Data) throws -> (PublisherFeed, [Int]) {
        var offsets: [Int] = []
        let feed = try PublisherFeedReader.read(data, url: try #require(URL(string: "https://news.example/rss"))) {
            offsets.append($0)
        }
        return (feed, offsets)
    }

    @Test func aBodyReadInPlaceIsReportedPieceByPieceToItsEnd() throws {
        let data = Self.feed(items: 2000, title: "Fish &amp; chips")
        let (feed, offsets) = try Self.read(data)

        #expect(feed.items.count == 2000)
        #expect(offsets.count > 2, "a body of \(data.count) bytes is read in several pieces")
        #expect(offsets == offsets.sorted())
        #expect(offsets.last == data.count)
    }

    @Test func aRepairedBodyIsThroughAtOnce() throws {
        let data = Self.feed(items: 300, title: "Fish &nbsp; chips")
        let (feed, offsets) = try Self.read(data)

        #expect(feed.items.count == 300)
        #expect(offsets == [data.count])
    }
}
