import Foundation
import Testing

@testable import Articles

/// What a page says of a paywall (issue 28, point 10): a declaration that the article is not free, a subscription
/// prompt named as such or written out, and the prompt never kept as article text.
@Suite struct PaywallMarkersTests {
    static let teaser =
        "<p>The harbour authority will close the north quay for two years while engineers rebuild the sea wall, "
        + "officials said on Monday, in a plan that fishermen say will cost them most of a season.</p>"
    static let body = String(
        repeating: "<p>The council met on Tuesday and approved the harbour plan after a long debate about the costs, "
            + "the timetable and what the fishing fleet will do while the quay is closed for the works.</p>",
        count: 12)

    static func page(head: String = "", article: String, after: String = "") -> [UInt8] {
        Array(
            """
            <html><head><title>North quay to close for two years</title>\(head)</head><body>
            <nav><a href="/">Home</a> <a href="/news">News</a></nav>
            <article><h1>North quay to close for two years</h1>\(article)</article>\(after)
            <footer><p>Harbour Gazette, 1 Quay Street</p></footer></body></html>
            """.utf8)
    }

    static func jsonLD(_ object: String) -> String {
        #"<script type="application/ld+json">\#(object)</script>"#
    }

    func extract(_ bytes: [UInt8]) throws -> (Article, ExtractionReport) {
        var report = ExtractionReport()
        let article = try ArticleExtractor().extract(
            bytes, url: URL(string: "https://gazette.example/quay"), contentType: nil, report: &report)
        return (article, report)
    }

    @Test(arguments: [
        #"{"@context": "https://schema.org", "@type": "NewsArticle", "isAccessibleForFree": false}"#,
        #"{"@type": "NewsArticle", "isAccessibleForFree": "False", "hasPart": {"@type": "WebPageElement"}}"#,
        #"{"@graph": [{"@type": "WebPage"}, {"@type": "NewsArticle", "hasPart": [{"@type": "WebPageElement", "isAccessibleForFree": "false", "cssSelector": ".paid"}]}]}"#,
    ])
    func jsonLDThatSaysNotFreeIsADeclaration(object: String) throws {
        let (_, report) = try extract(Self.page(head: Self.jsonLD(object), article: Self.teaser))
        #expect(report.paywall.declared)
    }

    @Test(arguments: [
        #"<meta property="article:content_tier" content="locked">"#,
        #"<meta property="article:content_tier" content="metered">"#,
        #"<meta itemprop="isAccessibleForFree" content="false">"#,
    ])
    func metaTagsThatSayNotFreeAreADeclaration(tag: String) throws {
        let (_, report) = try extract(Self.page(head: tag, article: Self.teaser))
        #expect(report.paywall.declared)
    }

