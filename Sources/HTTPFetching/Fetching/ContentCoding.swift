import Foundation

/// The content codings newsfeed offers in `Accept-Encoding`, and reading a `Content-Encoding` value.
///
/// Only gzip and deflate are offered: they are the codings whose decoded bytes are counted against the cap as
/// they are decoded (``ContentDecoder``, zlib), and every server supports them. An answer in any other coding
/// (`br`, `zstd`, `compress`, …) was not asked for and is refused with ``FetchError/unofferedEncoding(_:host:)``.
package enum ContentCoding {
    /// The `Accept-Encoding` request header every fetch sends.
    package static let acceptEncoding = "gzip, deflate"

    /// Codings accepted in an answer (`x-gzip` is gzip's old name, RFC 9110 §8.4.1.3).
    package static let offered: Set<String> = ["gzip", "x-gzip", "deflate"]

    /// The codings a `Content-Encoding` value lists, lowercased, in order, without `identity`.
    package static func codings(in value: String?) -> [String] {
        guard let value else { return [] }
        return value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty && $0 != "identity" }
    }
}
