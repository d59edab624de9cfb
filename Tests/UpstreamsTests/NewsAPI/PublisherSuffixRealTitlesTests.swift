import Foundation
import NewsModel
import TestSupport
import Testing
import Upstreams

/// Publisher suffixes on real titles: every title of the two captured NewsAPI responses, and the
/// shapes the issue names, through the whole normalizer (exact rule, aggregator split, loose rule).
@Suite struct PublisherSuffixRealTitlesTests {
    /// The captured responses' titles as a reader should see them, in response order: the
    /// publisher's name gone however it is spelled, other tails (`TRT World` on YouTube, `BSA
    /// bureau`, Google News's `| SportsNation`) kept.
    static let expected: [SharedData.Capture: [String]] = [
        .inHealthHeadlines: [
            "NASA steps in to help develop COVID-19 solutions",
            "70 Covid-19 vaccines are in development around the world - TRT World",
            "ICMR gets nod for clinical trial of convalescent plasma for COVID-19 treatment",
            "Number of coronavirus infected children far more than expected",
            "University of Oxford could have coronavirus vaccine ready 'by spring'",
            "Number of People With Covid-19 Could be 50 to 85 Times Higher Than Official Figures: Stanford Study",
            "How Covid-19 may affect the brain",
            "COVID-19: It can lead to kidney and liver damage too",
            "June Almeida — the woman who discovered first coronavirus but was told she was wrong",
            "Blood test may help doctors catch pancreatic cancer early",
            "UK sets up new Vaccine Taskforce as COVID-19 death toll hits 14,576",
            "Coronavirus in India: Covid-19 patient who tested negative dies in Kerala",
            "Despite High Number of Civod-19 Cases, Why 'Lucky' Germany Has Lower Death Toll",
            "UK doctors told to wear aprons as full-length protective gowns run out: Report",
            "Watch: What this doctor has to say about those who recovered from COVID-19",
            "Govt issues guidelines for scaling down COVID-19 containment operations",
            "COVID-19 vaccine will be effective in future even if the virus mutates: ICMR",
            "Containment Ops to be Scaled Down if No Secondary Coronavirus Case for 4 Weeks: Govt",
            "Covid-19 vaccine: CSIR to begin trial on anti-leprosy drug",
            "Three Chinese vaccines against COVID-19 are on the way - BSA bureau",
        ],
        .usTopHeadlines: [
            "NBA champions LA Lakers knocked out of playoffs by Phoenix Suns",
            "House Democrats finally get to interview former White House counsel McGahn",
            "Facebook's Marketplace in EU, UK antitrust crosshairs",
            "Winners and Losers: Lakers vs. Suns and Blazers vs. Nuggets | SportsNation",
            "Vanessa Bryant calls out Nike over \"unauthorized\" shoes honoring her late daughter Gianna",
            "Caught in a 'pickle,' tens of millions of Americans might not have had an adequate response to the Covid-19 vaccine",
            "Carcinogen found in some popular sunscreens and after-sun products including Neutrogena, tests show",
            "Bitcoin tumbles after Elon Musk tweets breakup meme",
            "Few Israelis wanted a leader to the right of Netanyahu. Naftali Bennett is set to oust his old boss anyway.",
            "European Union Bans Flights From Flying Over Belarus Airspace",
            "States that fall well below vaccinating 70% of adults are 'sitting ducks' for an outbreak, expert warns",
            "At least 10 states divert federal welfare funding to anti-abortion clinics",
            "NASA's SpaceX Dragon Resupply Mission Launches – Cargo Includes Water Bears, Squid, Solar Panels",
            "Kim Kardashian Wept About Feeling Like A \"Failure\" And A \"Loser\" As Her Marriage To Kanye West Ended After Admitting She’d Been Unhappy \"For Years\"",
            "Far From Paris, the Pompidou Plans an Outpost in Jersey City",
            "The Sperm-Count ‘Crisis’ Doesn’t Add Up",
            "Reddit traders put $345m into AMC but meme stock mania has peaked",
            "Hong Kong struggles to keep Tiananmen spirit alive as China cracks down",
            "Republicans dive into politically fraught push for Covid's origin story",
            "Not just Arizona: Republicans push more partisan election 'audits'",
            "Apple’s new TV remote is great, but only when apps properly support it",
            "Apple is reportedly developing an iPad Pro with wireless charging",
            "Stock futures trade cautiously ahead of jobs report",
            "Dumpster lit on fire in Minneapolis after deadly law enforcement shooting",
            "Palestinian support for Hamas surges after its confrontation with Israel",
            "Biden's new $1 trillion infrastructure offer reportedly swaps in 15 percent minimum corporate tax for tax hike",
            "Pompeo: NIH tried to suppress State Dept virus probe; Fauci repeating Chinese Communist Party 'excuses'",
            "USMNT player ratings: All hail Siebatcheu, Brooks in Nations League win vs. Honduras",
            "Reports: Facebook to end rule exemptions for politicians",
            "Fauci Says 'Entirely Conceivable' COVID Came From Cave Where Miners Fell Ill in 2012",
            "Marcus Smart thanks Danny Ainge for drafting him 7 years ago",
            "Government Report Finds No Evidence U.F.O.s Were Alien Spacecraft",
            "Covered in Martian Muck, NASA's InSight Lander Tries to Tidy Itself Up",
            "New leak claims iPhone 13 Pro will get a huge storage upgrade",
            "Antarctica wasn't quite as cold during the last ice age as previously thought",
            "The Summer of Disney+ Preview Teases Big Blockbusters, New Originals, and Old Favorites",
            "Remembering Apple’s ‘sweet solution’ for iPhone apps before the App Store",
            "NASA announces two new missions to Venus | NASA Discovery Program | Latest World News",
        ],
    ]

