import CLibXML2

/// The XML and HTML library this target links, for `newsfeed --version`.
public enum XMLLibrary {
    /// `libxml2 2.9.14`: the version compiled against.
    public static var versionSummary: String { "libxml2 \(LIBXML_DOTTED_VERSION)" }
}
