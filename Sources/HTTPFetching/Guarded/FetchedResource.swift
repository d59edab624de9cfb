import Foundation

/// What a ``GuardedFetcher`` brought back: the final address, the status, the header fields and the decoded body.
///
/// Any HTTP status is a fetched resource (a 404 or 451 is the caller's cause to record); only a missing answer is a
/// ``FetchError``.
public struct FetchedResource: Sendable, Equatable {
    /// The address the body came from, after redirects.
    public var url: URL
    public var status: Int
    /// Header fields with lowercased names.
    public var headers: [String: String]
    /// The decoded body (never more than the policy's cap).
    public var body: Data
    /// How many redirects led here.
    public var redirects: Int
    /// Where the `301`/`308` redirects from the URL asked for lead, while every redirect from the start was
    /// permanent: the address to use from now on (RFC 9110 §15.4.2). Nil when the first answer was no
    /// permanent redirect.
    public var movedPermanentlyTo: URL?

    public init(url: URL, status: Int, headers: [String: String], body: Data, redirects: Int) {
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body
        self.redirects = redirects
    }

    /// `text/html` from `Text/HTML; charset=UTF-8`; nil without a `Content-Type`.
    public var mediaType: String? {
        headers["content-type"].map(Self.mediaType(of:))
    }

    /// The `charset` parameter of `Content-Type`, lowercased and unquoted, if any.
    public var charset: String? {
        guard let value = headers["content-type"] else { return nil }
        for parameter in value.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else {
                continue
            }
            return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'")).lowercased()
        }
        return nil
    }

    /// The bare media type of a `Content-Type` value, lowercased.
    static func mediaType(of contentType: String) -> String {
        let bare = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return bare.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
