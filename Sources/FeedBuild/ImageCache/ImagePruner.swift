import FeedFormats
import FeedOutput
import Foundation
import NewsModel

/// The end of a build with the image cache: deletes the copies no feed, history, bookmark or reader page refers
/// to any more, and their records, so `images/` holds only what is served. It runs after the feeds are written,
/// so the feeds that dropped an image no longer point at it when its files go.
///
/// Referred to means: a feed's history (its RSS, which every format is rendered from) or the bookmarks list
/// carries one of the record's copies, or a page under `articles/` names one. A record made within the last
/// hour is kept whatever refers to it: a concurrent build may have cached it and not yet written its feed.
/// Refusals are forgotten once no story can still show them (`maxAgeDays` + 30 days, as items).
package struct ImagePruner: Sendable {
    package struct Pruned: Sendable, Equatable {
        /// Cached images whose copies were deleted.
        package var images = 0
        /// Files deleted from `images/`.
        package var files = 0
        package var bytes = 0
    }

    /// How long a fresh record is safe from pruning.
    package static let grace: TimeInterval = 3600

    package var config: NewsFeedConfig

    package init(config: NewsFeedConfig) {
        self.config = config
    }

    /// Prunes `output` at `now`; call it holding the output lock. Throws when a history or the state cannot be
    /// read (nothing is deleted then).
    package func prune(_ output: OutputFolder, now: Date) throws -> Pruned {
        var state = try output.stateStore.load().state
        let (referenced, originals) = try references(in: output)
        var pruned = Pruned()
        var kept = Set<String>()
        var forgotten = 0
        let retention = TimeInterval(config.maxAgeDays + 30) * 86_400
        for (url, record) in state.imageCache {
            let age = now.timeIntervalSince(record.time)
            if record.isCached {
                if age < Self.grace || originals.contains(url)
                    || record.files.contains(where: { referenced.contains($0.name) })
                {
                    kept.formUnion(record.files.map(\.name))
                } else {
                    state.imageCache[url] = nil
                    pruned.images += 1
                }
            } else if age > retention {
                state.imageCache[url] = nil
                forgotten += 1
            }
        }
        let folder = output.root.appending(path: SiteLayout.imagesFolder, directoryHint: .isDirectory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where Self.isCopyName(name) && !kept.contains(name) {
            let file = folder.appending(path: name)
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
            do {
                try FileManager.default.removeItem(at: file)
                pruned.files += 1
                pruned.bytes += size
            } catch {
                throw OutputError.writeFailed(path: file.path, reason: "cannot delete an unreferenced image copy")
            }
        }
        if pruned.images + forgotten > 0 { try output.stateStore.save(state) }
        return pruned
    }

    /// The copy names the output's feeds and reader pages refer to, and the original image URLs bookmarks keep
    /// (a bookmark remembers the story's own image; its feed shows the copies).
    private func references(in output: OutputFolder) throws -> (files: Set<String>, originals: Set<String>) {
        let prefix = config.site.absoluteString + SiteLayout.imagesFolder + "/"
        var names = Set<String>()
        func note(_ image: StoryImage?) {
            guard let image else { return }
            for text in [image.link.text] + image.copies.map(\.link.text) where text.hasPrefix(prefix) {
                names.insert(String(text.dropFirst(prefix.count)))
            }
        }
        for spec in config.feeds {
            let files = FeedFileSet(output: output, spec: spec, formats: config.formats)
            guard let data = try files.readHistory(),
                let snapshot = try? RSSReader().read(data, path: spec.relativePath)
            else { continue }
            for story in snapshot.stories { note(story.image) }
        }
        var originals = Set<String>()
        for bookmark in try output.bookmarkStore.load().list.bookmarks {
            note(bookmark.image)
            if let image = bookmark.image { originals.insert(image.link.text) }
        }
        names.formUnion(pageReferences(in: output.root.appending(path: "articles", directoryHint: .isDirectory)))
        return (names, originals)
    }

    /// Copy names written in the HTML pages of `folder` (reader views), found by their shape.
    private func pageReferences(in folder: URL) -> Set<String> {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var names = Set<String>()
        let marker = Array("\(SiteLayout.imagesFolder)/".utf8)
        for file in files where file.hasSuffix(".html") {
            guard let bytes = FileManager.default.contents(atPath: folder.appending(path: file).path) else { continue }
            let page = [UInt8](bytes)
            var index = 0
            while index + marker.count <= page.count {
                guard page[index..<index + marker.count].elementsEqual(marker) else {
                    index += 1
                    continue
                }
                let start = index + marker.count
                var end = start
                while end < page.count, Self.nameByte(page[end]) { end += 1 }
                let name = String(decoding: page[start..<end], as: UTF8.self)
                if Self.isCopyName(name) { names.insert(name) }
                index = end
            }
        }
        return names
    }

    private static func nameByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x2E
    }

    /// `<32 hex digits>-<width>.<jpg|png>`: only the cache's own files are ever deleted.
    static func isCopyName(_ name: String) -> Bool {
        let parts = name.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, parts[0].count == 32, parts[0].allSatisfy(\.isHexDigit) else { return false }
        let rest = parts[1].split(separator: ".")
        guard rest.count == 2, !rest[0].isEmpty, rest[0].allSatisfy(\.isASCII), rest[0].allSatisfy(\.isNumber)
        else { return false }
        return rest[1] == "jpg" || rest[1] == "png"
    }
}
