import FeedOutput
import Foundation
import NewsModel
import TestSupport
import Testing

/// `newsfeed build` with `"fullText"`, against a loopback NewsAPI and loopback publishers serving real pages.
@Suite struct FullTextBuildTests {
    /// The workspace config: `us/health` with full text (or every feed, or none), `allowPrivate` for loopback.
    static func config(fullText: String = #"{"hostSpacing": "0s"}"#, healthFullText: Bool? = true) -> String {
        let own = healthFullText.map { ", \"fullText\": \($0)" } ?? ""
        return """
            {
              "site": "\(BuildWorkspace.site)", "output": "Feeds", "allowPrivate": true,
              "fullText": \(fullText),
              "feeds": [{"country": "us", "category": "health"\(own)}, {"country": "us", "category": "technology"}]
            }
            """
    }

    /// A NewsAPI article whose page is `path` on `base`.
    static func article(_ base: String, _ path: String, published: String = "2024-05-02T10:00:00Z") -> StubArticle {
        StubArticle(
            title: "Story \(path) - Example Times", url: base + path, description: "What happened in \(path).",
            publishedAt: published)
    }

    static func answers(_ health: [StubArticle], technology: [StubArticle]) -> [String: NewsAPIStub.Answer] {
        ["us/health": .articles(health), "us/technology": .articles(technology)]
    }

    func text(_ workspace: BuildWorkspace, _ path: String) throws -> String {
        try String(decoding: Data(contentsOf: workspace.output.appending(path: path)), as: UTF8.self)
    }

    @Test(.needsSharedData) func aFeedWithFullTextCarriesTheWholeArticleInEveryFormat() async throws {
        try await withPublisher { publisher, base in
            let health = [Self.article(base, "/article/ars-1"), Self.article(base, "/story/7")]
            let technology = [Self.article(base, "/story/8")]
            try await BuildWorkspace.with(
                config: Self.config(), answers: Self.answers(health, technology: technology)
            ) { workspace in
                let run = await workspace.build()
                #expect(run.status == 0, "\(run.standardError)")
                #expect(run.standardError.isEmpty)
                // Only the feed with full text had its pages fetched.
                #expect(Set(publisher.pages) == ["/article/ars-1", "/story/7"])

                let rss = try text(workspace, "us/health.rss")
                #expect(rss.contains("xmlns:content=\"http://purl.org/rss/1.0/modules/content/\""))
                #expect(rss.contains("<content:encoded>&lt;p&gt;The council of the town met on Tuesday evening"))
                #expect(rss.contains("<dc:language>de</dc:language>"), "the page's language fills NewsAPI's none")
                let atom = try text(workspace, "us/health.atom")
                #expect(atom.contains("<entry xml:lang=\"de\">"))
                #expect(atom.contains("<content type=\"html\">&lt;p&gt;The council of the town met"))
                let json = try text(workspace, "us/health.json")
                let feed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
                let items = try #require(feed["items"] as? [[String: Any]])
                let story = try #require(items.first { ($0["url"] as? String)?.hasSuffix("/story/7") == true })
                #expect((story["content_html"] as? String)?.hasPrefix("<p>The council of the town met") == true)
                #expect((story["content_text"] as? String)?.contains("\n\nThe work starts in May") == true)
                #expect(story["language"] as? String == "de")
                let ars = try #require(items.first { ($0["url"] as? String)?.hasSuffix("/article/ars-1") == true })
                #expect(((ars["content_text"] as? String)?.count ?? 0) > 2000, "the real page's whole article")
                // The feed rules (W3C-validator strict) hold for every format with full text in it.
                #expect(try workspace.violationsInEveryFormat("us/health") == [])
                // The feed without full text has no article.
                #expect(!(try text(workspace, "us/technology.rss")).contains("The council of the town"))
            }
        }
    }

    @Test func theArticleFillsTheAuthorTheDateAndTheLeadImageNewsAPILeftOut() async throws {
        try await withPublisher { _, base in
            var bare = Self.article(base, "/story/3")
            bare.author = nil
            bare.publishedAt = nil
            var given = Self.article(base, "/story/4")
            given.urlToImage = "https://img.example.com/own.jpg"
            try await BuildWorkspace.with(
                config: Self.config(), answers: Self.answers([bare, given], technology: [])
            ) { workspace in
                #expect(await workspace.build().status == 0)
                let stories = try workspace.snapshot("us/health").stories
                let filled = try #require(stories.first { $0.url.path == "/story/3" })
                #expect(filled.author == "Ann Writer")
                #expect(filled.publishedAt == Date(timeIntervalSince1970: 1_714_550_400))
                #expect(filled.image?.url.absoluteString == base + "/images/lead-3.jpg")
                let kept = try #require(stories.first { $0.url.path == "/story/4" })
                #expect(kept.author == "Ann Lee", "NewsAPI's author stays")
                #expect(kept.image?.url.absoluteString == "https://img.example.com/own.jpg")
            }
        }
    }

