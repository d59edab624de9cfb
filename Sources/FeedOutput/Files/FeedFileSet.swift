import FeedFormats
import Foundation
import NewsModel

/// The files of one feed: one per configured format, all rendered from one ``FeedDocument``, and
/// the feed's history.
///
/// History has one canonical place, the feed's RSS rendering (``RSSReader`` reads stories back
/// from it; no other format is ever read back): `<cc>/<cat>.rss` when `rss` is among the formats,
/// else `.newsfeed/history/<cc>/<cat>.rss`. A format taken out of the list keeps its old file:
/// nothing here deletes.
package struct FeedFileSet: Sendable {
    package var output: OutputFolder
    package var spec: FeedSpec
    package var formats: [FeedFormat]

    package init(output: OutputFolder, spec: FeedSpec, formats: [FeedFormat]) {
        self.output = output
        self.spec = spec
        self.formats = formats
    }

    /// Where the canonical RSS of the feed lives with these formats.
    package var historyURL: URL {
        formats.contains(.rss) ? output.fileURL(for: spec) : output.historyFileURL(for: spec)
    }

    /// The canonical RSS bytes, nil for a feed never built. Falls back to the other place, so a
    /// config that adds or drops `rss` keeps the history the previous builds wrote.
    package func readHistory() throws(OutputError) -> Data? {
        if let data = try output.readIfPresent(historyURL) { return data }
        let other = formats.contains(.rss) ? output.historyFileURL(for: spec) : output.fileURL(for: spec)
        return try output.readIfPresent(other)
    }

    /// Each file to write, the history last: a write interrupted between files leaves the
    /// history's build date behind the others, so the next build renders every file again.
    package var targets: [(format: FeedFormat, url: URL)] {
        var targets = formats.filter { $0 != .rss }.map { ($0, output.fileURL(for: spec, format: $0)) }
        targets.append((.rss, historyURL))
        return targets
    }

    /// Writes `document` in every format, atomically, unless nothing but the build date would
    /// change in any of them: then no file is touched (bytes and modification times stay, so
    /// HTTP caches keep working) and it returns false.
    ///
    /// `previousBuildDate` is the history's build date; every file was last rendered with it. A
    /// changed feed is rendered with `now`, and a file whose bytes come out the same (a JSON Feed
    /// has no build date) is still left alone.
    package func write(_ document: FeedDocument, previousBuildDate: Date?, now: Date) throws -> Bool {
        try Self.write(document, to: targets, in: output, previousBuildDate: previousBuildDate, now: now)
    }

    /// ``write(_:previousBuildDate:now:)`` for any list of files, e.g. the bookmarks feed's, which has
    /// no ``FeedSpec``.
    package static func write(
        _ document: FeedDocument, to targets: [(format: FeedFormat, url: URL)], in output: OutputFolder,
        previousBuildDate: Date?, now: Date
    ) throws -> Bool {
        var document = document
        if let previousBuildDate {
            document.updated = previousBuildDate
            var unchanged = true
            for target in targets {
                guard let existing = try output.readIfPresent(target.url),
                    try target.format.renderer.render(document) == existing
                else {
                    unchanged = false
                    break
                }
            }
            if unchanged { return false }
        }
        document.updated = now
        // Every changed format is staged (written and flushed) before any is renamed into place, so
        // a kill leaves the formats agreeing with each other but for the renames' microseconds.
        var staged: [AtomicFileWriter.Staged] = []
        do {
            for target in targets {
                try output.checkConfined(target.url)
                let data = try target.format.renderer.render(document)
                if let existing = try? output.readIfPresent(target.url), existing == data { continue }
                staged.append(try AtomicFileWriter.stage(data, for: target.url))
            }
        } catch {
            for file in staged { file.discard() }
            throw error
        }
        // The renames back to back (no fsync between them), then each folder made durable once.
        for (index, file) in staged.enumerated() {
            do {
                try file.commit(durably: false)
            } catch {
                for later in staged[(index + 1)...] { later.discard() }
                throw error
            }
        }
        for folder in Set(staged.map { $0.url.deletingLastPathComponent().path }) {
            AtomicFileWriter.syncFolder(folder)
        }
        return true
    }
}