    @Test(.needsSharedData, arguments: SharedData.Capture.newsAPI)
    func capturedTitlesLoseOnlyThePublisher(fixture: SharedData.Capture) throws {
        let response = try NewsAPIFixtures.response(fixture)
        let titles = NewsAPINormalizer().stories(from: response.articles, seenAt: testNow).map(\.title)
        let expected = try #require(Self.expected[fixture])
        #expect(titles.count == expected.count)
        for (title, wanted) in zip(titles, expected) { #expect(title == wanted) }
    }

    @Test(arguments: [
        // Strip: the tail names the publisher.
        (
            "Bagnaia vince a Misano: La diretta della gara - La Gazzetta dello Sport", "Gazzetta.it",
            "https://www.gazzetta.it/motogp/gara.shtml", "Bagnaia vince a Misano: La diretta della gara"
        ),
        (
            "Police arrest man in shooting of R&B Singer Jeremih - CBS Los Angeles", "Cbslocal.com",
            "https://losangeles.cbslocal.com/2021/06/04/jeremih/", "Police arrest man in shooting of R&B Singer Jeremih"
        ),
        (
            "Polio Transition – GPEI - Global Polio Eradication Initiative", "Polioeradication.org",
            "https://polioeradication.org/polio-today/transition/", "Polio Transition"
        ),
        (
            "Senate GOP blocks Jan. 6 commission report | TheHill", "The Hill",
            "https://thehill.com/homenews/senate/556000-report", "Senate GOP blocks Jan. 6 commission report"
        ),
        (
            "COVID-19 and kidney damage: Study | TheHealthSite.com", "Thehealthsite.com",
            "https://www.thehealthsite.com/news/kidney/", "COVID-19 and kidney damage: Study"
        ),
        (
            "USMNT ratings vs. Honduras | MLSSoccer.com", "MLSsoccer.com",
            "https://www.mlssoccer.com/news/ratings", "USMNT ratings vs. Honduras"
        ),
        (
            "Elecciones en Madrid — El País", "El Pais", "https://elpais.com/espana/elecciones.html",
            "Elecciones en Madrid"
        ),
        (
            "Tory leadership race | The Guardian | The Guardian", "The Guardian",
            "https://www.theguardian.com/politics/tory", "Tory leadership race"
        ),
        (
            "Markets close higher – NYT", "New York Times", "https://www.nytimes.com/markets.html",
            "Markets close higher"
        ),
        ("Storm warning - Sky News", "Sky News", "https://news.sky.com/story/storm", "Storm warning"),
        // Keep: the tail is part of the headline.
        ("Lakers vs. Suns | Game 3", "ESPN", "https://www.espn.com/nba/game", "Lakers vs. Suns | Game 3"),
        (
            "Why the bill stalled | Capitol Hill", "The Hill", "https://thehill.com/bill",
            "Why the bill stalled | Capitol Hill"
        ),
        (
            "Glastonbury review – a triumph", "The Guardian", "https://www.theguardian.com/music/review",
            "Glastonbury review – a triumph"
        ),
        ("Spider-Man - No Way Home review", "Variety", "https://variety.com/review", "Spider-Man - No Way Home review"),
        ("Apple event | Live updates", "The Verge", "https://www.theverge.com/apple", "Apple event | Live updates"),
        ("Oil prices — What it means for you", "CNN", "https://www.cnn.com/oil", "Oil prices — What it means for you"),
    ])
    func issueShapes(title: String, source: String, url: String, expected: String) throws {
        let article = NewsAPIArticle(
            sourceID: nil, sourceName: source, author: nil, title: title, description: "Summary.", url: url,
            urlToImage: nil, publishedAt: nil, content: nil)
        let story = try #require(NewsAPINormalizer().story(from: article, seenAt: testNow))
        #expect(story.title == expected)
    }
}
