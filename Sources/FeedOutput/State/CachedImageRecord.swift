import Foundation

/// What the image cache knows of one story image, keyed in ``BridgeState/imageCache`` by the image's
/// original (upstream) URL: the copies it made under `<output>/images/`, or why it could not make them.
///
/// Kept so that an image is fetched once: a later build (and the history's stories) reuse the copies, and a
/// refused image is not fetched again (one refused for a passing cause is retried after a day).
public struct CachedImageRecord: Sendable, Hashable, Codable {
    /// One copy as stored: its file name in `images/` and what a feed says of it.
    public struct File: Sendable, Hashable, Codable {
        /// `<hash>-<width>.<jpg|png>` (see `ImageCopy.fileName`).
        public var name: String
        public var width: Int
        public var height: Int
        public var length: Int
        public var mimeType: String

        public init(name: String, width: Int, height: Int, length: Int, mimeType: String) {
            self.name = name
            self.width = width
            self.height = height
            self.length = length
            self.mimeType = mimeType
        }
    }

    /// The copies, narrowest first; empty when the image could not be cached.
    public var files: [File]
    /// When the copies were made, or the attempt failed.
    public var time: Date
    /// Why the image could not be cached, in one line (`HTTP 404`, `not an image: …`); nil when cached.
    public var failure: String?
    /// A short word for the failure, counted by `status` and `/metrics` (`not-an-image`, `http`, `blocked`).
    public var cause: String?
    /// Whether the failure may pass (a timeout, a 5xx, a refused connection): retried a day later.
    public var retryable: Bool?

    /// A cached image.
    public init(files: [File], time: Date) {
        self.files = files.sorted { $0.width < $1.width }
        self.time = time
    }

    /// An image that could not be cached.
    public init(failure: String, cause: String, retryable: Bool, time: Date) {
        files = []
        self.time = time
        self.failure = failure
        self.cause = cause
        self.retryable = retryable ? true : nil
    }

    /// Whether copies exist.
    public var isCached: Bool { !files.isEmpty }

    /// The bytes the copies take.
    public var bytes: Int { files.reduce(0) { $0 + $1.length } }

    /// Whether a build should try the image again at `now`: never when cached or refused for good, a day after
    /// a passing failure.
    public func isDue(at now: Date) -> Bool {
        guard !isCached, retryable == true else { return false }
        return now.timeIntervalSince(time) >= Self.retryDelay
    }

    /// How long a passing failure is left alone.
    public static let retryDelay: TimeInterval = 86_400
}
