import FeedOutput
import Foundation
import HTTPFetching
import NewsModel

/// Checks image URLs over HTTP the cheap way: response heads only, every hop vetted by the address guard.
///
/// HEAD first; a host that refuses HEAD (405, 501, 403) gets a GET for `bytes=0-0` that ends as soon as the head
/// arrives, so no body is read. Redirects are followed here, up to ``maximumRedirects``, each target
/// scheme-checked, resolved and vetted by the ``AddressPolicy`` before it is contacted, and the address libcurl
/// actually connects to is checked again (``CurlFetcher``'s connect guard). One deadline of its own
/// (``WatchSettings/timeout``) covers the whole check; it is kept by the HTTP engine's thread, so an answer that came
/// in time counts even when the cooperative pool is slow to take it.
///
/// Requests go through ``CurlFetcher`` (libcurl): no proxy, no cookies, no cache, a fresh connection per request;
/// ``WatchRound`` keeps to ``WatchSettings/perHost`` requests per host.
public final class ImageChecker: ImageChecking {
    /// Redirects followed before a check fails.
    public static let maximumRedirects = 5

    private let policy: any AddressPolicy
    private let resolver: any HostResolving
    private let timeout: WatchDuration

    /// - Parameters:
    ///   - settings: the per-check ``WatchSettings/timeout``.
    ///   - policy: which addresses may be contacted; ``PublicAddressPolicy`` unless `--allow-private`.
    ///   - resolver: resolves host names for the guard; a fresh ``HostResolver`` caches for this checker's life.
    public init(settings: WatchSettings, policy: any AddressPolicy, resolver: any HostResolving = HostResolver()) {
        self.policy = policy
        self.resolver = resolver
        self.timeout = settings.timeout
    }

    public func check(_ url: URL, previous: ImageRecord?) async -> ImageCheckResult {
        guard !Task.isCancelled else { return .skipped }
        let deadline = ContinuousClock.now + timeout.duration
        // Each request ends at `deadline` on the HTTP engine's thread, off the cooperative pool; this
        // backstop, later by a grace, only bounds what has no timer of its own, such as a hung name lookup.
        let backstop = timeout.duration + max(.seconds(1), timeout.duration / 2)
        let first: ImageCheckResult?? = await withTaskGroup(of: ImageCheckResult?.self) { group in
            group.addTask { await self.follow(url, previous: previous, deadline: deadline) }
            group.addTask {
                try? await Task.sleep(for: backstop)
                return nil
            }
            let first = await group.next()
            group.cancelAll()
            return first
        }
        if let answer = first ?? nil { return answer }
        return Task.isCancelled ? .skipped : timedOut
    }

    private var timedOut: ImageCheckResult {
        .failed(cause: "timed out after \(timeout)", permanent: false, http: nil)
    }

    /// Checks `start` and follows its redirects, every request ending by `deadline`.
    private func follow(_ start: URL, previous: ImageRecord?, deadline: ContinuousClock.Instant) async
        -> ImageCheckResult
    {
        var current = start
        var visited: Set<String> = []
        var redirects = 0
        // The last status any hop answered: an answer proves the network works, whatever follows.
        var answered: Int?
        while true {
            visited.insert(current.absoluteString)
            let hop = redirects == 0 ? "" : " at \(current.absoluteString)"
            if let refusal = await vet(current) {
                guard redirects > 0, case .blocked(let reason) = refusal else { return refusal }
                return .blocked(reason: "redirected to \(current.absoluteString): \(reason)")
            }
            var outcome = await exchange(current, method: "HEAD", previous: previous, deadline: deadline)
            if case .response(let status, _) = outcome, [403, 405, 501].contains(status) {
                outcome = await exchange(current, method: "GET", previous: previous, deadline: deadline)
            }
            guard !Task.isCancelled else { return .skipped }
            switch outcome {
            case .failure(.timedOut):
                return .failed(cause: "timed out after \(timeout)\(hop)", permanent: false, http: answered)
            case .failure(.cancelled):
                return .skipped
            case .failure(.blocked(let reason)):
                return .blocked(reason: redirects == 0 ? reason : "redirected to \(current.absoluteString): \(reason)")
            case .failure(let error):
                return .failed(cause: HTTPExchangeOutcome.cause(of: error) + hop, permanent: false, http: answered)
            case .response(let status, let headers):
                answered = status
                switch status {
                case 200..<300:
                    return Self.image(status: status, headers: headers, hop: hop)
                case 304:
                    return .notModified
                case 301, 302, 303, 307, 308:
                    guard let location = headers["location"],
                        let next = URL(string: location, relativeTo: current)?.absoluteURL
                    else {
                        return .failed(
                            cause: "HTTP \(status) without a usable Location\(hop)", permanent: false, http: status)
                    }
                    guard !visited.contains(next.absoluteString) else {
                        return .failed(
                            cause: "redirect loop back to \(next.absoluteString)", permanent: false, http: status)
                    }
                    guard redirects < Self.maximumRedirects else {
                        return .failed(
                            cause: "more than \(Self.maximumRedirects) redirects", permanent: false, http: status)
                    }
                    redirects += 1
                    current = next
                case 404, 410:
                    return .failed(cause: "HTTP \(status)\(hop)", permanent: true, http: status)
                default:
                    return .failed(cause: "HTTP \(status)\(hop)", permanent: false, http: status)
                }
            }
        }
    }

