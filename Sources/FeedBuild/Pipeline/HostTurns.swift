import Foundation
import NewsModel
import Synchronization
import Upstreams

/// The order publishers' feeds start in a build: hosts take turns (the first feed of each host, then the second
/// …), a host's second lane is used only when no idle host has feeds waiting, and a host with `perHost` feeds in
/// flight is passed over until one ends, so a slow host holds only its own lanes. Feeds keep their config order
/// within a host.
struct HostTurns {
    private var waiting: [String: [FeedSpec]] = [:]
    private var hosts: [String] = []
    private var inFlight: [String: Int] = [:]
    private var cursor = 0
    private let perHost: Int

    init(_ specs: [FeedSpec], perHost: Int) {
        self.perHost = max(1, perHost)
        for spec in specs {
            let host = Self.host(of: spec)
            if waiting[host] == nil { hosts.append(host) }
            waiting[host, default: []].append(spec)
        }
    }

    /// The host whose lanes a feed takes: its URL's host, lowercased (the first URL's, for a merged feed).
    static func host(of spec: FeedSpec) -> String {
        spec.kind.feedURLs.first.map(SourcePoll.host(of:)) ?? spec.id
    }

    /// The next feed to start and its host, or nil when every host with feeds left is at its limit (or none is
    /// left). `ignoringLanes` takes what is left regardless, for the outcomes of a stopped run.
    mutating func next(ignoringLanes: Bool = false) -> (FeedSpec, String)? {
        guard !hosts.isEmpty else { return nil }
        // A host with nothing in flight first; a second lane only when no idle host has feeds waiting, so hosts
        // that answer slowly cannot fill the build's lanes while others wait.
        let passes = ignoringLanes ? [Int.max] : Array(1...perHost)
        for allowed in passes {
            for step in 0..<hosts.count {
                let index = (cursor + step) % hosts.count
                let host = hosts[index]
                guard inFlight[host, default: 0] < allowed, var specs = waiting[host], !specs.isEmpty else { continue }
                let spec = specs.removeFirst()
                if !ignoringLanes { inFlight[host, default: 0] += 1 }
                if specs.isEmpty {
                    waiting[host] = nil
                    hosts.remove(at: index)
                    cursor = hosts.isEmpty ? 0 : index % hosts.count
                } else {
                    waiting[host] = specs
                    cursor = (index + 1) % hosts.count
                }
                return (spec, host)
            }
        }
        return nil
    }

    /// A feed of `host` ended: its lane is free.
    mutating func finished(_ host: String) {
        inFlight[host, default: 1] -= 1
        if inFlight[host] == 0 { inFlight[host] = nil }
    }
}

/// Counts the feeds of a run as they start, for `build`'s progress line (`[3/40] feed/…`), from whichever task
/// starts them.
final class ProgressCounter: Sendable {
    private let total: Int
    private let progress: (@Sendable (Int, Int, FeedSpec) -> Void)?
    private let count = Mutex(0)

    init(total: Int, progress: (@Sendable (Int, Int, FeedSpec) -> Void)?) {
        self.total = total
        self.progress = progress
    }

    func started(_ spec: FeedSpec) {
        let index = count.withLock { value in
            value += 1
            return value
        }
        progress?(index, total, spec)
    }
}
