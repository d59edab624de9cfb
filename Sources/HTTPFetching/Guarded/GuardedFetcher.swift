import Foundation

/// Fetches pages and images from arbitrary hosts, safely and politely: the fetcher the full-text and image-cache
/// steps (and `extract`) share.
///
/// For every fetch, and again for every redirect it is sent on:
/// 1. the scheme must be http or https, and every address the host resolves to must pass the public-address
///    guard (``PublicAddressPolicy``; lifted by ``FetchPolicy/allowPrivate``) *before* anything is contacted;
/// 2. `robots.txt` (RFC 9309, token `newsfeed`, its first 512 KiB, cached per origin for a day) must allow the
///    path, unless the policy says not to obey it; a 4xx `robots.txt` allows everything; a 5xx or unreachable one
///    nothing for now (``FetchError/robotsUnreachable(host:reason:)``, kept a few minutes, then asked again);
/// 3. the host's slot is taken: at most ``FetchPolicy/perHost`` requests per host with
///    ``FetchPolicy/hostSpacing`` between their starts, and ``FetchPolicy/totalConcurrency`` in all.
///
/// Redirects are followed here, never by libcurl, at most ``FetchPolicy/maximumRedirects``; a loop is refused.
/// One deadline (``FetchPolicy/timeout``) covers the whole fetch, every hop from connecting to the last byte, so a
/// server trickling one byte a second or streaming forever is cut off; decoded bytes are capped at
/// ``FetchPolicy/maximumBytes`` while they are decoded; a 2xx answer of an unwanted media type is refused from its
/// head. Requests carry `User-Agent: newsfeed/<version> (+<site>)` and the policy's `Accept`.
///
/// One fetcher serves one run (a build, an `extract`): its DNS answers, host slots and `robots.txt` cache live as
/// long as it does. libcurl resolves the name again when it connects; the guard checks that address too
/// (`CURLOPT_OPENSOCKETFUNCTION`), so a name whose DNS answer changes between the check and the connection (DNS
/// rebinding) is refused all the same, before any byte is sent.
public final class GuardedFetcher: Sendable {
    /// The robots.txt product token.
    public static let robotsToken = "newsfeed"

    public let policy: FetchPolicy
    private let addressPolicy: any AddressPolicy
    private let resolver: any HostResolving
    private let gate: HostGate
    /// Per-host lanes shared with other fetchers (a build's feed polls and full-text pages: one host-fair queue);
    /// nil when this fetcher's own gate keeps the per-host limit and spacing.
    private let hostLanes: HostGate?
    private let robots: RobotsCache

    /// - Parameters:
    ///   - policy: the limits; ``FetchPolicy/allowPrivate`` picks ``AllowAllAddressPolicy`` over
    ///     ``PublicAddressPolicy``.
    ///   - resolver: resolves host names for the guard (a fresh ``HostResolver`` caches for this fetcher's life).
    ///   - clock: ages the `robots.txt` cache.
    public convenience init(
        policy: FetchPolicy, resolver: any HostResolving = HostResolver(),
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        let addresses: any AddressPolicy = policy.allowPrivate ? AllowAllAddressPolicy() : PublicAddressPolicy()
        self.init(policy: policy, addressPolicy: addresses, resolver: resolver, clock: clock)
    }

    /// A fetcher whose per-host limit and spacing are `hostLanes`, shared with other fetchers (a build's feed
    /// polls and its full-text pages), while `policy` keeps its own total.
    package convenience init(policy: FetchPolicy, hostLanes: HostGate, resolver: any HostResolving = HostResolver()) {
        let addresses: any AddressPolicy = policy.allowPrivate ? AllowAllAddressPolicy() : PublicAddressPolicy()
        self.init(policy: policy, addressPolicy: addresses, resolver: resolver, hostLanes: hostLanes)
    }

    /// With an address policy of the caller's choosing: tests use one that treats some loopback addresses as
    /// public to exercise the guard.
    package init(
        policy: FetchPolicy, addressPolicy: any AddressPolicy, resolver: any HostResolving = HostResolver(),
        clock: @escaping @Sendable () -> Date = { Date() }, hostLanes: HostGate? = nil
    ) {
        self.policy = policy
        self.addressPolicy = addressPolicy
        self.resolver = resolver
        self.hostLanes = hostLanes
        // With shared lanes, this fetcher's own gate keeps only its total.
        gate =
            hostLanes == nil
            ? HostGate(perHost: policy.perHost, total: policy.totalConcurrency, spacing: policy.hostSpacing)
            : HostGate(perHost: policy.totalConcurrency, total: policy.totalConcurrency, spacing: .zero)
        robots = RobotsCache(clock: clock)
    }

