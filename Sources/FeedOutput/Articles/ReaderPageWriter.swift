import FeedFormats
import Foundation
import NewsModel

/// Writes the reader views of the stories that have an article, `articles/<key>.html`, and the reader stylesheet
/// beside them, each only when its bytes change. One page per article, shared by every feed that holds the story.
/// Run under the output lock.
public struct ReaderPageWriter: Sendable {
    public var output: OutputFolder
    public var page: ReaderPage

    public init(output: OutputFolder, page: ReaderPage) {
        self.output = output
        self.page = page
    }

    /// Writes the pages of `stories` (those without an article are passed over); returns how many changed.
    @discardableResult
    public func write(_ stories: [Story]) throws(OutputError) -> Int {
        var changed = 0
        var styled = false
        for story in stories {
            guard let article = story.article, let html = page.render(story) else { continue }
            if !styled {
                try output.writeIfChanged(
                    Data(ReaderPage.stylesheet.utf8),
                    to: output.root.appending(path: "articles/\(ReaderPage.stylesheetName)"))
                styled = true
            }
            if try output.writeIfChanged(Data(html.utf8), to: output.readerPageURL(key: article.key)) { changed += 1 }
        }
        return changed
    }
}
