import HTTPFetching

/// Why the image cache made no copies of one story image: one line naming the cause (the story keeps its
/// original URL), a short word `status` and `/metrics` count by, and whether the cause may pass.
public struct ImageCacheFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// One line, e.g. `HTTP 404` or `not an image: the bytes are no JPEG, PNG, WebP, GIF, TIFF or HEIF`.
    public var description: String
    /// `http`, `blocked`, `network`, `not-an-image`, `svg`, `too-large`, `too-many-pixels`, `corrupt`, `library`,
    /// `files`.
    public var cause: String
    /// A timeout, a 5xx, a transport failure, an unreachable robots.txt, a corrupt or truncated picture: a later
    /// build tries once more (a day later).
    public var retryable: Bool

    public init(description: String, cause: String, retryable: Bool) {
        self.description = description
        self.cause = cause
        self.retryable = retryable
    }

    /// What the thumbnailer refused.
    public init(_ error: ImageError) {
        // A corrupt or truncated picture is often a publisher's upload not yet whole: it may pass.
        self.init(
            description: error.description, cause: error.cause, retryable: ["library", "corrupt"].contains(error.cause))
    }

    /// What the fetcher could not bring back.
    public init(_ error: FetchError) {
        switch error {
        case .blocked, .disallowedByRobots:
            self.init(description: error.description, cause: "blocked", retryable: false)
        case .tooLarge:
            self.init(description: error.description, cause: "too-large", retryable: false)
        case .unwantedMediaType:
            self.init(description: "not an image: \(error)", cause: "not-an-image", retryable: false)
        case .tooManyRedirects, .redirectLoop, .unofferedEncoding:
            self.init(description: error.description, cause: "http", retryable: false)
        // An unreachable robots.txt disallows for now only (RFC 9309 §2.3.1.4): the host may recover.
        case .timedOut, .transport, .hostNotFound, .cancelled, .robotsUnreachable:
            self.init(description: error.description, cause: "network", retryable: true)
        }
    }

    /// A non-2xx answer: a 5xx or 429 may pass, a 4xx is for good.
    public static func status(_ status: Int) -> ImageCacheFailure {
        ImageCacheFailure(
            description: "HTTP \(status)", cause: "http", retryable: status >= 500 || status == 429 || status == 408)
    }
}
