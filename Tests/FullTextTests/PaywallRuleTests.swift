import Articles
import Testing

@testable import FullText

/// When a page that says it has a paywall is the teaser, against the feed's own text (issue 28, point 10).
@Suite struct PaywallRuleTests {
    let declared = PaywallSignals(declared: true)

    @Test func aShortPageWithASignalIsTheTeaser() {
        #expect(PageAttempt.paywall(words: 120, teaser: 40, signals: declared) == "declared not free")
        #expect(PageAttempt.paywall(words: 500, teaser: 260, signals: declared) != nil, "no more than twice the teaser")
    }

    @Test func theWholeArticleBehindADeclarationIsTheArticle() {
        #expect(PageAttempt.paywall(words: 900, teaser: 40, signals: declared) == nil)
        // A publisher's feed that carries the whole article: twice its text is no teaser's measure.
        #expect(PageAttempt.paywall(words: 820, teaser: 800, signals: declared) == nil)
    }

    @Test func noSignalIsNoPaywall() {
        #expect(PageAttempt.paywall(words: 30, teaser: 40, signals: PaywallSignals()) == nil)
    }
}
