import Foundation

/// An absolute URL of a story (its article, publisher or image), kept as its text; the
/// Foundation `URL` is made only when someone asks for it.
///
/// A big `convert` never asks: the feeds are written from the text. Parsing every article and
/// image URL into a `URL` and reading `absoluteString` back out of it was a twentieth of the run.
/// Two links are equal when their texts are, as two `URL`s made from strings are.
package struct StoryLink: Sendable, Hashable {
    /// The URL's text, as `URL.absoluteString` gives it.
    package let text: String
    /// The `URL` it was made from, if it was made from one.
    private let made: URL?

    /// The link of `url`.
    package init(_ url: URL) {
        text = url.absoluteString
        made = url
    }

    /// The link of `text`, which `URL(string:)` must accept: ``ArticleURL`` makes such texts from
    /// bytes it has checked (and its tests hold every one of them against `URL(string:)`).
    package init(checkedText text: String) {
        self.text = text
        made = nil
    }

    /// The Foundation `URL`, made from the text when the link was not made from one.
    package var url: URL {
        if let made { return made }
        guard let url = URL(string: text) else {
            preconditionFailure("StoryLink made from text URL(string:) refuses: \(text)")
        }
        return url
    }

    package static func == (left: StoryLink, right: StoryLink) -> Bool { left.text == right.text }

    package func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
