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
// With `--phases`, each file's reading, its normalizing on one and on two threads, and both on two threads at once
// (`readStories`, as `convert` does), in milliseconds (best of 5).
if arguments.first == "--phases" {
    let clock = ContinuousClock()
    func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
    for path in arguments.dropFirst() {
        let url = URL(fileURLWithPath: path)
        let data = (try? Data(contentsOf: url)) ?? Data()
        var best = [Double.infinity, .infinity, .infinity, .infinity]
        for _ in 0..<5 {
            best[3] = min(
                best[3],
                milliseconds(
                    clock.measure {
                        _ = try? PublisherFeedNormalizer().readStories(data, url: url, seenAt: Date(), workers: 2)
                    }))
            var feed: PublisherFeed?
            best[0] = min(best[0], milliseconds(clock.measure { feed = try? PublisherFeedReader.read(data, url: url) }))
            guard let feed else { break }
            for workers in 1...2 {
                let copy = feed
                best[workers] = min(
                    best[workers],
                    milliseconds(
                        clock.measure {
                            _ = PublisherFeedNormalizer().stories(
                                from: copy, feedURL: url, seenAt: Date(), workers: workers)
                        }))
            }
        }
        print(
            String(
                format: "%@: read %.1f ms, stories %.1f ms on one thread, %.1f on two; read and stories together %.1f",
                path, best[0], best[1], best[2], best[3]))
    }
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