    /// GETs `url` under the policy and returns the final answer, whatever its status.
    ///
    /// Throws ``FetchError/blocked(_:)`` for an address the guard refuses, ``FetchError/disallowedByRobots(_:)``,
    /// ``FetchError/tooManyRedirects(limit:)``, ``FetchError/redirectLoop(_:)``,
    /// ``FetchError/unwantedMediaType(_:url:)``, ``FetchError/timedOut(after:)``, ``FetchError/tooLarge(limit:)``,
    /// or a transport failure; ``FetchError/cancelled`` when the calling task is cancelled.
    /// `headers` are sent with every request of the exchange (a feed's `If-None-Match` and `If-Modified-Since`).
    public func fetch(_ url: URL, headers: [String: String] = [:]) async throws(FetchError) -> FetchedResource {
        let deadline = ContinuousClock.now + policy.timeout
        var current = url
        var visited: Set<String> = []
        var redirects = 0
        // Where the permanent redirects from the start lead (a 301 or 308 on the URL asked, and on each after).
        var movedTo: URL?
        var permanentSoFar = true
        while true {
            visited.insert(current.absoluteString)
            try await vet(current, redirected: redirects > 0)
            if policy.obeysRobots { try await obeyRobots(current) }
            let answer = try await exchange(current, deadline: deadline, inspect: true, headers: headers)
            guard [301, 302, 303, 307, 308].contains(answer.status), let location = answer.headers["location"],
                let next = URL(string: location, relativeTo: current)?.absoluteURL
            else {
                var resource = FetchedResource(
                    url: current, status: answer.status, headers: answer.headers, body: answer.body,
                    redirects: redirects)
                resource.movedPermanentlyTo = movedTo
                return resource
            }
            guard !visited.contains(next.absoluteString) else { throw .redirectLoop(next.absoluteString) }
            guard redirects < policy.maximumRedirects else { throw .tooManyRedirects(limit: policy.maximumRedirects) }
            permanentSoFar = permanentSoFar && [301, 308].contains(answer.status)
            if permanentSoFar { movedTo = next }
            redirects += 1
            current = next
        }
    }

    /// One exchange with a URL a stranger gave (a WebSub callback): the address guard as for ``fetch(_:headers:)``,
    /// but no `robots.txt` (the URL's owner asked to be contacted) and no redirect followed (a 3xx is returned as
    /// it came). `body` makes it a `POST`. At most `prefixBytes` of the answer's body are read (the rest is left
    /// unread, not an error), so a callback answering gigabytes costs nothing; ``FetchPolicy/timeout`` covers the
    /// whole exchange.
    public func send(
        _ url: URL, body: Data? = nil, headers: [String: String] = [:], prefixBytes: Int
    ) async throws(FetchError) -> FetchedResource {
        let deadline = ContinuousClock.now + policy.timeout
        try await vet(url, redirected: false)
        let answer = try await exchange(
            url, deadline: deadline, inspect: false, prefixBytes: max(1, prefixBytes), headers: headers, body: body)
        return FetchedResource(
            url: url, status: answer.status, headers: answer.headers, body: answer.body, redirects: 0)
    }

    // MARK: The guard

    /// Throws unless `url` is http(s) and every address of its host passes the address policy.
    private func vet(_ url: URL, redirected: Bool) async throws(FetchError) {
        let prefix = redirected ? "redirected to \(url.absoluteString): " : ""
        let scheme = url.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else {
            throw .blocked(prefix + "\(scheme.isEmpty ? "no scheme" : scheme): only http and https are fetched")
        }
        guard let host = url.host, !host.isEmpty else { throw .blocked(prefix + "no host in \(url.absoluteString)") }
        let addresses = try await resolver.addresses(of: host)
        for address in addresses {
            if let refusal = addressPolicy.refusal(of: address, for: host) {
                throw .blocked(prefix + refusal + Self.allowPrivateHint)
            }
        }
    }

    /// Appended to every refusal of the address guard.
    static let allowPrivateHint = "; \"allowPrivate\": true in the config allows it"

    // MARK: robots.txt

    /// Throws unless `robots.txt` of `url`'s origin allows it: ``FetchError/disallowedByRobots(_:)`` by its rules,
    /// ``FetchError/robotsUnreachable(host:reason:)`` while it cannot be had.
    private func obeyRobots(_ url: URL) async throws(FetchError) {
        guard let origin = Self.origin(of: url), let robotsURL = URL(string: origin + "/robots.txt") else { return }
        switch await robots.verdict(for: origin, download: { [self] in await downloadRobots(robotsURL) }) {
        case .rules(let rules):
            guard rules.allows(url) else { throw .disallowedByRobots(url.absoluteString) }
        case .unreachable(let error):
            // robots.txt itself may always be fetched (RFC 9309 §2.2.2).
            guard url.path == "/robots.txt" else { throw error }
        }
    }