    /// Nil when `url` may be contacted; otherwise why not (blocked, host not found, or skipped when cancelled).
    private func vet(_ url: URL) async -> ImageCheckResult? {
        let scheme = url.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else {
            return .blocked(reason: "\(scheme.isEmpty ? "no scheme" : scheme): only http and https are checked")
        }
        guard let host = url.host, !host.isEmpty else {
            return .failed(cause: "no host in \(url.absoluteString)", permanent: false, http: nil)
        }
        let addresses: [IPAddress]
        do {
            addresses = try await resolver.addresses(of: host)
        } catch .cancelled {
            return .skipped
        } catch {
            return .failed(cause: error.description, permanent: false, http: nil)
        }
        for address in addresses {
            if let refusal = policy.refusal(of: address, for: host) {
                return .blocked(reason: refusal + "; \(Self.allowPrivateHint)")
            }
        }
        return nil
    }

    /// How to check such images anyway, appended to every refusal of the address guard.
    public static let allowPrivateHint = "watch --allow-private checks private addresses too"

    /// One request, head only; the validators from `previous` make a recheck conditional.
    private func exchange(
        _ url: URL, method: String, previous: ImageRecord?, deadline: ContinuousClock.Instant
    ) async -> HTTPExchangeOutcome {
        var request = FetchRequest(url: url)
        request.method = method
        request.setValue(NewsFeedVersion.userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("image/*, */*;q=0.5", forHTTPHeaderField: "Accept")
        // Compressed answers report the compressed size; the enclosure needs the real one.
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        if method == "GET" {
            request.setValue("bytes=0-0", forHTTPHeaderField: "Range")
        }
        if let etag = previous?.etag {
            request.setValue(etag, forHTTPHeaderField: "If-None-Match")
        }
        if let lastModified = previous?.lastModified {
            request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
        }
        let remaining = deadline - ContinuousClock.now
        guard remaining > .zero else { return .failure(.timedOut(after: timeout.duration)) }
        let policy = self.policy
        let host = url.host ?? ""
        do {
            let (_, response) = try await CurlFetcher().fetch(
                request, timeout: remaining, redirects: .deliver, readsBody: false,
                connectGuard: { address in
                    policy.refusal(of: address, for: host).map { $0 + "; \(Self.allowPrivateHint)" }
                })
            return .from(response)
        } catch {
            return .failure(error)
        }
    }

    /// Reads a 2xx head: an image with its real length, or a failure when it is not an image at all.
    package static func image(status: Int, headers: [String: String], hop: String = "") -> ImageCheckResult {
        let mimeType = headers["content-type"].map(mediaType(of:))
        guard let mimeType, mimeType.hasPrefix("image/") else {
            let what = mimeType.map { $0.isEmpty ? "an empty Content-Type" : $0 } ?? "no Content-Type"
            return .failed(
                cause: "answered \(what), not an image (hotlink blocked?)\(hop)", permanent: false, http: status)
        }
        let length: Int?
        if status == 206, let range = headers["content-range"] {
            length = totalLength(inContentRange: range)
        } else {
            length = headers["content-length"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        return .alive(
            length: length.flatMap { $0 >= 0 ? $0 : nil }, mimeType: mimeType, etag: headers["etag"],
            lastModified: headers["last-modified"])
    }

    /// `image/jpeg` from `Image/JPEG; charset=binary`.
    package static func mediaType(of contentType: String) -> String {
        let bare = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return bare.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// The complete length from `bytes 0-0/12345`; nil for `*` or anything malformed.
    package static func totalLength(inContentRange value: String) -> Int? {
        guard let slash = value.lastIndex(of: "/") else { return nil }
        return Int(value[value.index(after: slash)...].trimmingCharacters(in: .whitespaces))
    }
}
