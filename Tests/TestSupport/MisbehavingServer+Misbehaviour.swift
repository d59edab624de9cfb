import Foundation
import Testing

/// One way a server can answer wrongly, as ``MisbehavingServer`` plays it on every connection: the server matrix of
/// issue 31 ("a fetcher that survives any server").
///
/// Each case is a script of bytes, pauses, closes and resets; ``scheme`` says how a client should ask (a plain
/// server asked over TLS, a TLS-ish one asked over plain HTTP), and ``completesTheAnswer`` says whether a correct
/// client may take the answer (only a `Content-Length` shorter than the bytes sent: the declared length is the
/// answer, the bytes after it are not).
package enum Misbehaviour: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// Accepts, reads the request and closes without a byte.
    case closeBeforeAnything
    /// Closes after `HTTP/1.1 2`.
    case closeInsideStatusLine
    /// Closes right after `HTTP/1.1 200 OK\r\n`.
    case closeAfterStatusLine
    /// Closes in the middle of a header line.
    case closeInsideHead
    /// Sends a whole head announcing a body (`Content-Length`), then closes without it.
    case closeAfterHead
    /// A head that never ends: one more header line every 50 ms, for ever.
    case endlessHead
    /// A line that is no status line (`SPAM and eggs`), a blank line and a body.
    case garbageStatusLine
    /// An HTTP/0.9 answer: no status line, no head, just the body's bytes, then a close.
    case http09Body
    /// `Content-Length: 4096` and 1,000 bytes, then a close.
    case contentLengthLongerThanBody
    /// `Content-Length` of the page, then more bytes than that: the declared length is the answer.
    case contentLengthShorterThanBody
    /// Chunked, and a chunk size that is no hexadecimal number.
    case chunkedBadSize
    /// Chunked, and a chunk whose data is not followed by its CRLF.
    case chunkedMissingCRLF
    /// Chunked, and one chunk announced as 4 GiB that keeps coming (16 KiB every 10 ms) until the client leaves.
    case chunkedEndlessChunk
    /// Chunked, and the connection closed in the middle of a chunk (no last chunk).
    case bodyCutMidway
    /// `Content-Encoding: gzip` with a complete HTTP framing around a gzip stream that stops before its end.
    case gzipTruncated
    /// `Content-Encoding: gzip` whose deflate data is overwritten in the middle.
    case gzipCorrupt
    /// Reads the request, then resets the connection (RST) without a byte.
    case resetBeforeHead
    /// Resets the connection in the middle of the head.
    case resetInsideHead
    /// Resets the connection in the middle of a body announced by `Content-Length`.
    case resetInsideBody
    /// `HTTP/1.1 100 Continue` answers, one every 20 ms, for ever.
    case informationalForever
    /// A plain HTTP server asked with `https://`: it answers the TLS hello with an HTTP 400 in plain text.
    case plainServerAskedOverTLS
    /// A TLS-ish server asked with `http://`: it answers with a TLS ServerHello-like binary record and random bytes.
    case tlsServerAskedOverPlainHTTP
    /// Reads the request and never answers.
    case hang
    /// A whole head at once, then a 100-byte body one byte per second.
    case trickleBody

    package var testDescription: String { rawValue }

    /// The scheme a client should use to meet this misbehaviour.
    package var scheme: String { self == .plainServerAskedOverTLS ? "https" : "http" }

    /// Whether a correct client takes an answer: only for ``contentLengthShorterThanBody``, whose declared length
    /// is the whole answer. HTTP/0.9 is refused (libcurl refuses it by default, and an answer without a status
    /// line cannot be told from garbage).
    package var completesTheAnswer: Bool { self == .contentLengthShorterThanBody }

    /// Whether the server keeps the connection open until the client leaves (the client's deadline ends it).
    package var outlastsTheDeadline: Bool {
        [.endlessHead, .chunkedEndlessChunk, .informationalForever, .hang, .trickleBody].contains(self)
    }
}
