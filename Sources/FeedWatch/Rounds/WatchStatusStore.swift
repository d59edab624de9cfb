import FeedOutput
import Foundation

/// What the last watch round reported per image, so the next one can tell what changed (`--quiet`) and since when
/// an image stands where it stands (`--json`'s `since`): `<output>/.newsfeed/watch.json`, read, compared and written
/// atomically under the output lock at the end of every round that ran (a refused round leaves it as it was), so
/// of two concurrent rounds the later one builds on what the earlier one stored.
public struct WatchStatusStore: Sendable {
    /// One image as the last round left it.
    public struct Entry: Sendable, Hashable, Codable {
        /// `alive`, `failing`, `dead` or `blocked` (restored images are stored as alive).
        public var status: WatchFinding.Status
        public var since: Date

        public init(status: WatchFinding.Status, since: Date) {
            self.status = status
            self.since = since
        }
    }

    /// The stored view: when the round ran, and its images by URL.
    public struct View: Sendable, Hashable, Codable {
        public var round: Date?
        public var images: [String: Entry]

        public init(round: Date? = nil, images: [String: Entry] = [:]) {
            self.round = round
            self.images = images
        }
    }

    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    /// The last round's view; an empty one when there is none yet, and an empty one with a warning when the
    /// file cannot be read (it is rewritten at the end of the round).
    public func load() -> (view: View, warning: String?) {
        guard let data = FileManager.default.contents(atPath: url.path) else { return (View(), nil) }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return (try decoder.decode(View.self, from: data), nil)
        } catch {
            return (View(), "\(url.path): unreadable watch status; every finding counts as new this round")
        }
    }

    public func save(_ view: View) throws(OutputError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data: Data
        do {
            data = try encoder.encode(view)
        } catch {
            throw .writeFailed(path: url.path, reason: "cannot encode the watch status: \(error)")
        }
        try AtomicFileWriter.write(data, to: url)
    }
}

extension OutputFolder {
    /// `.newsfeed/watch.json`: what the last watch round reported.
    public var watchStatusStore: WatchStatusStore { WatchStatusStore(url: stateFolder.appending(path: "watch.json")) }
}