    @Test func itemsWithoutAnArticleAreByteIdenticalToABuildWithoutFullText() async throws {
        try await withPublisher { publisher, base in
            let health = [
                Self.article(base, "/forbidden"), Self.article(base, "/legal"), Self.article(base, "/json"),
                Self.article(base, "/teaser"), Self.article(base, "/missing"),
            ]
            var files: [[Data]] = []
            for config in [Self.config(), Self.config(healthFullText: nil)] {
                try await BuildWorkspace.with(
                    config: config, answers: Self.answers(health, technology: [])
                ) { workspace in
                    let run = await workspace.build()
                    #expect(run.status == 0, "\(run.standardError)")
                    files.append(
                        try ["us/health.rss", "us/health.atom", "us/health.json", "us/health.html"].map {
                            try Data(contentsOf: workspace.output.appending(path: $0))
                        })
                }
            }
            #expect(Set(publisher.pages) == ["/forbidden", "/legal", "/json", "/teaser", "/missing"])
            #expect(files.count == 2)
            #expect(files.first == files.last, "every page failed: the feed is what it is without full text")
        }
    }

    /// On a terminal, a build with full text shows its pages as they are done; its feed line then says what full
    /// text got and what failed (issue 30, point 7); neither progress nor a count when no page was asked.
    @Test func aFullTextBuildShowsItsPagesOnATerminalAndCountsThemInTheFeedLine() async throws {
        try await withPublisher { _, base in
            let health = [Self.article(base, "/story/1"), Self.article(base, "/forbidden")]
            try await BuildWorkspace.with(
                config: Self.config(), answers: Self.answers(health, technology: [])
            ) { workspace in
                let run = await workspace.run(["build"], terminal: true)
                #expect(run.status == 0)
                #expect(run.standardError.contains("us/health: full text, 1 of 2 pages…"), "\(run.standardError)")
                #expect(run.standardError.contains("us/health: full text, 2 of 2 pages…"), "\(run.standardError)")
                let line = try #require(run.outputLines.first { $0.hasPrefix("us/health: ") })
                #expect(line.hasSuffix("; full text 1 of 2 stories (1 page failed: 1 HTTP error)"), "\(line)")
                let piped = await workspace.build(["--force"])
                #expect(!piped.standardError.contains("full text,"), "no progress off a terminal")
                let again = try #require(piped.outputLines.first { $0.hasPrefix("us/health: ") })
                #expect(again.hasSuffix("; full text 1 of 2 stories"), "the failure waits for its retry: \(again)")
            }
        }
    }

    @Test func aSecondBuildFetchesNoPageAndKeepsTheArticles() async throws {
        try await withPublisher { publisher, base in
            let health = [Self.article(base, "/story/1"), Self.article(base, "/forbidden")]
            try await BuildWorkspace.with(
                config: Self.config(), answers: Self.answers(health, technology: [])
            ) { workspace in
                #expect(await workspace.build().status == 0)
                let first = publisher.pages
                #expect(Set(first) == ["/story/1", "/forbidden"])
                let rss = try text(workspace, "us/health.rss")
                workspace.clock.advance(by: 3600)
                #expect(await workspace.build(["--force"]).status == 0)
                #expect(publisher.pages == first, "the article is cached, the failure waits for its retry")
                #expect(try text(workspace, "us/health.rss").contains("The council of the town met"))
                #expect(try text(workspace, "us/health.rss").count == rss.count)
            }
        }
    }

