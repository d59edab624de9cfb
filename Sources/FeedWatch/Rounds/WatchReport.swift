import Foundation

/// What one watch round found: per feed the counts, per image URL a ``WatchFinding``; for the summary on stdout
/// and for `--json`.
public struct WatchReport: Sendable, Hashable, Codable {
    /// One feed's part of the round.
    public struct FeedSummary: Sendable, Hashable, Codable {
        /// The feed, e.g. `us/health`.
        public var feed: String
        /// Enclosure images contacted this round (blocked ones are not: the guard refused them first).
        public var checked = 0
        /// Checked and answered with an image.
        public var ok = 0
        /// Checked and failed, not yet dead.
        public var failing = 0
        /// Checked and dead: replaced by the default image or dropped.
        public var dead = 0
        /// Refused by the address guard; left as they are.
        public var blocked = 0
        /// Not checked: alive within `recheck`, or not reached before the round deadline.
        public var skipped = 0
        /// Cached images whose copies were gone from `images/` and were made again from the origin this round.
        public var copiesRemade = 0
        /// Whether the feed file was rewritten.
        public var rewritten = false
        /// Why the feed could not be watched, e.g. a missing or unreadable file.
        public var problem: String?

        public init(feed: String) {
            self.feed = feed
        }
    }

    /// When the round started.
    public var startedAt: Date
    /// Seconds the round took.
    public var seconds: Double
    /// Per configured feed, in config order.
    public var feeds: [FeedSummary]
    /// Per image URL the round was given, in feed and story order.
    public var findings: [WatchFinding]
    /// Problems not tied to one feed, e.g. a state file that had to be set aside.
    public var warnings: [String]
    /// Set when the round had nothing to watch yet (no output folder or no feed built so far) and did
    /// nothing: one line for people, left out under `--quiet`, since nothing is wrong.
    public var note: String?

    public init(
        startedAt: Date, seconds: Double, feeds: [FeedSummary], findings: [WatchFinding] = [], warnings: [String] = []
    ) {
        self.startedAt = startedAt
        self.seconds = seconds
        self.feeds = feeds
        self.findings = findings
        self.warnings = warnings
    }

    /// The summary for people: one line per feed, indented findings (dead, restored, failing, blocked; `still …`
    /// when the previous round said the same), a total.
    ///
    /// With `quiet`, only what changed since the previous round (an image newly dead, restored, failing or
    /// blocked, under its feed's line) and the round's own problems (feeds that could not be watched, warnings);
    /// nothing at all when nothing changed: cron mails any output, and the same list every hour is noise.
    public func text(quiet: Bool = false) -> String {
        if let note { return quiet ? "" : note + "\n" }
        var lines: [String] = []
        for summary in feeds {
            if let problem = summary.problem {
                lines.append("\(summary.feed): not watched: \(problem)")
                continue
            }
            let shown = findings.filter { $0.feeds.contains(summary.feed) && $0.isReported && (!quiet || $0.changed) }
            if quiet && shown.isEmpty { continue }
            let counts =
                "\(summary.checked) checked, \(summary.ok) ok, \(summary.dead) dead, \(summary.blocked) blocked, "
                + "\(summary.skipped) skipped (recently checked or not reached)"
                + (summary.failing > 0 ? ", \(summary.failing) failing" : "")
                + (summary.copiesRemade > 0
                    ? ", \(summary.copiesRemade) cached \(summary.copiesRemade == 1 ? "copy" : "copies") made again"
                    : "")
            lines.append("\(summary.feed): \(counts); \(summary.rewritten ? "rewritten" : "unchanged")")
            lines.append(contentsOf: shown.map { "  \($0.line)" })
        }
        lines.append(contentsOf: warnings.map { "warning: \($0)" })
        if !quiet {
            let total = feeds.reduce(into: (checked: 0, dead: 0, rewritten: 0)) { total, summary in
                total.checked += summary.checked
                total.dead += summary.dead
                total.rewritten += summary.rewritten ? 1 : 0
            }
            func feedCount(_ count: Int) -> String { count == 1 ? "1 feed" : "\(count) feeds" }
            lines.append(
                "watched \(feedCount(feeds.count)) in \(String(format: "%.1f", seconds)) s: \(total.checked) checked, "
                    + "\(total.dead) dead, \(feedCount(total.rewritten)) rewritten")
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// The same report as one JSON document (sorted keys, ISO 8601 dates); with `quiet`, only the findings that
    /// changed since the previous round.
    public func json(quiet: Bool = false) throws -> Data {
        var report = self
        if quiet { report.findings = findings.filter(\.changed) }
        return Self.compactingEmpty(try Self.encoder.encode(report))
    }

    /// Foundation's pretty printer writes an empty array as `[` and `]` on lines of their own;
    /// docs/watching-images.md shows `[]` (and `{}`). A raw line break only ever occurs between tokens (JSON strings escape
    /// theirs), so an opening bracket, line breaks and spaces, and its closing bracket are an empty one.
    static func compactingEmpty(_ data: Data) -> Data {
        let text = String(decoding: data, as: UTF8.self)
        let compacted = text.replacing(#/\[\n[ \n]*\]/#, with: "[]").replacing(#/\{\n[ \n]*\}/#, with: "{}")
        return Data(compacted.utf8)
    }

    /// The report of a round that found nothing to watch yet and did nothing (see ``note``).
    public static func nothingToWatch(startedAt: Date, note: String) -> WatchReport {
        var report = WatchReport(startedAt: startedAt, seconds: 0, feeds: [])
        report.note = note
        return report
    }

    /// The document a round that could not run prints: `{"refused": {"reason": "…"}}`.
    public static func refusalJSON(reason: String) -> Data {
        struct Refusal: Encodable {
            struct Body: Encodable { var reason: String }
            var refused: Body
        }
        return (try? encoder.encode(Refusal(refused: .init(reason: reason)))).map(compactingEmpty)
            ?? Data(#"{"refused": {}}"#.utf8)
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}
