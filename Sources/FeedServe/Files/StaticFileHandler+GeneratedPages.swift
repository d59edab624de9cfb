import FeedBuild
import FeedFormats
import FeedOutput
import Foundation
import HTTPServing
import NewsModel

extension StaticFileHandler {
    /// `index.html` or `feeds.opml` made from the folder's feeds, rebuilt only when
    /// a feed file or the state changes (their paths and versions form the key); or one of the
    /// pages' assets when the folder has none, so the generated index keeps its look anywhere.
    func generatedPage(named name: String) -> ServedDocument {
        if let asset = PageAssets.data(at: name) {
            return ServedDocument(
                bytes: asset, entityTag: "\"a-\(Self.fingerprintHash(asset))\"",
                lastModifiedSeconds: Int(configuration.now().timeIntervalSince1970),
                mediaType: MediaType.forFileName(name),
                cacheControl: "public, max-age=\(configuration.defaultMaxAgeSeconds)", compress: false)
        }
        let files = scanner.feedFiles()
        let stateVersion = FileVersion.of(path: scanner.statePath)
        var fingerprint = files.map { "\($0.relativePath)\t\(Self.describe($0.version))" }
        fingerprint.append("state\t" + (stateVersion.map(Self.describe) ?? "none"))
        let validity = DocumentCache.Validity.generated(fingerprint.joined(separator: "\n"))
        // NUL never survives path resolution, so this key cannot clash with a file.
        let key = "\u{0}" + name
        if let cached = cache.document(for: key, validity: validity) { return cached }

        // A request racing the one that builds this version answers uncompressed, uncached.
        let builds = cache.claimBuild(of: key, validity: validity)
        let state = (try? scanner.readState()) ?? nil
        let listings =
            name == SiteLayout.opmlFileName
            ? scanner.listings(of: files, state: state) : scanner.listingsWithUnbuilt(of: files, state: state)
        let baseURL = configuration.baseURL
        let text =
            name == SiteLayout.opmlFileName
            ? OPMLDocument.render(title: configuration.title, listings: listings, indexURL: baseURL)
            : FeedIndexPage.render(
                title: configuration.title, listings: listings,
                opmlURL: FeedListing.absoluteURL(base: baseURL, relativePath: SiteLayout.opmlFileName))
        let bytes = Data(text.utf8)
        let newest = (files.map(\.version) + (stateVersion.map { [$0] } ?? [])).map(\.modifiedSeconds).max()
        let document = ServedDocument(
            bytes: bytes, entityTag: "\"g-\(Self.fingerprintHash(bytes))\"",
            lastModifiedSeconds: newest ?? Int(configuration.now().timeIntervalSince1970),
            mediaType: MediaType.forFileName(name),
            cacheControl: "public, max-age=\(configuration.defaultMaxAgeSeconds)",
            compress: builds)
        if builds { cache.store(document, for: key, validity: validity) }
        return document
    }

    /// `/healthz`: feeds found in the folder and the stalest success in the state.
    func healthResponse() -> HTTPResponse {
        let feedCount = scanner.feedFiles().count
        let report: HealthReport
        let now = configuration.now()
        do {
            let state = try scanner.readState()
            if let status = configuration.status {
                // With a config, the feeds' conditions decide failing and paused, as on every other view.
                let scheduler = FeedScheduler(config: status.config)
                let conditions = Dictionary(
                    status.config.feeds.map { spec in
                        (
                            spec.id,
                            scheduler.condition(
                                for: spec, state: state ?? BridgeState(), now: now, apiKey: status.apiKey)
                        )
                    }
                ) { first, _ in first }
                report = HealthReport(feedCount: feedCount, state: state, conditions: conditions, now: now)
            } else {
                report = HealthReport(feedCount: feedCount, state: state, now: now)
            }
        } catch {
            report = HealthReport(isHealthy: false, feedCount: feedCount, stalestFetchAgeSeconds: nil)
        }
        let headers = HTTPHeaders([
            ("Content-Type", "application/json"), ("Cache-Control", "no-store"),
            ("X-Content-Type-Options", "nosniff"),
        ])
        return HTTPResponse(status: report.httpStatus, headers: headers, body: .data(Data(report.json.utf8)))
    }

    private static func describe(_ version: FileVersion) -> String {
        "\(version.device):\(version.inode):\(version.size):\(version.modifiedNanoseconds)"
    }

    /// FNV-1a, 64 bits: a content tag for generated pages, stable across restarts.
    static func fingerprintHash(_ bytes: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
