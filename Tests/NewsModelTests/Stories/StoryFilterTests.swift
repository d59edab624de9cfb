import NewsModel
import Testing

/// `include` / `exclude`: case- and diacritic-insensitive, whole words, on title and description.
@Suite struct StoryFilterTests {
    @Test(arguments: [
        ("covid", "New COVID variant spreads", true),
        ("covid", "The covidiot next door", false),
        ("covid", "Covid-19 cases fall", true),
        ("sante", "Santé publique: les chiffres", true),
        ("Santé", "SANTE PUBLIQUE", true),
        ("climate change", "Climate  change, again", true),
        ("climate change", "A climate of change", false),
        ("ai", "Maintaining the airport", false),
        ("AI", "Why AI matters", true),
        ("Straße", "STRASSE closed", true),
    ])
    func includeMatchesWholeWordsIgnoringCaseAndAccents(phrase: String, title: String, kept: Bool) {
        let filter = StoryFilter(include: [phrase])
        #expect(filter.keeps(title: title, description: "Nothing else.") == kept)
        #expect(StoryFilter(exclude: [phrase]).keeps(title: title, description: "Nothing else.") == !kept)
    }

    @Test func descriptionCountsAndAPhraseDoesNotSpanTitleAndDescription() {
        let filter = StoryFilter(include: ["vaccine"])
        #expect(filter.keeps(title: "Health news", description: "A new vaccine is approved."))
        #expect(!StoryFilter(include: ["news a"]).keeps(title: "Health news", description: "A new vaccine."))
    }

    @Test func anyIncludeAndNoExclude() {
        let filter = StoryFilter(include: ["rust", "swift"], exclude: ["game"])
        #expect(filter.keeps(title: "Swift 6 released", description: ""))
        #expect(filter.keeps(title: "Rust 2024", description: ""))
        #expect(!filter.keeps(title: "Rust, the game", description: ""))
        #expect(!filter.keeps(title: "Go 1.23", description: ""))
        #expect(StoryFilter().keeps(title: "Anything", description: ""))
    }
}