    @Test func aFailedPageIsTriedThreeTimesOverAboutADayThenLeftAlone() async throws {
        try await withPublisher { publisher, base in
            try await BuildWorkspace.with(
                config: Self.config(), answers: Self.answers([Self.article(base, "/legal")], technology: [])
            ) { workspace in
                func tries() -> Int { publisher.pages.filter { $0 == "/legal" }.count }
                #expect(await workspace.build().status == 0)
                #expect(tries() == 1)
                workspace.clock.advance(by: 2 * 3600)
                #expect(await workspace.build(["--force"]).status == 0)
                #expect(tries() == 1, "3 hours after the first failure, not 2")
                workspace.clock.advance(by: 3600)
                #expect(await workspace.build(["--force"]).status == 0)
                #expect(tries() == 2)
                workspace.clock.advance(by: 20 * 3600)
                #expect(await workspace.build(["--force"]).status == 0)
                #expect(tries() == 2, "21 hours after the second")
                workspace.clock.advance(by: 3600)
                #expect(await workspace.build(["--force"]).status == 0)
                #expect(tries() == 3)
                workspace.clock.advance(by: 30 * 86_400 / 10)
                #expect(await workspace.build(["--force"]).status == 0)
                #expect(tries() == 3, "every try spent")
                let record = try #require(
                    OutputFolder(root: workspace.output).articleStore.load(base + "/legal").record)
                #expect(record.failure?.cause == .httpStatus)
                #expect(record.failure?.detail == "the publisher answered HTTP 451")
                #expect(record.failure?.tries == 3)
            }
        }
    }

    @Test func pagesPerRunTakesTheNewestStoriesFirstAndLeavesTheRestForLaterBuilds() async throws {
        try await withPublisher { publisher, base in
            let health = [
                Self.article(base, "/story/1", published: "2024-05-02T08:00:00Z"),
                Self.article(base, "/story/2", published: "2024-05-02T11:00:00Z"),
                Self.article(base, "/story/3", published: "2024-05-02T09:00:00Z"),
            ]
            try await BuildWorkspace.with(
                config: Self.config(fullText: #"{"pagesPerRun": 2, "hostSpacing": "0s"}"#),
                answers: Self.answers(health, technology: [])
            ) { workspace in
                #expect(await workspace.build().status == 0)
                #expect(Set(publisher.pages) == ["/story/2", "/story/3"])
                #expect(await workspace.build(["--force"]).status == 0)
                #expect(publisher.pages.count == 3)
                #expect(publisher.pages.last == "/story/1")
            }
        }
    }

    /// The run's pages are shared among the feeds with full text: the first feed takes its even part of the
    /// budget (its newest stories), not all of it, and what a feed leaves unused goes to the next.
    @Test(
        arguments: [
            (["08", "11", "09", "10"], ["/health/11", "/health/10", "/tech/11", "/tech/10"]),
            (["only"], ["/health/only", "/tech/11", "/tech/10", "/tech/09"]),
        ] as [([String], Set<String>)])
    func pagesPerRunIsSharedAmongTheFeedsNewestFirstInEach(healthHours: [String], fetched: Set<String>) async throws {
        try await withPublisher { publisher, base in
            func stories(_ section: String, _ hours: [String]) -> [StubArticle] {
                hours.map { hour in
                    let time = hour == "only" ? "10" : hour
                    return Self.article(base, "/\(section)/\(hour)", published: "2024-05-02T\(time):00:00Z")
                }
            }
            try await BuildWorkspace.with(
                config: Self.config(fullText: #"{"default": true, "pagesPerRun": 4, "hostSpacing": "0s"}"#),
                answers: Self.answers(
                    stories("health", healthHours), technology: stories("tech", ["08", "11", "09", "10"]))
            ) { workspace in
                #expect(await workspace.build().status == 0)
                #expect(Set(publisher.pages) == fetched)
            }
        }
    }

    @Test func noMoreThanPerHostPagesAreFetchedFromOneHostAtOnce() async throws {
        try await withPublisher(host: "127.0.0.3", delay: .milliseconds(300)) { publisher, base in
            try await withPublisher(host: "127.0.0.4", delay: .milliseconds(300)) { other, otherBase in
                let health =
                    (1...6).map { Self.article(base, "/story/\($0)") }
                    + (1...6).map { Self.article(otherBase, "/story/\($0)") }
                try await BuildWorkspace.with(
                    config: Self.config(fullText: #"{"perHost": 2, "concurrency": 8, "hostSpacing": "0s"}"#),
                    answers: Self.answers(health, technology: [])
                ) { workspace in
                    #expect(await workspace.build().status == 0)
                    #expect(publisher.pages.count == 6)
                    #expect(other.pages.count == 6)
                    #expect(publisher.mostInFlight <= 2)
                    #expect(other.mostInFlight <= 2)
                }
            }
        }
    }

    @Test func withoutAllowPrivateNoLoopbackPageIsContacted() async throws {
        try await withPublisher { publisher, base in
            let config = Self.config().replacingOccurrences(of: "\"allowPrivate\": true,", with: "")
            try await BuildWorkspace.with(
                config: config, answers: Self.answers([Self.article(base, "/story/1")], technology: [])
            ) { workspace in
                #expect(await workspace.build().status == 0)
                #expect(publisher.paths.isEmpty, "the public-address guard refused the page before any request")
                let record = OutputFolder(root: workspace.output).articleStore.load(base + "/story/1").record
                #expect(record?.failure?.cause == .blocked)
                #expect(record?.failure?.detail.hasSuffix("\"allowPrivate\": true in the config allows it") == true)
            }
        }
    }

    @Test func robotsTxtIsObeyedUnlessTurnedOff() async throws {
        try await withPublisher(robots: "User-agent: *\nDisallow: /private/\n") { publisher, base in
            let health = [Self.article(base, "/private/1"), Self.article(base, "/story/2")]
            try await BuildWorkspace.with(
                config: Self.config(), answers: Self.answers(health, technology: [])
            ) { workspace in
                #expect(await workspace.build().status == 0)
                #expect(publisher.pages == ["/story/2"])
                let record = OutputFolder(root: workspace.output).articleStore.load(base + "/private/1").record
                #expect(record?.failure?.cause == .robots)
            }
            try await BuildWorkspace.with(
                config: Self.config(fullText: #"{"robots": false, "hostSpacing": "0s"}"#),
                answers: Self.answers([Self.article(base, "/private/3")], technology: [])
            ) { workspace in
                #expect(await workspace.build().status == 0)
                #expect(publisher.pages.last == "/private/3")
            }
        }
    }

    /// RFC 9309 §2.3.1.4: a robots.txt answering 5xx disallows for now, not for good: the page is a passing
    /// (network) failure saying so, retried as the others, and fetched once the publisher recovers.
    @Test func anUnreachableRobotsTxtIsAPassingFailureAndThePageIsFetchedOnceItRecovers() async throws {
        try await withPublisher { publisher, base in
            publisher.answerRobots(status: 503)
            try await BuildWorkspace.with(
                config: Self.config(), answers: Self.answers([Self.article(base, "/story/5")], technology: [])
            ) { workspace in
                #expect(await workspace.build().status == 0)
                #expect(publisher.pages.isEmpty)
                let store = OutputFolder(root: workspace.output).articleStore
                let failure = try #require(store.load(base + "/story/5").record?.failure)
                #expect(failure.cause == .network)
                let host = base.replacingOccurrences(of: "http://", with: "")
                #expect(failure.detail == "robots.txt unreachable: 503 from \(host)")
                #expect(failure.retryAfter != nil)
                publisher.answerRobots(status: nil)
                workspace.clock.advance(by: 3 * 3600)
                #expect(await workspace.build(["--force"]).status == 0)
                #expect(publisher.pages == ["/story/5"])
                #expect(store.load(base + "/story/5").record?.article != nil)
            }
        }
    }

    @Test func aPageThatHangsTimesOutAndTheFeedIsWrittenAnyway() async throws {
        try await withPublisher { _, base in
            try await BuildWorkspace.with(
                config: Self.config(fullText: #"{"timeout": "5s", "hostSpacing": "0s"}"#),
                answers: Self.answers([Self.article(base, "/hang"), Self.article(base, "/story/1")], technology: [])
            ) { workspace in
                let run = await workspace.build()
                #expect(run.status == 0)
                let stories = try workspace.snapshot("us/health").stories
                #expect(stories.count == 2)
                let record = OutputFolder(root: workspace.output).articleStore.load(base + "/hang").record
                #expect(record?.failure?.cause == .timeout)
                // The feed's line names the timeout among the failures (issue 30, point 7). Whether the normal page
                // beside the hanging one made its deadline depends on how busy the machine is (the build's own code
                // runs on the test pool), so only the hanging page's cause is certain here; the line's exact count
                // is tested with a failure that does not depend on time
                // (`aFullTextBuildShowsItsPagesOnATerminalAndCountsThemInTheFeedLine`).
                let line = run.outputLines.first { $0.hasPrefix("us/health: written, 2 items (2 new); full text ") }
                #expect(line?.hasSuffix(" timeout)") == true, "\(run.outputLines)")
            }
        }
    }

    @Test func aPageOverTheExtractionBudgetFailsAsTooComplexAndTheBuildGoesOn() async throws {
        try await withPublisher { _, base in
            try await BuildWorkspace.with(
                config: Self.config(fullText: #"{"extractTimeout": "1ms", "hostSpacing": "0s"}"#),
                answers: Self.answers([Self.article(base, "/article/ars-1")], technology: [])
            ) { workspace in
                #expect(await workspace.build().status == 0)
                let stories = try workspace.snapshot("us/health").stories
                #expect(stories.count == 1)
                let record = OutputFolder(root: workspace.output).articleStore.load(base + "/article/ars-1").record
                #expect(record?.failure?.cause == .tooComplex)
                #expect(record?.failure?.detail == "too complex (not extracted within 1ms)")
            }
        }
    }

    @Test func anArticleOverMaxArticleBytesIsCutWithALinkToTheStory() async throws {
        try await withPublisher { _, base in
            try await BuildWorkspace.with(
                config: Self.config(fullText: #"{"maxArticleBytes": "16KB", "hostSpacing": "0s"}"#),
                answers: Self.answers([Self.article(base, "/big")], technology: [])
            ) { workspace in
                #expect(await workspace.build().status == 0)
                let json = try text(workspace, "us/health.json")
                let feed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
                let items = try #require(feed["items"] as? [[String: Any]])
                let html = try #require(items.first?["content_html"] as? String)
                #expect(html.utf8.count <= 16 * 1024)
                #expect(
                    html.hasSuffix(
                        "<p><a href=\"\(base)/big\" rel=\"noopener noreferrer\">Continued at the source</a></p>\n"),
                    "\(html.suffix(200))")
                #expect(html.hasPrefix("<p>"))
                #expect(try workspace.violationsInEveryFormat("us/health") == [])
            }
        }
    }

    /// A page that hangs for its whole `timeout` (20 s) is stopped when the run's full-text time is up, and is
    /// left for a later build: no record, so no failure counted.
    @Test func theFullTextStepEndsAfterRunTimeLeavingThePageForLater() async throws {
        try await withPublisher { _, base in
            try await BuildWorkspace.with(
                config: Self.config(fullText: #"{"runTime": "1s", "hostSpacing": "0s"}"#),
                answers: Self.answers([Self.article(base, "/hang")], technology: [])
            ) { workspace in
                #expect(await workspace.build().status == 0)
                let stories = try workspace.snapshot("us/health").stories
                #expect(stories.count == 1)
                let store = OutputFolder(root: workspace.output).articleStore
                // Had the page's own 20 s timeout ended it, it would have a `timeout` record.
                // (Whether the page was already asked when the second ran out depends on the machine's load: robots.txt
                // comes first; either way it is left for later, not failed.)
                #expect(store.load(base + "/hang").record == nil)
                let status = await workspace.run(["status"])
                #expect(
                    status.outputLines.contains(
                        "us/health full text: 0 of 1 item with the article; failures: none; 1 not fetched yet"),
                    "\(status.outputLines)")
            }
        }
    }

    @Test func anUnreadableRecordIsMovedAsideWithOneLineAndThePageFetchedAgain() async throws {
        try await withPublisher { publisher, base in
            try await BuildWorkspace.with(
                config: Self.config(), answers: Self.answers([Self.article(base, "/story/1")], technology: [])
            ) { workspace in
                #expect(await workspace.build().status == 0)
                let store = OutputFolder(root: workspace.output).articleStore
                let file = store.fileURL(for: base + "/story/1")
                try Data("{not json".utf8).write(to: file)
                let run = await workspace.build(["--force"])
                #expect(run.status == 0)
                let warnings = run.errorLines.filter { $0.contains("unreadable article record") }
                #expect(warnings.count == 1)
                #expect(publisher.pages == ["/story/1", "/story/1"])
                #expect(store.load(base + "/story/1").record?.article != nil)
                let aside = try FileManager.default.contentsOfDirectory(atPath: store.folder.path)
                #expect(aside.contains { $0.hasPrefix(file.lastPathComponent + ".corrupt-") })
            }
        }
    }

    @Test func recordsOfStoriesInNoFeedAreForgotten() async throws {
        try await withPublisher { _, base in
            try await BuildWorkspace.with(
                config: Self.config(), answers: Self.answers([Self.article(base, "/story/1")], technology: [])
            ) { workspace in
                #expect(await workspace.build().status == 0)
                let store = OutputFolder(root: workspace.output).articleStore
                #expect(store.keys() == [ArticleStore.key(for: base + "/story/1")])
                // A week and more later the story has left the feed's history (maxAgeDays 7).
                workspace.stub.answer("us/health", with: .articles([Self.article(base, "/story/2")]))
                workspace.clock.advance(by: 8 * 86_400)
                #expect(await workspace.build(["--force"]).status == 0)
                #expect(store.keys() == [ArticleStore.key(for: base + "/story/2")])
            }
        }
    }
}
