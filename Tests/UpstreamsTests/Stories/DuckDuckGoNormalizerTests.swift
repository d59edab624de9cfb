import Foundation
import NewsModel
import TestSupport
import Testing
import Upstreams

/// Instant Answers as items: abstract first, then Results and RelatedTopics, groups flattened.
@Suite struct DuckDuckGoNormalizerTests {
    let normalizer = DuckDuckGoNormalizer()

    @Test(.needsSharedData) func theRealSampleGivesTheAbstractThenTheOfficialSiteThenTheTopics() throws {
        let stories = normalizer.stories(
            from: try DuckDuckGoFixtures.answer(.duckDuckGoRust), seenAt: testNow)
        #expect(stories.count == 17)
        let abstract = try #require(stories.first)
        #expect(abstract.title == "Rust (programming language)")
        #expect(abstract.url.absoluteString == "https://en.wikipedia.org/wiki/Rust_(programming_language)")
        #expect(abstract.sourceName == "Wikipedia")
        #expect(abstract.summary.hasPrefix("Rust is a multi-paradigm, general-purpose programming language"))
        #expect(abstract.image?.url.absoluteString == "https://duckduckgo.com/i/832f249b.png")
        #expect(abstract.publishedAt == nil && abstract.firstSeen == testNow)

        let official = stories[1]
        #expect(official.title == "Official site")
        #expect(official.url.absoluteString == "https://foundation.rust-lang.org/")
        #expect(official.image?.url.absoluteString == "https://duckduckgo.com/i/foundation.rust-lang.org.ico")
        #expect(official.image?.mimeType == "image/x-icon")

        let history = stories[3]
        #expect(history.title == "History of programming languages")
        #expect(history.summary.hasPrefix("The history of programming languages spans from documentation"))
        #expect(history.image == nil, "an empty Icon.URL means the default image")
        for story in stories {
            #expect(!story.title.contains("<") && !story.summary.contains("<a "), "\(story.title)")
        }
    }

    @Test func groupsAreFlattenedWithTheirNameAsCategoryAndRepeatsCollapse() throws {
        let stories = normalizer.stories(
            from: try DuckDuckGoFixtures.answer("grouped-topics-disambiguation.json", query: "apple"), seenAt: testNow)
        #expect(
            stories.map(\.title) == [
                "Apple", "Apple Inc.", "Apple Corps", "Apple Bank for Savings", "Fiona Apple", "Apple Martin",
                "Apple River (Illinois)",
            ])
        #expect(stories.map(\.category) == [nil, nil, "Businesses", "Businesses", "People", "People", "Places"])
        #expect(
            stories[1].summary
                == "An American multinational technology company headquartered in Cupertino, California.",
            "the first occurrence of a repeated URL is kept")
        #expect(stories[3].summary == "A New York State-chartered bank & savings institution.")
        #expect(
            stories.map { $0.image?.url.absoluteString } == [
                "https://duckduckgo.com/i/3b7d8a36.jpg", "https://duckduckgo.com/i/60e4ba7b.png",
                "https://duckduckgo.com/i/apple-corps.jpg", nil, "https://duckduckgo.com/i/fiona.jpg", nil, nil,
            ])
        #expect(stories.allSatisfy { $0.sourceName == "duckduckgo.com" })
    }

    @Test func aTopicWithoutALinkInResultTakesTheTextBeforeItsDash() {
        let topic = DuckDuckGoAnswer.Topic(
            result: "", text: "Ferris - The unofficial mascot of Rust.", firstURL: "https://duckduckgo.com/Ferris")
        let story = normalizer.story(from: topic, category: nil, seenAt: testNow)
        #expect(story?.title == "Ferris")
        #expect(story?.summary == "The unofficial mascot of Rust.")
    }

    /// A missing description is normal for a topic: it has none unless `defaults.description` says.
    @Test func aTopicWithOnlyANameHasNoDescriptionUnlessOneIsConfigured() {
        let topic = DuckDuckGoAnswer.Topic(
            result: #"<a href="https://duckduckgo.com/c/Mozilla">Mozilla</a>"#, text: "Mozilla",
            firstURL: "https://duckduckgo.com/c/Mozilla")
        let story = normalizer.story(from: topic, category: nil, seenAt: testNow)
        #expect(story?.title == "Mozilla")
        #expect(story?.summary == "")
        let configured = DuckDuckGoNormalizer(defaults: StoryDefaults(description: "See the topic"))
        #expect(configured.story(from: topic, category: nil, seenAt: testNow)?.summary == "See the topic")
    }

    /// The answer's language comes from where its abstract lives, and is unset when nothing says.
    @Test func theLanguageComesFromTheAbstractsHostElseStaysUnset() {
        let portuguese = DuckDuckGoAnswer(
            heading: "Futebol", abstractText: "O futebol é um desporto.",
            abstractURL: "https://pt.wikipedia.org/wiki/Futebol", abstractSource: "Wikipedia",
            relatedTopics: [
                .group(
                    name: "Outras variedades do futebol",
                    topics: [
                        DuckDuckGoAnswer.Topic(
                            result: "", text: "Futsal - Futebol de salão", firstURL: "https://duckduckgo.com/Futsal")
                    ])
            ])
        let stories = normalizer.stories(from: portuguese, seenAt: testNow)
        #expect(stories.map(\.language) == ["pt", "pt"])
        #expect(stories[1].category == "Outras variedades do futebol" && stories[1].author == nil)
        #expect(DuckDuckGoNormalizer.language(of: portuguese) == "pt")
        for url in ["https://www.rust-lang.org/", "https://en.example.org/x", "https://duckduckgo.com/Rust", ""] {
            #expect(DuckDuckGoNormalizer.language(of: DuckDuckGoAnswer(abstractURL: url)) == nil, "\(url)")
        }
    }

    @Test func anEmptyAnswerHasNoItems() throws {
        #expect(normalizer.stories(from: try DuckDuckGoFixtures.answer("empty-answer.json"), seenAt: testNow).isEmpty)
    }
}
