// bench/feeds' probe (not a product): reads feed files the way the `feed` kind does (PublisherFeedReader, then
// the item fields made plain as PublisherFeedNormalizer makes them) and prints, per file, one JSON line with
// every item as read, links or not, so bench/feeds/agree.py can compare them with feedparser's entries.
//
//   feeds-bench FILE...
import Foundation
import NewsModel
import Upstreams

let output = FileHandle.standardOutput
for path in CommandLine.arguments.dropFirst() {
    let url = URL(fileURLWithPath: path)
    var line: [String: Any] = ["file": path]
    do {
        let data = try Data(contentsOf: url)
        let feed = try PublisherFeedReader.read(data, url: url)
        line["items"] = feed.items.map { item -> [String: Any] in
            var fields: [String: Any] = [:]
            fields["title"] = item.title.map(TextCleaner.plainText)
            fields["link"] = item.link?.absoluteString
            fields["id"] = item.id
            fields["published"] = (item.published ?? item.updated)?.timeIntervalSince1970
            fields["enclosures"] = item.enclosures.map(\.url.absoluteString)
            fields["image"] = item.image?.absoluteString
            return fields
        }
    } catch let error as PublisherFeedError {
        line["error"] = error.description
    } catch {
        line["error"] = "unreadable file"
    }
    if let json = try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]) {
        output.write(json + Data("\n".utf8))
    }
}
