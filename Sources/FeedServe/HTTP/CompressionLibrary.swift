import CZlib

/// The compression library `serve` gzips answers with, for `newsfeed --version`.
public enum CompressionLibrary {
    /// `zlib 1.2.13`: the version linked at run time.
    public static var versionSummary: String { "zlib \(zlibVersion().map { String(cString: $0) } ?? "?")" }
}
