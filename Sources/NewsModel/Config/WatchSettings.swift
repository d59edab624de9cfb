import Foundation

/// How `watch` checks images: the config's optional `"watch"` object.
///
/// Every key is optional; an unknown key is an error naming it, so a typo never silently falls back to a default.
public struct WatchSettings: Sendable, Hashable {
    /// Consecutive failures before an image counts as dead (a 404 or 410 is dead at once).
    public var failuresBeforeDead: Int
    /// Image URLs checked at the same time, over all hosts.
    public var concurrency: Int
    /// Image URLs checked at the same time on one host, to be a good citizen.
    public var perHost: Int
    /// Longest time one image URL may take, redirects and name resolution included.
    public var timeout: WatchDuration
    /// An image checked alive within this span is not checked again.
    public var recheck: WatchDuration
    /// Longest time one round may take; URLs not reached by then are skipped, not failed.
    public var roundDeadline: WatchDuration
    /// Failures closer together than this count as one, so two rounds run back to back
    /// during a short outage (DNS, our own network) cannot declare images dead.
    public var failureSpacing: WatchDuration

    public init(
        failuresBeforeDead: Int = 2, concurrency: Int = 32, perHost: Int = 4, timeout: WatchDuration = .seconds(10),
        recheck: WatchDuration = .hours(6), roundDeadline: WatchDuration = .minutes(15),
        failureSpacing: WatchDuration = .minutes(10)
    ) {
        self.failureSpacing = failureSpacing
        self.failuresBeforeDead = failuresBeforeDead
        self.concurrency = concurrency
        self.perHost = perHost
        self.timeout = timeout
        self.recheck = recheck
        self.roundDeadline = roundDeadline
    }

    /// The defaults, used when the config has no `"watch"` object.
    public static let standard = WatchSettings()

    /// Checks the ranges; the message names the setting as it is spelled in the config.
    public func validate() throws(SettingError) {
        try Self.require(failuresBeforeDead, atLeast: 1, name: "watch.failuresBeforeDead")
        try Self.require(concurrency, atLeast: 1, atMost: 1024, name: "watch.concurrency")
        try Self.require(perHost, atLeast: 1, atMost: 64, name: "watch.perHost")
        guard timeout.milliseconds > 0 else {
            throw .invalidSetting(name: "watch.timeout", problem: "must be longer than 0s")
        }
        guard roundDeadline.milliseconds > 0 else {
            throw .invalidSetting(name: "watch.roundDeadline", problem: "must be longer than 0s")
        }
    }

    /// Throws unless `low ... high` holds `value`; the message names the setting and the value.
    package static func require(_ value: Int, atLeast low: Int, atMost high: Int = .max, name: String)
        throws(SettingError)
    {
        guard value >= low else { throw .invalidSetting(name: name, problem: "must be at least \(low), got \(value)") }
        guard value <= high else { throw .invalidSetting(name: name, problem: "must be at most \(high), got \(value)") }
    }
}

extension WatchSettings: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case failuresBeforeDead, concurrency, perHost, timeout, recheck, roundDeadline, failureSpacing
    }

    /// Accepts any key, so unknown ones can be named in the error.
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes the `"watch"` object; unknown keys and out-of-range values are errors that name the key.
    public init(from decoder: any Decoder) throws {
        let everyKey = try decoder.container(keyedBy: AnyKey.self)
        let known = CodingKeys.allCases.map(\.rawValue)
        if let unknown = everyKey.allKeys.first(where: { !known.contains($0.stringValue) }) {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath + [unknown],
                    debugDescription:
                        "unknown key \"\(unknown.stringValue)\" (known keys: \(known.sorted().joined(separator: ", ")))"
                )
            )
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = WatchSettings.standard
        self.init(
            failuresBeforeDead: try container.decodeIfPresent(Int.self, forKey: .failuresBeforeDead)
                ?? defaults.failuresBeforeDead,
            concurrency: try container.decodeIfPresent(Int.self, forKey: .concurrency) ?? defaults.concurrency,
            perHost: try container.decodeIfPresent(Int.self, forKey: .perHost) ?? defaults.perHost,
            timeout: try container.decodeIfPresent(WatchDuration.self, forKey: .timeout) ?? defaults.timeout,
            recheck: try container.decodeIfPresent(WatchDuration.self, forKey: .recheck) ?? defaults.recheck,
            roundDeadline: try container.decodeIfPresent(WatchDuration.self, forKey: .roundDeadline)
                ?? defaults.roundDeadline,
            failureSpacing: try container.decodeIfPresent(WatchDuration.self, forKey: .failureSpacing)
                ?? defaults.failureSpacing
        )
        do {
            try validate()
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description)
            )
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(failuresBeforeDead, forKey: .failuresBeforeDead)
        try container.encode(failureSpacing, forKey: .failureSpacing)
        try container.encode(concurrency, forKey: .concurrency)
        try container.encode(perHost, forKey: .perHost)
        try container.encode(timeout, forKey: .timeout)
        try container.encode(recheck, forKey: .recheck)
        try container.encode(roundDeadline, forKey: .roundDeadline)
    }
}
