import FeedOutput
import Foundation
import NewsModel

/// What every step of one build shares: the config, the output folder, the scheduler, how the
/// run may spend the quota, and what the run set up before its first feed (the default image).
public struct RunContext: Sendable {
    public var config: NewsFeedConfig
    public var output: OutputFolder
    /// The one scheduler of the run (intervals are computed once).
    public var scheduler: FeedScheduler
    /// How the run may spend NewsAPI's quota; nil for an unscheduled run (`demo`'s samples).
    public var scheduled: FeedBuilder.ScheduledRun?
    /// What stands in for a missing or dead image; nil for none.
    public var defaultImage: StoryImage?
    public var clock: @Sendable () -> Date
    /// Tells one run from the next (a builder that `serve --refresh` reuses runs many): per-run limits such as
    /// `fullText.pagesPerRun` start afresh with each.
    public let id = UUID()
    /// Warnings the enrichers have for the report.
    public let notes: RunNotes
    /// The feeds this run fetches, in the order it fetches them (set once the plan is made), so a per-run
    /// budget can be shared among the feeds still to come.
    public var feeds: [FeedSpec] = []

    package init(
        config: NewsFeedConfig, scheduled: FeedBuilder.ScheduledRun?, defaultImage: StoryImage? = nil,
        clock: @escaping @Sendable () -> Date, pageProgress: (@Sendable (String, Int, Int) -> Void)? = nil
    ) {
        notes = RunNotes(pageProgress: pageProgress)
        self.config = config
        output = OutputFolder(root: config.output)
        scheduler = FeedScheduler(config: config)
        self.scheduled = scheduled
        self.defaultImage = defaultImage
        self.clock = clock
    }

    /// The key requests go out with, for bad-key pauses (nil when unscheduled or unknown).
    public var apiKey: String? { scheduled?.apiKey }
}

/// One feed's part of a run, as the enrich step sees it: the run, the feed, the build's time and
/// the state as it was when the feed's request was admitted (the watcher's image verdicts, the
/// items' remembered first sightings and original images).
public struct FeedContext: Sendable {
    public var run: RunContext
    public var spec: FeedSpec
    /// The feed's build time, in whole seconds.
    public var now: Date
    /// The state when the request was admitted; the write step works on the state as it is then.
    public var state: BridgeState
    /// When the request was admitted (and logged, for a metered feed).
    var admittedAt: Date
    /// The feed's record before its admission, to restore when the run is stopped mid-request.
    var recordBefore: FeedRecord?
}
