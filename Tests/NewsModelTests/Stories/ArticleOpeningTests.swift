import NewsModel
import Testing

/// A story without a description of its own takes the opening of its article, as long as NewsAPI's descriptions.
@Suite struct ArticleOpeningTests {
    @Test func aShortArticleIsItsWholeTextOnOneLine() {
        #expect(ArticleOpening.description(of: "First paragraph.\n\nSecond  one.") == "First paragraph. Second one.")
        #expect(ArticleOpening.description(of: " \n ") == nil)
    }

    @Test func aLongArticleIsCutAtTheLastSentenceEndThatFits() throws {
        let first = "The council of the town met on Tuesday evening and agreed that the old bridge will be repaired."
        let second = "The work starts in May, said the mayor, and it costs four million, which the town shares."
        let third = "Drivers will take the ring road for six months, which the council says adds ten minutes to a trip."
        let opening = try #require(ArticleOpening.description(of: [first, second, third].joined(separator: "\n\n")))
        #expect(opening == first + " " + second)
        #expect(opening.count <= ArticleOpening.maximumLength)
    }

    @Test func abbreviationsAndInitialsAreNoSentenceEnds() throws {
        let text =
            "Mr. Smith and J. R. Doe met Dr. Lee on Tuesday to talk about the bridge over the river, which has "
            + "been closed since the storm in the spring of last year, and about the road that leads to it from "
            + "the town. They agreed on nothing at all and left after an hour of talk without any plan for it."
        let opening = try #require(ArticleOpening.description(of: text))
        #expect(opening.hasSuffix("leads to it from the town."))
        #expect(opening.hasPrefix("Mr. Smith and J. R. Doe met Dr. Lee"))
    }

    @Test func aFirstSentenceLongerThanTheLimitIsCutAtAWordWithAnEllipsis() throws {
        let text = String(repeating: "word and more words ", count: 30) + "end."
        let opening = try #require(ArticleOpening.description(of: text))
        #expect(opening.hasSuffix("…"))
        #expect(opening.count <= ArticleOpening.maximumLength)
        #expect(!opening.dropLast().hasSuffix(" "))
        #expect(text.hasPrefix(String(opening.dropLast())))
    }

    @Test func anEarlySentenceEndAloneIsTooShortSoTheCutIsAtAWord() throws {
        let text = "Yes. " + String(repeating: "the story goes on without a stop ", count: 12)
        let opening = try #require(ArticleOpening.description(of: text))
        #expect(opening.hasSuffix("…"))
        #expect(opening.count > 200)
    }

    @Test func fullWidthStopsEndSentencesWithoutASpace() throws {
        let sentence = String(repeating: "新しい橋の工事が五月に始まると市長が述べた", count: 3) + "。"
        let text = String(repeating: sentence, count: 6)
        let opening = try #require(ArticleOpening.description(of: text))
        #expect(opening.hasSuffix("。"))
        #expect(opening.count <= ArticleOpening.maximumLength)
        let spaceless = String(repeating: "工事", count: 200)
        #expect(try #require(ArticleOpening.description(of: spaceless)).count == ArticleOpening.maximumLength)
    }

    @Test func aKoreanArticleWithSpacesIsCutAtASentenceEnd() throws {
        let sentence = "시의회는 화요일 저녁에 모여 오래된 다리를 겨울이 오기 전에 보수하기로 마침내 합의했다. "
        let opening = try #require(ArticleOpening.description(of: String(repeating: sentence, count: 8)))
        #expect(opening.hasSuffix("합의했다."))
        #expect(opening.count <= ArticleOpening.maximumLength)
    }
}
