import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches pages and images from arbitrary hosts, safely and politely: the fetcher the full-text and image-cache
/// steps (and `extract`) share.
///
/// For every fetch, and again for every redirect it is sent on:
/// 1. the scheme must be http or https, and every address the host resolves to must pass the public-address
///    guard (``PublicAddressPolicy``; lifted by ``FetchPolicy/allowPrivate``) *before* anything is contacted;
/// 2. `robots.txt` (RFC 9309, token `newsfeed`, cached per origin for a day) must allow the path, unless the
///    policy says not to obey it; a 4xx `robots.txt` allows everything, a 5xx or unreachable one nothing;
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
    /// `robots.txt` bodies beyond this are not read (RFC 9309 asks crawlers to parse at least 500 KiB).
    static let robotsMaximumBytes = 512 * 1024

    public let policy: FetchPolicy
    private let addressPolicy: any AddressPolicy
    private let resolver: any HostResolving
    private let gate: HostGate
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

    /// With an address policy of the caller's choosing: tests use one that treats some loopback addresses as
    /// public to exercise the guard.
    package init(
        policy: FetchPolicy, addressPolicy: any AddressPolicy, resolver: any HostResolving = HostResolver(),
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.policy = policy
        self.addressPolicy = addressPolicy
        self.resolver = resolver
        gate = HostGate(perHost: policy.perHost, total: policy.totalConcurrency, spacing: policy.hostSpacing)
        robots = RobotsCache(clock: clock)
    }

    /// GETs `url` under the policy and returns the final answer, whatever its status.
    ///
    /// Throws ``FetchError/blocked(_:)`` for an address the guard refuses, ``FetchError/disallowedByRobots(_:)``,
    /// ``FetchError/tooManyRedirects(limit:)``, ``FetchError/redirectLoop(_:)``,
    /// ``FetchError/unwantedMediaType(_:url:)``, ``FetchError/timedOut(after:)``, ``FetchError/tooLarge(limit:)``,
    /// or a transport failure; ``FetchError/cancelled`` when the calling task is cancelled.
    public func fetch(_ url: URL) async throws(FetchError) -> FetchedResource {
        let deadline = ContinuousClock.now + policy.timeout
        var current = url
        var visited: Set<String> = []
        var redirects = 0
        while true {
            visited.insert(current.absoluteString)
            try await vet(current, redirected: redirects > 0)
            if policy.obeysRobots, !(await robotsRules(for: current).allows(current)) {
                throw .disallowedByRobots(current.absoluteString)
            }
            let answer = try await exchange(current, deadline: deadline, inspect: true)
            guard [301, 302, 303, 307, 308].contains(answer.status), let location = answer.headers["location"],
                let next = URL(string: location, relativeTo: current)?.absoluteURL
            else {
                return FetchedResource(
                    url: current, status: answer.status, headers: answer.headers, body: answer.body,
                    redirects: redirects)
            }
            guard !visited.contains(next.absoluteString) else { throw .redirectLoop(next.absoluteString) }
            guard redirects < policy.maximumRedirects else { throw .tooManyRedirects(limit: policy.maximumRedirects) }
            redirects += 1
            current = next
        }
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

    private func robotsRules(for url: URL) async -> RobotsRules {
        guard let origin = Self.origin(of: url), let robotsURL = URL(string: origin + "/robots.txt") else {
            return .allowAll
        }
        return await robots.rules(for: origin) { [self] in await downloadRobots(robotsURL) }
    }

    /// Fetches and parses one `robots.txt`, following up to five redirects (each vetted by the guard).
    private func downloadRobots(_ start: URL) async -> RobotsRules {
        let deadline = ContinuousClock.now + policy.timeout
        var current = start
        for _ in 0...5 {
            do {
                try await vet(current, redirected: false)
                let answer = try await exchange(
                    current, deadline: deadline, inspect: false, maximumBytes: Self.robotsMaximumBytes)
                switch answer.status {
                case 200..<300:
                    return RobotsRules(
                        parsing: String(decoding: answer.body, as: UTF8.self), userAgent: Self.robotsToken)
                case 301, 302, 303, 307, 308:
                    guard let location = answer.headers["location"],
                        let next = URL(string: location, relativeTo: current)?.absoluteURL
                    else { return .allowAll }
                    current = next
                case 400..<500:
                    return .allowAll
                default:
                    return .disallowAll
                }
            } catch {
                return .disallowAll
            }
        }
        // More redirects than RFC 9309 asks a crawler to follow: as if there were no robots.txt.
        return .allowAll
    }

    // MARK: One exchange

    private struct Answer {
        var status: Int
        var headers: [String: String]
        var body: Data
    }

    /// One request under the host gate, with what is left of `deadline`; redirects are delivered, not followed.
    private func exchange(_ url: URL, deadline: ContinuousClock.Instant, inspect: Bool, maximumBytes: Int? = nil)
        async throws(FetchError) -> Answer
    {
        let host = Self.origin(of: url) ?? url.absoluteString
        try await gate.enter(host)
        defer { Task { await gate.leave(host) } }
        let remaining = deadline - ContinuousClock.now
        guard remaining > .zero else { throw .timedOut(after: policy.timeout) }
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.setValue(policy.userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue(inspect ? policy.accept : "text/plain, */*;q=0.1", forHTTPHeaderField: "Accept")
        let accepts = policy.acceptsMediaType
        let fetcher = CurlFetcher(maximumBytes: maximumBytes ?? policy.maximumBytes)
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
                // Again on the address libcurl actually connects to: a name whose DNS answer changed since the
                // check above (DNS rebinding) still cannot reach a refused address.
                connectGuard: { address in
                    addressPolicy.refusal(of: address, for: hostName).map { $0 + Self.allowPrivateHint }
                })
            var headers: [String: String] = [:]
            for (name, value) in response.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
            }
            return Answer(status: response.statusCode, headers: headers, body: body)
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
