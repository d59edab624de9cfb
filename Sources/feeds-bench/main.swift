// bench/feeds' probe (not a product): reads feed files the way the `feed` kind does (PublisherFeedReader, then
// the item fields made plain as PublisherFeedNormalizer makes them) and prints, per file, one JSON line with
// every item as read, links or not, so bench/feeds/agree.py can compare them with feedparser's entries.
// With `--time`, it reads and normalizes every file (bytes already in memory) and prints only the seconds that took,
// so measure.py can time many small files without a process start for each.
//
//   feeds-bench FILE...
//   feeds-bench --time FILE...
import Foundation
import NewsModel
import Upstreams

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--time" {
    let files = arguments.dropFirst().map { path in
        (URL(fileURLWithPath: path), (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data())
    }
    let now = Date()
    let clock = ContinuousClock()
    var stories = 0
    let elapsed = clock.measure {
        for (url, data) in files {
            guard let feed = try? PublisherFeedReader.read(data, url: url) else { continue }
            stories += PublisherFeedNormalizer().stories(from: feed, feedURL: url, seenAt: now).stories.count
        }
    }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print(String(format: "%.6f %d", seconds, stories))
    exit(0)
}
let output = FileHandle.standardOutput
for path in arguments {
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
