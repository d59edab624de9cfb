/// The marks the HTML pages put before a story's title, as the tests look for them.
package enum PageMarks {
    /// The star of a bookmarked story.
    package static let bookmarkStar =
        #"<span class="mark mark-bookmarked" title="Bookmarked" role="img" aria-label="Bookmarked">★</span>"#
}
