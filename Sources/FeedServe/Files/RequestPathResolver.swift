import Foundation
import NewsModel

#if canImport(Glibc)
    import Glibc
#endif

/// Maps a raw request path to a file inside one folder, or to a refusal.
///
/// Two steps, both strict. The lexical step percent-decodes exactly once, insists on
/// valid UTF-8 (so overlong spellings such as `%C0%AE` are refused, not normalised)
/// and refuses NUL, control bytes and backslashes with 400, and every empty segment
/// or segment starting with `.` (`..`, dotfiles, `.newsfeed/`, temporary files of an
/// unfinished write) with 404. The file-system step resolves symlinks and refuses
/// anything whose real path leaves the real root or passes through a dot-path.
public struct RequestPathResolver: Sendable {
    /// The root folder with every symlink resolved.
    public let realRoot: String

    /// Prepares to resolve paths inside `root`.
    /// - Throws: ``ServeError`` when `root` does not exist or is not a folder.
    public init(root: String) throws(ServeError) {
        guard let real = Self.realPath(of: root) else {
            throw .rootUnavailable(path: root, detail: String(cString: strerror(errno)))
        }
        var info = stat()
        guard stat(real, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw .rootNotADirectory(path: root)
        }
        realRoot = real
    }

    /// Resolves a request's path (still percent-encoded, without the query).
    public func resolve(_ rawPath: String) -> RequestPathResolution {
        let segments: [String]
        switch Self.segments(ofRequestPath: rawPath) {
        case .success(let decoded): segments = decoded
        case .failure(let refusal): return .refused(refusal)
        }
        let relativePath = segments.joined(separator: "/")
        let prefix = realRoot == "/" ? "/" : realRoot + "/"
        guard let real = Self.realPath(of: prefix + relativePath) else {
            // A missing file or folder may be generated; any other failure (a loop,
            // no permission) is simply not found.
            return errno == ENOENT || errno == ENOTDIR ? .absent(relativePath: relativePath) : .refused(.notFound)
        }
        guard real.hasPrefix(prefix) else { return .refused(.notFound) }
        // A symlink inside the root may still point at `.newsfeed/state.json`.
        let realRelative = real.dropFirst(prefix.count)
        guard !realRelative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else {
            return .refused(.notFound)
        }
        var info = stat()
        guard stat(real, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .refused(.notFound) }
        return .file(relativePath: relativePath, realPath: real)
    }

    /// The lexical step alone: the decoded path segments of `rawPath`, or why it is
    /// refused. `/` yields the index file.
    public static func segments(ofRequestPath rawPath: String) -> Result<[String], PathRefusal> {
        let raw = Array(rawPath.utf8)
        // Absolute-form (`http://host/x`), authority-form and `*` are not paths here.
        guard raw.first == UInt8(ascii: "/") else { return .failure(.badRequest(reason: "not an origin-form path")) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(raw.count)
        var index = 1
        while index < raw.count {
            let byte = raw[index]
            guard byte > 0x20, byte < 0x7F else {
                return .failure(.badRequest(reason: "raw space, control or non-ASCII byte in path"))
            }
            if byte == UInt8(ascii: "%") {
                guard index + 2 < raw.count, let high = hexValue(raw[index + 1]), let low = hexValue(raw[index + 2])
                else { return .failure(.badRequest(reason: "malformed percent-encoding")) }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(byte)
                index += 1
            }
        }
        if let refusal = refusalForDecodedBytes(decoded) { return .failure(refusal) }
        guard let text = String(validating: decoded, as: UTF8.self) else {
            return .failure(.badRequest(reason: "path is not valid UTF-8"))
        }
        if text.isEmpty { return .success([SiteLayout.indexFileName]) }
        let segments = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for segment in segments {
            // Empty segments are `//` or a trailing `/` (only the root has an index);
            // a leading dot covers `.`, `..`, dotfiles and dot-folders.
            guard !segment.isEmpty, !segment.hasPrefix("."), segment.utf8.count <= 255 else {
                return .failure(.notFound)
            }
        }
        return .success(segments)
    }

    private static func refusalForDecodedBytes(_ bytes: [UInt8]) -> PathRefusal? {
        for byte in bytes {
            if byte == 0 { return .badRequest(reason: "NUL byte in path") }
            if byte < 0x20 || byte == 0x7F { return .badRequest(reason: "control byte in path") }
            if byte == UInt8(ascii: "\\") { return .badRequest(reason: "backslash in path") }
        }
        return nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `realpath(3)`; nil with `errno` set when it fails.
    package static func realPath(of path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
