import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing

/// What a story's row shows of its text: isolated runs for any script, the category as a tag,
/// no description element for a story without one, the placeholder marked for the dark theme.
@Suite struct FeedPageTextTests {
    private static func render(_ document: FeedDocument) throws -> String {
        String(decoding: try FeedPageRenderer().render(document), as: UTF8.self)
    }

    private static var document: FeedDocument {
        var document = FeedDocumentSamples.small
        document.formats = FeedFormat.defaultList
        return document
    }

    @Test func storyTextIsIsolatedSoAnArabicAuthorCannotMoveTheDate() throws {
        var document = Self.document
        document.stories[0].author = "مراسل الجزيرة"
        document.stories[0].sourceName = "Al Jazeera"
        let html = try Self.render(document)
        #expect(
            html.contains(
                #"<p class="meta"><bdi class="source">Al Jazeera</bdi> · <bdi class="author">مراسل الجزيرة</bdi> · <time"#
            ))
        #expect(html.contains(#"<h2 dir="auto">"#))
        #expect(html.contains(#"<p class="description" dir="auto">"#))
        #expect(html.contains(#"<h1 dir="auto">"#))
        #expect(HTMLPageChecker.violations(in: html) == [])
    }

    @Test func aRightToLeftFeedAndAStoryInAnotherLanguageSayTheirLanguageAndDirection() throws {
        var document = Self.document
        document.language = "ar"
        document.stories[1].language = "he"
        document.stories[0].language = "ar"
        let html = try Self.render(document)
        #expect(html.contains(#"<html lang="ar" dir="rtl">"#))
        #expect(html.contains(#"<li class="story no-image" lang="he" dir="rtl">"#))
        // The page's own language needs no repeating on a story.
        #expect(html.components(separatedBy: #"lang="ar""#).count == 2)
        document.language = "en-us"
        document.stories[1].language = "pt"
        let english = try Self.render(document)
        #expect(english.contains(#"<html lang="en-us">"#))
        #expect(english.contains(#"lang="pt" dir="ltr""#))
        #expect(TextDirection(language: "fa-IR") == .rightToLeft && TextDirection(language: "ur") == .rightToLeft)
        #expect(TextDirection(language: "pt-br") == .leftToRight)
    }

    @Test func aCategoryIsATagNotAByline() throws {
        var document = Self.document
        document.stories[0].author = nil
        document.stories[0].category = "Outras variedades do futebol"
        let html = try Self.render(document)
        #expect(html.contains(#"<p class="tags"><span class="tag" dir="auto">Outras variedades do futebol</span></p>"#))
        let meta = try #require(html.components(separatedBy: #"<p class="meta">"#).dropFirst().first)
        #expect(!meta.prefix(while: { $0 != "\n" }).contains("Outras variedades"))
        #expect(HTMLPageChecker.violations(in: html) == [])
    }

    @Test func aStoryWithoutDescriptionHasNoDescriptionElement() throws {
        var document = Self.document
        document.stories[1].summary = ""
        let html = try Self.render(document)
        #expect(html.components(separatedBy: #"class="description""#).count == 2)
        #expect(!html.contains("No description"))
        #expect(HTMLPageChecker.violations(in: html) == [])
    }

    @Test func theDefaultImageIsMarkedSoTheDarkThemeDimsIt() throws {
        var document = Self.document
        document.stories[1].image = DefaultImageAsset.storyImage(site: document.site)
        let html = try Self.render(document)
        #expect(html.contains(#"<img class="story-image is-placeholder" src="../assets/default-image.png""#))
        #expect(html.components(separatedBy: "is-placeholder").count == 2)
        let css = PageAssets.stylesheet
        #expect(
            css.contains(".story-image.is-placeholder, .story-image.is-fallback { filter: var(--placeholder-filter); }")
        )
        #expect(css.components(separatedBy: "--placeholder-filter: invert(1)").count == 3, "both dark themes")
    }
}
