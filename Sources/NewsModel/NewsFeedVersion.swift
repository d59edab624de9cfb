/// The tool's version, shown by `--version`, in `generator` and in the User-Agent.
public enum NewsFeedVersion {
    public static let current = "1.0.0"
    /// `newsfeed/1.0.0 (+https://github.com/newsfeed)`-style product token.
    public static let userAgent = "newsfeed/\(current)"
}
