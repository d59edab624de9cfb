import Foundation

/// WebSub: the config's optional top-level `"websub"` object (docs/serving-and-monitoring.md#websub).
///
/// Off by default: a hub accepts requests from the internet and makes `serve` contact the callbacks it is given,
/// which a user should choose to open.
public struct WebSubSettings: Sendable, Hashable {
    /// Whether `serve` is a hub at `<site>websub` and every feed advertises it (`"hub"`).
    public var hub: Bool
    /// Outside hubs notified after a build changes a feed, and advertised (`"hubs"`).
    public var hubs: [URL]
    /// The lease granted when a subscriber asks for none (`"leaseSeconds.default"`).
    public var leaseDefault: WatchDuration
    /// The shortest lease granted; a shorter one asked for (0 included) is raised to it.
    public var leaseMinimum: WatchDuration
    /// The longest lease granted; a longer one asked for is lowered to it, so no lease is perpetual.
    public var leaseMaximum: WatchDuration
    /// Subscriptions kept at most, over all feeds; one over it is denied.
    public var maxSubscriptions: Int
    /// Subscriptions kept at most whose callbacks are on one host.
    public var maxPerCallbackHost: Int
    /// The longest one verification or delivery may take, connecting included.
    public var timeout: WatchDuration

    public init(
        hub: Bool = false, hubs: [URL] = [], leaseDefault: WatchDuration = .hours(240),
        leaseMinimum: WatchDuration = .hours(1), leaseMaximum: WatchDuration = .hours(720),
        maxSubscriptions: Int = 1000, maxPerCallbackHost: Int = 100, timeout: WatchDuration = .seconds(10)
    ) {
        self.hub = hub
        self.hubs = hubs
        self.leaseDefault = leaseDefault
        self.leaseMinimum = leaseMinimum
        self.leaseMaximum = leaseMaximum
        self.maxSubscriptions = maxSubscriptions
        self.maxPerCallbackHost = maxPerCallbackHost
        self.timeout = timeout
    }

    /// The defaults, used when the config has no `"websub"` object: no hub, nothing advertised.
    public static let standard = WebSubSettings()

    /// The allowed range of lease lengths, in milliseconds: 1 minute to 365 days.
    public static let leaseRange: ClosedRange<Int64> = 60_000...(365 * 86_400_000)
    /// The allowed range of `maxSubscriptions`.
    public static let maxSubscriptionsRange = 1...1_000_000
    /// The allowed range of `timeout`, in milliseconds: 1 s to 5 min.
    public static let timeoutRange: ClosedRange<Int64> = 1000...300_000

    /// The path of the hub endpoint below the site, as served: `<site>websub`.
    public static let endpointPath = "websub"

    /// Whether feeds name any hub (ours or outside ones).
    public var advertises: Bool { hub || !hubs.isEmpty }

    /// The hubs a feed served at `site` advertises, ours first.
    public func hubURLs(site: URL) -> [URL] {
        (hub ? [site.appending(path: Self.endpointPath)] : []) + hubs
    }

    /// The lease granted for `asked` seconds (nil: the default), clamped to the minimum and maximum.
    public func lease(asked: Int64?) -> WatchDuration {
        guard let asked else { return leaseDefault }
        let clampedSeconds = min(max(asked, leaseMinimum.milliseconds / 1000), leaseMaximum.milliseconds / 1000)
        return .seconds(clampedSeconds)
    }
}