    @Test func aFreeArticleDeclaredFreeSaysNothing() throws {
        let head = Self.jsonLD(#"{"@type": "NewsArticle", "isAccessibleForFree": true}"#)
        let (article, report) = try extract(
            Self.page(
                head: head + #"<meta property="article:content_tier" content="free">"#, article: Self.teaser + Self.body
            ))
        #expect(!report.paywall.any)
        #expect(article.text.contains("fishing fleet"))
    }

    @Test(arguments: [
        #"<div class="paywall-prompt"><p>Get unlimited access to the Gazette.</p><a href="/buy">Start now</a></div>"#,
        #"<section id="regwall"><h3>This story continues</h3><button>Go on</button></section>"#,
        #"<div class="tp-modal"><p>Our journalism is worth it.</p></div>"#,
    ])
    func anElementNamedAsAPaywallIsAPrompt(prompt: String) throws {
        let (article, report) = try extract(Self.page(article: Self.teaser + prompt))
        #expect(report.paywall.prompt)
        #expect(!article.text.contains("unlimited access") && !article.text.contains("This story continues"))
    }

    @Test(arguments: [
        "<p>Subscribe to continue reading this article.</p>",
        "<div><p>Already a subscriber? <a href=\"/login\">Log in</a></p><p><a href=\"/buy\">Subscribe</a></p></div>",
        "<p>Log in or register for free to keep reading.</p>",
        "<div class=\"box\"><h4>This article is for subscribers only</h4><a href=\"/offer\">See offers</a></div>",
        "<p>You\u{2019}ve reached your limit of free articles this month.</p>",
        "<p>Cet article est réservé aux abonnés.</p>",
    ])
    func aWrittenOutPromptIsFoundAndNeverKeptAsArticleText(prompt: String) throws {
        let (article, report) = try extract(Self.page(article: Self.teaser + prompt))
        #expect(report.paywall.prompt)
        #expect(article.text.contains("north quay"), "\(article.text)")
        for word in ["subscri", "Log in", "register", "free articles", "abonnés", "See offers"] {
            #expect(!article.text.contains(word), "\(word) in \(article.text)")
            #expect(!article.html.contains(word), "\(word) in \(article.html)")
        }
    }

    @Test func aNewsletterBoxAndProseAboutSubscribersAreNoPrompt() throws {
        let newsletter = "<div class=\"box\"><p>Sign up for our newsletter to keep reading the week's best.</p></div>"
        let prose =
            "<p>Subscribers to the harbour's mooring scheme, about two hundred boat owners, will get their fees back "
            + "for the two years, the authority said, and a free berth at the south quay while the works go on.</p>"
        let (article, report) = try extract(Self.page(article: Self.teaser + prose + Self.body, after: newsletter))
        #expect(!report.paywall.any)
        #expect(article.text.contains("Subscribers to the harbour's mooring scheme"))
    }

    @Test func sentencesThatMentionSubscribersOrRegisteringAreArticleText() throws {
        let sentences = [
            "<p>The series is available to subscribers of Disney+ from Friday, the studio said.</p>",
            "<p>Read the full bill on the council's site; voters must register by May 1.</p>",
        ]
        let (article, report) = try extract(Self.page(article: Self.teaser + sentences.joined()))
        #expect(!report.paywall.any)
        #expect(article.text.contains("available to subscribers of Disney+"))
        #expect(article.text.contains("voters must register by May 1"))
    }

    @Test func aPromptWithTheArticleGoingOnAfterItIsAnAsideNotAPaywall() throws {
        let aside = "<p>Subscribe to continue reading our best stories every morning.</p>"
        let (article, report) = try extract(Self.page(article: Self.teaser + aside + Self.body))
        #expect(!report.paywall.prompt)
        #expect(!article.text.contains("Subscribe to continue"))
        #expect(article.text.contains("fishing fleet"))
    }

    @Test func aPageWithNothingButAPromptStillSaysSoWhenItHasNoArticle() throws {
        let bytes = Array(
            """
            <html><body><div class="gate"><p>Subscribe to read this story.</p>
            <a href="/buy">Subscribe</a></div></body></html>
            """.utf8)
        var report = ExtractionReport()
        #expect(throws: ArticleError.self) {
            try ArticleExtractor(minimumWords: 20).extract(
                bytes, url: URL(string: "https://gazette.example/quay"), contentType: nil, report: &report)
        }
        #expect(report.paywall.prompt)
    }

    @Test func explainSaysWhatThePageSaidOfAPaywall() throws {
        let head = Self.jsonLD(#"{"@type": "NewsArticle", "isAccessibleForFree": false}"#)
        let (_, report) = try extract(Self.page(head: head, article: Self.teaser + "<p>Subscribe to read on.</p>"))
        #expect(report.explanation.hasSuffix("; paywall: declared not free, with a subscription prompt"))
    }
}

/// The quick checks in front of the paywall's name and phrase lists let through everything the lists hold.
@Suite struct PaywallMarkerPrefilterTests {
    @Test func everyElementNameHoldsOneOfTheParts() {
        for name in PaywallMarkers.elementNames {
            #expect(PaywallMarkers.elementNameParts.contains { name.contains($0) }, "\(name)")
        }
    }

    @Test func everyPhraseAndActionHoldsAnAnchor() {
        for phrase in PaywallMarkers.promptPhrases + PaywallMarkers.promptActions {
            #expect(PaywallMarkers.anchors.contains { phrase.contains($0) }, "\(phrase)")
        }
    }
}
