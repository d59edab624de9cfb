/// The names of the files newsfeed writes beside the feeds in the output folder: the writers, the
/// pages that link to them and the server all take them from here.
public enum SiteLayout {
    /// The OPML list of every feed, e.g. `http://127.0.0.1:8080/feeds.opml`.
    public static let opmlFileName = "feeds.opml"
    /// The page that lists every feed.
    public static let indexFileName = "index.html"
    /// The bookmarks feed's id, and its path without the extension: `bookmarks.rss`, `bookmarks.html`.
    public static let bookmarksFeedID = "bookmarks"
    /// The image cache's copies, named after their bytes (docs/image-cache.md): `images/<hash>-<width>.jpg`.
    public static let imagesFolder = "images"
}
