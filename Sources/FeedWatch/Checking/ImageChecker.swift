import FeedOutput
import Foundation
import HTTPFetching
import NewsModel

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Checks image URLs over HTTP the cheap way: response heads only, every hop vetted by the address guard.
///
/// HEAD first; a host that refuses HEAD (405, 501, 403) gets a GET for `bytes=0-0` that is cancelled as soon as
/// the head arrives, so no body is read beyond a few bytes. Redirects are followed here, up to
/// ``maximumRedirects``, each target scheme-checked, resolved and vetted by the ``AddressPolicy`` before it is
/// contacted. One deadline of its own (``WatchSettings/timeout``) covers the whole check, because URLSession's
/// timeouts on Linux are truncated to whole seconds and cover the whole transfer; it is kept by a timer beside the
/// session, so an answer that came in time counts even when the cooperative pool is slow to take it.
///
/// One checker serves one round; its URLSession uses no proxy settings of its own and allows
/// ``WatchSettings/perHost`` connections per host. On Linux libcurl still honours `http_proxy`, `https_proxy` and
/// `no_proxy` from the environment.
public final class ImageChecker: ImageChecking {
    /// Redirects followed before a check fails.
    public static let maximumRedirects = 5

    private let session: URLSession
    private let events: ImageCheckSessionDelegate
    private let policy: any AddressPolicy
    private let resolver: any HostResolving
    private let timeout: WatchDuration

    /// - Parameters:
    ///   - settings: the per-check ``WatchSettings/timeout`` and the ``WatchSettings/perHost`` connection cap.
    ///   - policy: which addresses may be contacted; ``PublicAddressPolicy`` unless `--allow-private`.
    ///   - resolver: resolves host names for the guard; a fresh ``HostResolver`` caches for this checker's life.
    public init(settings: WatchSettings, policy: any AddressPolicy, resolver: any HostResolving = HostResolver()) {
        self.policy = policy
        self.resolver = resolver
        self.timeout = settings.timeout
        let events = ImageCheckSessionDelegate()
        self.events = events
        let configuration = URLSessionConfiguration.ephemeral
        configuration.connectionProxyDictionary = [:]
        configuration.httpMaximumConnectionsPerHost = settings.perHost
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        // A backstop only: the check's own deadline fires first.
        configuration.timeoutIntervalForRequest = (settings.timeout.timeInterval + 2).rounded(.up)
        configuration.timeoutIntervalForResource = (settings.timeout.timeInterval + 2).rounded(.up)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: events, delegateQueue: queue)
    }

    deinit {
        // Not invalidateAndCancel: on Linux it waits synchronously for the session's queue.
        session.finishTasksAndInvalidate()
    }

    public func check(_ url: URL, previous: ImageRecord?) async -> ImageCheckResult {
        guard !Task.isCancelled else { return .skipped }
        let deadline = DispatchTime.now() + timeout.timeInterval
        // Each request ends at `deadline` by a timer off the cooperative pool (ImageCheckSessionDelegate); this
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
    private func follow(_ start: URL, previous: ImageRecord?, deadline: DispatchTime) async -> ImageCheckResult {
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
            case .failure(.timedOut, _):
                return .failed(cause: "timed out after \(timeout)\(hop)", permanent: false, http: answered)
            case .failure(let code, let detail):
                return .failed(
                    cause: HTTPExchangeOutcome.cause(of: code, detail: detail) + hop, permanent: false, http: answered)
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
            if case .refused(let reason) = policy.verdict(for: address) {
                let refusal = AddressRefusal.sentence(host: host, address: address, reason: reason)
                return .blocked(reason: refusal + "; \(Self.allowPrivateHint)")
            }
        }
        return nil
    }

    /// How to check such images anyway, appended to every refusal of the address guard.
    public static let allowPrivateHint = "watch --allow-private checks private addresses too"

    /// One request, head only; the validators from `previous` make a recheck conditional.
    private func exchange(
        _ url: URL, method: String, previous: ImageRecord?, deadline: DispatchTime
    ) async -> HTTPExchangeOutcome {
        var request = URLRequest(url: url)
        request.httpMethod = method
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
        return await events.run(request, on: session, deadline: deadline)
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
