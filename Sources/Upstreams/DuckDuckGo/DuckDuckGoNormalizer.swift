import Foundation
import NewsModel

/// Turns an Instant Answer into stories: the abstract first, then each of `Results`
/// (official sites) and of `RelatedTopics`, groups flattened with their `Name` as the
/// items' category. A URL seen twice keeps its first occurrence (and its category).
///
/// DuckDuckGo gives no dates: `firstSeen` is the build's time, which the pipeline
/// replaces with the state's first sighting, so an item's date is stable across builds.
public struct DuckDuckGoNormalizer: Sendable {
    /// Where DuckDuckGo's relative `Image` and `Icon.URL` paths live.
    public static let imageBase = "https://duckduckgo.com"

    /// The fallbacks for empty fields, already cleaned to plain text.
    public let defaults: StoryDefaults

    public init(defaults: StoryDefaults = StoryDefaults()) {
        self.defaults = defaults.cleaned
    }

    /// The answer's stories in order, first of each URL only.
    public func stories(from answer: DuckDuckGoAnswer, seenAt now: Date) -> [Story] {
        var stories: [Story] = []
        var seen: Set<String> = []
        func add(_ story: Story?) {
            guard let story, seen.insert(story.link.text).inserted else { return }
            stories.append(story)
        }
        add(abstractStory(answer, seenAt: now))

        for topic in answer.results {
            add(story(from: topic, category: nil, seenAt: now))
        }
        for entry in answer.relatedTopics {
            switch entry {
            case .topic(let topic):
                add(story(from: topic, category: nil, seenAt: now))
            case .group(let name, let topics):
                for topic in topics { add(story(from: topic, category: name.isEmpty ? nil : name, seenAt: now)) }
            }
        }
        // The whole answer is in the abstract's language: the topics are DuckDuckGo's words
        // around the same subject.
        if let language = Self.language(of: answer) {
            for index in stories.indices { stories[index].language = language }
        }
        return stories
    }

    /// Hosts whose first label is the language of their text (`pt.wikipedia.org`).
    private static let languageSubdomainSites = [
        "wikipedia.org", "wiktionary.org", "wikivoyage.org", "wikiquote.org", "wikibooks.org", "wikinews.org",
        "wikisource.org", "wikiversity.org",
    ]

    /// The answer's language where the answer shows it: the abstract's URL on a site whose host
    /// names the language (`https://pt.wikipedia.org/wiki/…` is `pt`); nil otherwise, since
    /// DuckDuckGo itself never says, and no language is better than a wrong one.
    package static func language(of answer: DuckDuckGoAnswer) -> String? {
        guard let host = URL(string: answer.abstractURL)?.host?.lowercased() else { return nil }
        let labels = host.split(separator: ".")
        guard labels.count == 3, let first = labels.first,
            languageSubdomainSites.contains(labels.dropFirst().joined(separator: ".")),
            (2...3).contains(first.count), first.allSatisfy({ ("a"..."z").contains($0) })
        else { return nil }
        return String(first)
    }

    /// The abstract as an item, when there is one with a usable `AbstractURL`.
    func abstractStory(_ answer: DuckDuckGoAnswer, seenAt now: Date) -> Story? {
        let text = [answer.abstractText, answer.abstract].map(TextCleaner.plainText).first { !$0.isEmpty }
        guard let text, let link = ArticleURL.link(from: answer.abstractURL),
            let sourceURL = ArticleURL.siteRoot(of: link.url)
        else { return nil }
        let heading = TextCleaner.plainText(answer.heading)
        let source = TextCleaner.plainText(answer.abstractSource)
        let image = Self.image(answer.image)
        return Story(
            url: link.url, title: heading.isEmpty ? defaults.title : heading,
            sourceName: source.isEmpty ? (link.publisherHost ?? defaults.source) : source, sourceURL: sourceURL,
            summary: text, image: image, originalImageURL: image?.url, firstSeen: now)
    }

    /// One topic as an item: title from `Result`'s link text, else `Text` before ` - `; the
    /// description is `Text` without that leading name; nil without a usable `FirstURL`.
    package func story(from topic: DuckDuckGoAnswer.Topic, category: String?, seenAt now: Date) -> Story? {
        guard let link = ArticleURL.link(from: topic.firstURL), let sourceURL = ArticleURL.siteRoot(of: link.url)
        else { return nil }
        let text = TextCleaner.plainText(topic.text)
        let name = Self.linkText(in: topic.result) ?? Self.leadingName(of: text)
        let description = Self.removingLeadingName(name, from: text)
        let image = Self.image(topic.iconURL)
        return Story(
            url: link.url, title: name.isEmpty ? defaults.title : name,
            sourceName: link.publisherHost ?? defaults.source, sourceURL: sourceURL,
            summary: description.isEmpty ? defaults.optionalDescription : description, category: category, image: image,
            originalImageURL: image?.url, firstSeen: now)
    }

    /// The plain text of the first `<a …>…</a>` in `html`; nil when there is none or it is empty.
    static func linkText(in html: String) -> String? {
        guard let open = html.range(of: "<a", options: .caseInsensitive),
            let tagEnd = html[open.upperBound...].firstIndex(of: ">"),
            let close = html[tagEnd...].range(of: "</a>", options: .caseInsensitive)
        else { return nil }
        let text = TextCleaner.plainText(String(html[html.index(after: tagEnd)..<close.lowerBound]))
        return text.isEmpty ? nil : text
    }

    /// `Text` up to its first ` - ` (all of it when there is none).
    static func leadingName(of text: String) -> String {
        guard let dash = text.range(of: " - ") else { return text }
        return String(text[..<dash.lowerBound]).trimmingCharacters(in: .whitespaces)
    }

    /// `Text` without the name DuckDuckGo repeats at its front, and the ` - ` after it.
    static func removingLeadingName(_ name: String, from text: String) -> String {
        guard !name.isEmpty, text.hasPrefix(name) else {
            if let dash = text.range(of: " - "), leadingName(of: text) == name {
                return String(text[dash.upperBound...]).trimmingCharacters(in: .whitespaces)
            }
            return text == name ? "" : text
        }
        var rest = text.dropFirst(name.count)
        while let first = rest.first, first == " " || first == "-" || first == "–" || first == "—" || first == ":" {
            rest.removeFirst()
        }
        return String(rest)
    }

    /// `Image` or `Icon.URL` as an image: "" is none; a path is made absolute against duckduckgo.com.
    package static func image(_ text: String) -> StoryImage? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        if trimmed.hasPrefix("/"), !trimmed.hasPrefix("//") {
            return ImageURL.image(from: imageBase + trimmed)
        }
        return ImageURL.image(from: trimmed)
    }
}
