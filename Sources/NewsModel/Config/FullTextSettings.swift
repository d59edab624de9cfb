import Foundation

/// Full text: the config's optional top-level `"fullText"` object (docs/full-text.md).
///
/// Off by default: fetching every story's page costs the publishers' bandwidth and the build's time, which a
/// user should choose to spend. A feed's own `"fullText"` wins over ``byDefault``.
public struct FullTextSettings: Sendable, Hashable {
    /// Whether feeds without their own `"fullText"` get full text (`"default"`).
    public var byDefault: Bool
    /// Pages fetched at most per build, over all feeds, newest stories first; the rest wait for later builds.
    public var pagesPerRun: Int
    /// Pages fetched at the same time, over all hosts.
    public var concurrency: Int
    /// Pages fetched at the same time from one publisher's host.
    public var perHost: Int
    /// The least time between the starts of two requests to one host.
    public var hostSpacing: WatchDuration
    /// The longest one page may take, redirects included, from connecting to its last byte.
    public var timeout: WatchDuration
    /// The most bytes of one page, once decoded (gzip and deflate are decoded within the cap).
    public var maxPageBytes: Int
    /// Whether `robots.txt` is obeyed (turning it off is the user's responsibility).
    public var robots: Bool
    /// The longest one page may take to extract once fetched; a page over it fails as `too complex`.
    public var extractTimeout: WatchDuration
    /// The most bytes of HTML of one article kept in a feed; a longer one is cut at a block boundary and ends
    /// with a "Continued at the source" link to the page.
    public var maxArticleBytes: Int
    /// How long the full-text step of one build may run; pages not reached by then wait for later builds.
    public var runTime: WatchDuration
    /// The folder of site rules in the ftr-site-config format (`siteConfig`, absolute); nil for none.
    public var siteConfig: URL?
    /// The most pages one article is read from, its first included (`maxPages`): its next parts are followed up to
    /// this many pages, each counted against `pagesPerRun`.
    public var maxPages: Int = 5

    public init(
        byDefault: Bool = false, pagesPerRun: Int = 60, concurrency: Int = 8, perHost: Int = 2,
        hostSpacing: WatchDuration = .seconds(1), timeout: WatchDuration = .seconds(20),
        maxPageBytes: Int = 8 << 20, robots: Bool = true, extractTimeout: WatchDuration = .seconds(5),
        maxArticleBytes: Int = 512 << 10, runTime: WatchDuration = .seconds(120)
    ) {
        self.extractTimeout = extractTimeout
        self.maxArticleBytes = maxArticleBytes
        self.runTime = runTime
        self.byDefault = byDefault
        self.pagesPerRun = pagesPerRun
        self.concurrency = concurrency
        self.perHost = perHost
        self.hostSpacing = hostSpacing
        self.timeout = timeout
        self.maxPageBytes = maxPageBytes
        self.robots = robots
    }

    /// The defaults, used when the config has no `"fullText"` object.
    public static let standard = FullTextSettings()

    /// The allowed range of `pagesPerRun`.
    public static let pagesPerRunRange = 1...10_000
    /// The allowed range of `concurrency`.
    public static let concurrencyRange = 1...64
    /// The allowed range of `perHost`.
    public static let perHostRange = 1...16
    /// The allowed range of `maxPageBytes`: 64 KB to 64 MB.
    public static let maxPageBytesRange = (64 << 10)...(64 << 20)
    /// The allowed range of `timeout`, in milliseconds: 1 s to 5 min.
    public static let timeoutRange: ClosedRange<Int64> = 1000...300_000
    /// The allowed range of `extractTimeout`, in milliseconds: 1 ms to 5 min.
    public static let extractTimeoutRange: ClosedRange<Int64> = 1...300_000
    /// The allowed range of `maxArticleBytes`: 16 KB to 64 MB.
    public static let maxArticleBytesRange = (16 << 10)...(64 << 20)
    /// The allowed range of `maxPages`.
    public static let maxPagesRange = 1...20
    /// The allowed range of `runTime`, in milliseconds: 1 s to 1 h.
    public static let runTimeRange: ClosedRange<Int64> = 1000...3_600_000
}
