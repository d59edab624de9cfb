import FeedOutput
import Foundation
import NewsModel
import Upstreams

/// Why one feed was not built: which step failed, and the underlying one-line detail.
///
/// The detail is the message of the error behind it (a ``SourceError``, an ``OutputError``…),
/// already worded for the user; ``description`` is that detail, as the state's `lastError` keeps it.
public struct FeedFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The step that failed.
    public enum Cause: Sendable, Equatable {
        /// The upstream failed or refused (the feed's request was sent).
        case upstream(Upstream)
        /// The request log in the state could not be read or written, so no request was sent.
        case requestLog
        /// The feed's files or its state could not be read or written after the fetch.
        case files
    }

    public var cause: Cause
    /// The underlying error's one-line message.
    public var detail: String
    /// The output folder's own error behind a ``Cause/requestLog`` or ``Cause/files`` failure.
    public var outputError: OutputError?

    public init(cause: Cause, detail: String, outputError: OutputError? = nil) {
        self.cause = cause
        self.detail = detail
        self.outputError = outputError
    }

    /// A failure of `cause` from any error: an ``OutputError`` is kept as such.
    static func from(_ error: any Error, cause: Cause) -> FeedFailure {
        FeedFailure(cause: cause, detail: "\(error)", outputError: error as? OutputError)
    }

    /// The upstream's failure.
    static func upstream(_ error: SourceError) -> FeedFailure {
        FeedFailure(cause: .upstream(error.upstream), detail: error.description)
    }

    public var description: String { detail }
}
