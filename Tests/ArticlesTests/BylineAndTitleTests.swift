import Foundation
import Testing

@testable import Articles

/// Bylines that swallow their date and titles that keep the site's name (issue 28, point 7).
@Suite struct BylineAndTitleTests {
    static func utc(_ text: String) -> Date? { try? Date(text, strategy: .iso8601) }

    @Test(arguments: [
        ("Associated Press November 19, 2019, 9:02 AM", "Associated Press", "2019-11-19T09:02:00Z"),
        ("By Ann Writer | Updated 2024-05-02 10:15", "Ann Writer", "2024-05-02T10:15:00Z"),
        ("Jo Smith, 3 March 2023", "Jo Smith", "2023-03-03T00:00:00Z"),
        ("Reuters · Sept. 4th, 2021 at 11:30 p.m.", "Reuters", "2021-09-04T23:30:00Z"),
        ("Published Dec 1, 2020 12:05 PM by Lee Park", "Lee Park", "2020-12-01T12:05:00Z"),
    ])
    func aBylineGivesItsDateBack(byline: String, name: String, date: String) {
        let split = BylineDate.split(byline)
        #expect(split.name?.lowercased() == name.lowercased())
        #expect(split.date == Self.utc(date))
    }

    @Test func aBylineWithoutADateIsUnchangedAndADateAloneIsNoName() {
        #expect(BylineDate.split("By Ann Writer").name == "By Ann Writer")
        #expect(BylineDate.split("By Ann Writer").date == nil)
        #expect(BylineDate.split("November 19, 2019").name == nil)
        // A number that is not a date stays in the name.
        #expect(BylineDate.split("Team 42 reporters").date == nil)
    }

    @Test func thePageGivesTheDateWhenItsMetadataHasNone() throws {
        let page = """
            <html><head><title>Council approves harbour plan</title></head><body><article>
            <h1>Council approves harbour plan</h1>
            <div class="byline">Associated Press November 19, 2019, 9:02 AM</div>
            \(String(repeating: "<p>The council met on Tuesday and approved the harbour plan after a long debate.</p>", count: 6))
            </article></body></html>
            """
        let article = try ArticleExtractor().extract(Array(page.utf8), url: URL(string: "https://news.example/a"))
        #expect(article.byline == "Associated Press")
        #expect(article.published == Self.utc("2019-11-19T09:02:00Z"))
        #expect(!article.text.contains("9:02"))
    }

    @Test(arguments: [
        ("Oilers win in overtime again - Sportsnet.ca", nil, "www.sportsnet.ca", "Oilers win in overtime again"),
        (
            "Ferry and tug collide in fog | The Harbour Gazette", "Harbour Gazette", "gazette.example",
            "Ferry and tug collide in fog"
        ),
        ("Ferry and tug collide in fog — Gazette", nil, "gazette.example", "Ferry and tug collide in fog"),
        // Not the site's name: kept. Too little left: kept.
        ("Harbour plan - what it means", nil, "gazette.example", "Harbour plan - what it means"),
        ("Fog - Gazette", nil, "gazette.example", "Fog - Gazette"),
    ])
    func aTitleLosesTheSitesName(title: String, siteName: String?, host: String, expected: String) {
        #expect(TitleSimilarity.withoutSiteName(title, siteName: siteName, host: host) == expected)
    }
}
