import Foundation

/// What full text has done since the output folder began, for `/metrics`: pages fetched, articles extracted and
/// failures by cause, kept in `.newsfeed/fulltext-counters.json` (counters only grow; a lost file starts at 0, which
/// Prometheus reads as a counter reset).
public struct ArticleCounters: Sendable, Hashable, Codable {
    /// Pages asked of publishers (each attempt once, whatever came back; every page of an article over several
    /// pages, and its one-page view, counts).
    public var fetched = 0
    /// Attempts that gave an article (one per article, however many pages it took).
    public var extracted = 0
    /// Pages that were a paywall's teaser (issue 28, point 10): neither an article nor a failure.
    public var paywalled = 0
    /// Pages that gave none, by ``ArticleFailureCause`` raw value.
    public var failed: [String: Int] = [:]
    /// Pages whose site rule (`fullText.siteConfig`) matched nothing, so the automatic extraction ran, by rule file
    /// name (`example.com.txt`).
    public var ruleMisses: [String: Int] = [:]

    public init() {}

    private enum CodingKeys: String, CodingKey {
        case fetched, extracted, paywalled, failed, ruleMisses
    }

    /// Counters written before a key existed read it as zero.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fetched = try container.decodeIfPresent(Int.self, forKey: .fetched) ?? 0
        extracted = try container.decodeIfPresent(Int.self, forKey: .extracted) ?? 0
        paywalled = try container.decodeIfPresent(Int.self, forKey: .paywalled) ?? 0
        failed = try container.decodeIfPresent([String: Int].self, forKey: .failed) ?? [:]
        ruleMisses = try container.decodeIfPresent([String: Int].self, forKey: .ruleMisses) ?? [:]
    }

    /// Counts one attempt's outcome: an article, a paywall's teaser, or the failure's cause.
    public mutating func count(_ cause: ArticleFailureCause?, paywalled: Bool = false) {
        fetched += 1
        if let cause {
            failed[cause.rawValue, default: 0] += 1
        } else if paywalled {
            self.paywalled += 1
        } else {
            extracted += 1
        }
    }

    /// Pages that gave neither an article nor a paywall's teaser.
    public var failedTotal: Int { failed.values.reduce(0, +) }

    /// Adds `other`'s counts (one build's) to these.
    public mutating func add(_ other: ArticleCounters) {
        fetched += other.fetched
        extracted += other.extracted
        paywalled += other.paywalled
        failed.merge(other.failed, uniquingKeysWith: +)
        ruleMisses.merge(other.ruleMisses, uniquingKeysWith: +)
    }

    /// The counters kept in `folder`'s state (zero when there are none or they cannot be read).
    public static func load(from output: OutputFolder) -> ArticleCounters {
        guard let data = FileManager.default.contents(atPath: url(in: output).path),
            let counters = try? JSONDecoder().decode(ArticleCounters.self, from: data)
        else { return ArticleCounters() }
        return counters
    }

    /// Writes the counters atomically.
    public func save(to output: OutputFolder) throws(OutputError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(self) else {
            throw .writeFailed(path: Self.url(in: output).path, reason: "cannot encode the full-text counters")
        }
        try AtomicFileWriter.write(data, to: Self.url(in: output))
    }

    static func url(in output: OutputFolder) -> URL { output.stateFolder.appending(path: "fulltext-counters.json") }
}
