import FeedFormats
import FeedOutput
import Foundation
import HTTPFetching
import HTTPServing
import NewsModel
import Synchronization

/// `serve` as a WebSub hub (W3C WebSub, docs/serving-and-monitoring.md#websub): accepts subscriptions at
/// `<site>websub`, verifies each with its callback, keeps them in the state folder (``WebSubStore``) and pushes
/// every changed feed to its subscribers.
///
/// Nothing here runs on the server's event loop but the form's checks: verifications and deliveries are tasks,
/// at most ``maxVerifying`` and ``FetchPolicy/totalConcurrency`` at once, each through the guarded fetcher (the
/// address guard, no redirect followed, the answer read no further than needed, ``WebSubSettings/timeout``).
package final class WebSubHub: Sendable {
    package let settings: WebSubSettings
    /// Where the feeds are served: a topic is this plus a feed's path.
    package let site: URL
    package let store: WebSubStore
    let fetcher: GuardedFetcher
    let feeds: RequestPathResolver
    let clock: @Sendable () -> Date
    let log: @Sendable (String) -> Void
    /// Verifications running at most at once; a request past it is answered `503`.
    package let maxVerifying: Int
    /// Delivery attempts made at most per pending delivery before it is given up.
    package static let maxAttempts = 6
    /// The wait after each failed attempt but the last: six tries over about a day (1 min, 10 min, 1 h, 4 h, 18 h).
    package static let retryDelays: [TimeInterval] = [60, 600, 3600, 4 * 3600, 18 * 3600]

    private let limiter: Mutex<WebSubRateLimit>
    private let verifying = Mutex(0)
    private let state = Mutex(Watched())

    /// What the distributor remembers between rounds: the registry as last read or written (with the file's
    /// identity, so another process's change is noticed) and each topic's file version.
    private struct Watched: Sendable {
        var registry = WebSubRegistry()
        var identity: FileVersion?
        var loaded = false
        var versions: [String: FileVersion] = [:]
        var lastErrors: [String: String] = [:]
        var delivering = false
    }

    package init(
        settings: WebSubSettings, site: URL, root: String, allowPrivate: Bool, perMinute: Int = 30,
        maxVerifying: Int = 32, clock: @escaping @Sendable () -> Date = { Date() },
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(ServeError) {
        self.settings = settings
        self.site = site
        feeds = try RequestPathResolver(root: root)
        store = WebSubStore(stateFolder: URL(fileURLWithPath: feeds.realRoot).appending(path: ".newsfeed"))
        let policy = FetchPolicy(
            site: site, allowPrivate: allowPrivate, maximumBytes: 1 << 20, timeout: settings.timeout.duration,
            maximumRedirects: 0, perHost: 2, hostSpacing: .zero, totalConcurrency: 16, obeysRobots: false)
        fetcher = GuardedFetcher(policy: policy, clock: clock)
        self.clock = clock
        self.log = log
        self.maxVerifying = maxVerifying
        limiter = Mutex(WebSubRateLimit(perMinute: perMinute))
    }

    /// The path the endpoint answers at.
    package static let path = "/" + WebSubSettings.endpointPath

    // MARK: Subscribing

    /// What a verification came to.
    package enum Verification: Sendable, Hashable {
        case subscribed(leaseSeconds: Int64)
        case unsubscribed
        case denied(String)
        case failed(String)
    }

    /// Answers a `POST` to the endpoint at once, and starts the verification of a well-formed request, whose
    /// task is returned (tests await it; the server does not).
    package func respond(to request: HTTPRequest) -> (HTTPResponse, Task<Verification, Never>?) {
        if let address = request.clientAddress,
            let wait = limiter.withLock({ $0.admit(address, now: clock()) })
        {
            var response = HTTPResponse.text(429, WebSubHubError.tooManyRequests(retryAfter: wait).description + "\n")
            response.headers.set("Retry-After", String(wait))
            return (response, nil)
        }
        let intent: WebSubIntent
        switch WebSubForm.intent(body: request.body, contentType: request.headers["Content-Type"]) {
        case .failure(let error): return (Self.refusal(error), nil)
        case .success(let found): intent = found
        }
        guard isTopic(intent.topic) else { return (Self.refusal(.unknownTopic), nil) }
        let admitted = verifying.withLock { count in
            guard count < maxVerifying else { return false }
            count += 1
            return true
        }
        guard admitted else {
            var response = Self.refusal(.busy)
            response.headers.set("Retry-After", "60")
            return (response, nil)
        }
        let task = Task { [self] in
            let outcome = await verify(intent)
            verifying.withLock { $0 -= 1 }
            return outcome
        }
        return (HTTPResponse.text(202, "accepted: the callback will be asked to confirm\n"), task)
    }

    private static func refusal(_ error: WebSubHubError) -> HTTPResponse {
        var response = HTTPResponse.text(error.status, error.description + "\n")
        response.headers.set("X-Content-Type-Options", "nosniff")
        return response
    }

    /// Whether `topic` is a feed served here: this site's URL of a feed file that exists.
    package func isTopic(_ topic: String) -> Bool {
        relativePath(ofTopic: topic) != nil
    }

    /// The feed file's path below the folder for `topic`, when it is one served here.
    func relativePath(ofTopic topic: String) -> String? {
        let prefix = site.absoluteString
        guard topic.hasPrefix(prefix), !topic.contains("?"), !topic.contains("#") else { return nil }
        let rest = String(topic.dropFirst(prefix.count))
        guard !rest.isEmpty, case .file(let relativePath, _) = feeds.resolve("/" + rest),
            MediaType.forFileName(relativePath).isFeed
        else { return nil }
        return relativePath
    }

    /// Verification of intent (§5.3): the callback is asked, with a fresh challenge, to confirm; only a 2xx whose
    /// body is exactly the challenge changes anything. A subscription over a cap is denied instead (§5.2).
    package func verify(_ intent: WebSubIntent) async -> Verification {
        let callback = intent.callback.absoluteString
        if intent.mode == .subscribe {
            let refusal = registrySnapshot().admits(
                callback: callback, topic: intent.topic, maxSubscriptions: settings.maxSubscriptions,
                maxPerHost: settings.maxPerCallbackHost)
            if let refusal {
                await deny(intent, reason: refusal.description)
                return .denied(refusal.description)
            }
        }
        // A first subscriber of a topic gets the next change, not the feed as it is now: as it is before the
        // callback is asked, so a change made while it answers is still pushed.
        let digest = intent.mode == .subscribe ? currentFile(ofTopic: intent.topic)?.digest : nil
        let challenge = Self.challenge()
        let lease = settings.lease(asked: intent.leaseSeconds)
        let leaseSeconds = lease.milliseconds / 1000
        var fields = [("hub.mode", intent.mode.rawValue), ("hub.topic", intent.topic), ("hub.challenge", challenge)]
        if intent.mode == .subscribe { fields.append(("hub.lease_seconds", String(leaseSeconds))) }
        let url = Self.appending(fields, to: intent.callback)
        let answer: FetchedResource
        do {
            // A little more than the challenge: enough to see that the body is longer, never gigabytes.
            answer = try await fetcher.send(url, prefixBytes: challenge.utf8.count + 64)
        } catch {
            return verificationFailed(intent, "the callback could not be asked: \(error.description)")
        }
        guard (200..<300).contains(answer.status) else {
            return verificationFailed(intent, "the callback answered HTTP \(answer.status)")
        }
        guard answer.body == Data(challenge.utf8) else {
            return verificationFailed(intent, "the callback did not echo the challenge")
        }
        let now = clock()
        let changed: Result<Verification, OutputError> = change(now: now) { registry in
            switch intent.mode {
            case .subscribe:
                registry.verified(host: WebSubSubscription.host(of: callback))
                // The caps again: other subscriptions may have been verified meanwhile.
                if let refusal = registry.admits(
                    callback: callback, topic: intent.topic, maxSubscriptions: self.settings.maxSubscriptions,
                    maxPerHost: self.settings.maxPerCallbackHost)
                {
                    return .denied(refusal.description)
                }
                registry.subscribe(
                    callback: callback, topic: intent.topic, secret: intent.secret, now: now,
                    lease: lease.timeInterval)
                if registry.topicDigests[intent.topic] == nil, let digest {
                    registry.topicDigests[intent.topic] = digest
                }
                return .subscribed(leaseSeconds: leaseSeconds)
            case .unsubscribe:
                registry.verified(host: WebSubSubscription.host(of: callback))
                registry.unsubscribe(callback: callback, topic: intent.topic)
                return .unsubscribed
            }
        }
        switch changed {
        case .failure(let error):
            log("newsfeed serve: websub: \(error.description)")
            return .failed(error.description)
        case .success(.denied(let reason)):
            await deny(intent, reason: reason)
            return .denied(reason)
        case .success(let outcome):
            return outcome
        }
    }

    /// A verification that came to nothing: said once in the log and kept for `status` under the callback's host
    /// (`verification of <mode> to <topic> failed: …`).
    private func verificationFailed(_ intent: WebSubIntent, _ reason: String) -> Verification {
        let callback = intent.callback.absoluteString
        let line = "verification of \(intent.mode.rawValue) to \(intent.topic) failed: \(reason)"
        log("newsfeed serve: websub: \(callback): \(line)")
        let now = clock()
        if case .failure(let error) = change(
            now: now,
            { registry in
                registry.verificationFailed(host: WebSubSubscription.host(of: callback), reason: line, time: now)
            })
        {
            log("newsfeed serve: websub: \(error.description)")
        }
        return .failed(line)
    }

    /// Tells the callback its subscription is refused (§5.2); its answer does not matter.
    private func deny(_ intent: WebSubIntent, reason: String) async {
        let url = Self.appending(
            [("hub.mode", "denied"), ("hub.topic", intent.topic), ("hub.reason", reason)], to: intent.callback)
        _ = try? await fetcher.send(url, prefixBytes: 1)
    }

    /// `url` with `fields` added to its query (a callback may carry its own).
    static func appending(_ fields: [(String, String)], to url: URL) -> URL {
        let text = url.absoluteString
        let separator = url.query == nil ? (text.hasSuffix("?") ? "" : "?") : "&"
        return URL(string: text + separator + WebSubForm.encode(fields)) ?? url
    }

    /// 192 random bits as hex (§5.3 asks for a value the subscriber cannot guess).
    static func challenge() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<24).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return byte < 16 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
        }.joined()
    }

    // MARK: The registry

    /// The registry as last known, read again when another process (`newsfeed websub remove`) wrote the file.
    package func registrySnapshot() -> WebSubRegistry {
        let identity = store.identity
        if let known = state.withLock({ $0.loaded && $0.identity == identity ? $0.registry : nil }) { return known }
        let loaded = (try? store.load(now: clock())) ?? WebSubStore.Loaded(registry: WebSubRegistry())
        if let warning = loaded.warning { log("newsfeed serve: websub: \(warning)") }
        if loaded.warning != nil { try? store.save(loaded.registry) }
        state.withLock {
            $0.registry = loaded.registry
            $0.identity = identity
            $0.loaded = true
        }
        return loaded.registry
    }

    /// Changes the registry in the store (under its lock, from the file as it is now) and remembers the result.
    func change<Outcome>(now: Date, _ body: (inout WebSubRegistry) -> Outcome) -> Result<Outcome, OutputError> {
        do {
            let cached = state.withLock { watched in
                watched.loaded ? watched.identity.map { (identity: $0, registry: watched.registry) } : nil
            }
            let (outcome, registry, warning, identity) = try store.updateNoting(now: now, cached: cached, body)
            if let warning { log("newsfeed serve: websub: \(warning)") }
            state.withLock {
                $0.registry = registry
                $0.identity = identity
                $0.loaded = true
            }
            return .success(outcome)
        } catch {
            return .failure(error)
        }
    }

    /// The last failure per callback host, for the status views.
    package var lastErrors: [String: String] { state.withLock { $0.lastErrors } }

    /// Remembers `version` as the topic's file version; whether it differs from the one seen before.
    func noteVersion(_ version: FileVersion, of topic: String) -> Bool {
        state.withLock { watched in
            guard watched.versions[topic] != version else { return false }
            watched.versions[topic] = version
            return true
        }
    }

    func noteErrors(_ errors: [(host: String, reason: String)]) {
        guard !errors.isEmpty else { return }
        state.withLock { watched in
            for (host, reason) in errors { watched.lastErrors[host] = reason }
        }
    }
}