    /// Fetches and parses one `robots.txt` (RFC 9309 §2.3.1), following up to five redirects (each vetted by the
    /// guard): a 2xx gives its rules (its first ``RobotsRules/maximumBytes``, the rest unread); a 4xx, a redirect
    /// without a target or past the fifth allow everything; a 5xx, a network failure or a redirect to a refused
    /// address make it unreachable, which disallows everything for now and is asked again later (``RobotsCache``).
    private func downloadRobots(_ start: URL) async -> RobotsVerdict {
        let deadline = ContinuousClock.now + policy.timeout
        // `news.example`, `127.0.0.1:8080`: the server, as transport failures name it.
        let host = start.host.map { name in start.port.map { "\(name):\($0)" } ?? name } ?? start.absoluteString
        var current = start
        for _ in 0...5 {
            do {
                try await vet(current, redirected: current != start)
                let answer = try await exchange(
                    current, deadline: deadline, inspect: false, prefixBytes: RobotsRules.maximumBytes)
                switch answer.status {
                case 200..<300:
                    return .rules(RobotsRules(parsingPrefix: answer.body, userAgent: Self.robotsToken))
                case 301, 302, 303, 307, 308:
                    // A redirect that leads nowhere, as one past the fifth: as if there were no robots.txt.
                    guard let location = answer.headers["location"],
                        let next = URL(string: location, relativeTo: current)?.absoluteURL
                    else { return .rules(.allowAll) }
                    current = next
                case 400..<500:
                    return .rules(.allowAll)
                default:
                    return .unreachable(.robotsUnreachable(host: host, reason: "\(answer.status) from \(host)"))
                }
            } catch .cancelled {
                return .unreachable(.cancelled)
            } catch .timedOut(let after) {
                return .unreachable(
                    .robotsUnreachable(host: host, reason: "no answer from \(host) within \(after.secondsText)"))
            } catch {
                return .unreachable(.robotsUnreachable(host: host, reason: error.description))
            }
        }
        // More redirects than RFC 9309 asks a crawler to follow: as if there were no robots.txt.
        return .rules(.allowAll)
    }

    // MARK: One exchange

    private struct Answer {
        var status: Int
        var headers: [String: String]
        var body: Data
    }

    /// One request under the host gate, with what is left of `deadline`; redirects are delivered, not followed.
    /// With `prefixBytes` the body is read no further than that many (decoded) bytes, which are kept as the answer
    /// (a `robots.txt`), instead of failing past ``FetchPolicy/maximumBytes``.
    private func exchange(
        _ url: URL, deadline: ContinuousClock.Instant, inspect: Bool, prefixBytes: Int? = nil,
        headers: [String: String] = [:], body: Data? = nil
    ) async throws(FetchError) -> Answer {
        let host = Self.origin(of: url) ?? url.absoluteString
        try await gate.enter(host)
        defer { Task { await gate.leave(host) } }
        if let hostLanes { try await hostLanes.enter(host) }
        defer { if let hostLanes { Task { await hostLanes.leave(host) } } }
        let remaining = deadline - ContinuousClock.now
        guard remaining > .zero else { throw .timedOut(after: policy.timeout) }
        var request = FetchRequest(url: url)
        request.method = body == nil ? "GET" : "POST"
        request.body = body
        request.setValue(policy.userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue(inspect ? policy.accept : "text/plain, */*;q=0.1", forHTTPHeaderField: "Accept")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let accepts = policy.acceptsMediaType
        let fetcher = CurlFetcher(maximumBytes: prefixBytes ?? policy.maximumBytes)
        let timeout = policy.timeout
        let addressPolicy = addressPolicy
        let hostName = url.host ?? ""
        do {
            let (body, response) = try await fetcher.fetch(
                request, timeout: remaining, redirects: .deliver,
                inspectHead: { response in
                    guard inspect, (200..<300).contains(response.statusCode) else { return nil }
                    let type = response.value(forHTTPHeaderField: "Content-Type").map(FetchedResource.mediaType(of:))
                    return accepts(type) ? nil : .unwantedMediaType(type ?? "", url: url.absoluteString)
                },
                keepsPrefix: prefixBytes != nil,
                // Again on the address libcurl actually connects to: a name whose DNS answer changed since the
                // check above (DNS rebinding) still cannot reach a refused address.
                connectGuard: { address in
                    addressPolicy.refusal(of: address, for: hostName).map { $0 + Self.allowPrivateHint }
                })
            return Answer(status: response.statusCode, headers: response.lowercasedHeaderFields, body: body)
        } catch .timedOut(_) {
            // The whole fetch's deadline, not this hop's remainder, is what the caller set.
            throw .timedOut(after: timeout)
        }
    }

    /// `https://news.example:8443` (the port only when given).
    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else {
            return nil
        }
        let hostPart = host.contains(":") ? "[\(host)]" : host
        return url.port.map { "\(scheme)://\(hostPart):\($0)" } ?? "\(scheme)://\(hostPart)"
    }
}
