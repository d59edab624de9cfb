import FeedOutput
import Foundation
import TestSupport
import Testing

/// The reader view in headless Chromium, in both color schemes, as served by `newsfeed serve`: both stylesheets
/// apply (no CSP refusal), the themes differ, the theme choice shows, the article is there and nothing scrolls
/// sideways at 360 px. At 1280 px the title and the article start at the same left edge; at 1280 and 360 px nothing
/// of the header is hidden; a lead image that does not load gives way to the bundled default image, as on the feed
/// pages.
@Suite(.serialized) struct BrowserReaderViewTests {
    @Test(
        "headless Chromium shows the reader view in both themes", .needsSharedData,
        .enabled("chromium, chromedriver or selenium is missing and NEWSFEED_REQUIRE_READERS is not 1") {
            await FeedReader.chromium.shouldRun
        },
        .timeLimit(.minutes(3)))
    func theReaderViewWorksInARealBrowser() async throws {
        let python = try #require(ChildProcess.findExecutable("python3"), "\(FeedReader.chromium.installHint)")
        let chromium = try #require(ChildProcess.chromium, "\(FeedReader.chromium.installHint)")
        let chromedriver = try #require(ChildProcess.chromedriver, "\(FeedReader.chromium.installHint)")
        try #require(await FeedReader.chromium.isInstalled, "\(FeedReader.chromium.installHint)")
        try await withPublisher { _, base in
            // /story/5's lead image (its og:image, /images/lead-5.jpg) is a 404 at the publisher.
            let health = [
                FullTextBuildTests.article(base, "/article/ars-1"), FullTextBuildTests.article(base, "/story/5"),
            ]
            try await BuildWorkspace.with(
                config: FullTextBuildTests.config(), answers: FullTextBuildTests.answers(health, technology: [])
            ) { workspace in
                #expect(await workspace.build().status == 0)
                let serve = RunningCommand(
                    ["serve", "--dir", workspace.output.path, "--port", "0", "--quiet"],
                    workingDirectory: workspace.folder.url)
                do {
                    let site = try await serve.servingURL()
                    let key = ArticleStore.key(for: base + "/article/ars-1")
                    let page = site.appending(path: "articles/\(key).html").absoluteString
                    let broken = site.appending(
                        path: "articles/\(ArticleStore.key(for: base + "/story/5")).html"
                    ).absoluteString
                    try FileManager.default.createDirectory(
                        at: RepositoryPaths.screenshots, withIntermediateDirectories: true)
                    let run = try await ChildProcess.run(
                        python,
                        [
                            "-c", Self.script, page, RepositoryPaths.screenshots.path, chromium.path,
                            chromedriver.path, broken,
                        ],
                        environment: ChildProcess.loopbackEnvironment(
                            base: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
                            overrides: ["HOME": workspace.folder.url.path]),
                        workingDirectory: workspace.folder.url, timeout: .seconds(120))
                    try #require(run.status == 0 && !run.timedOut, "browser script: \(run.summary)")
                    let report = try JSONDecoder().decode(Report.self, from: run.standardOutput)
                    for (name, view) in [("light", report.light), ("dark", report.dark)] {
                        #expect(view.stylesheets == 2, "\(name): the shared and the reader stylesheet applied")
                        #expect(view.toggleVisible, "\(name): the theme choice shows")
                        #expect(view.paragraphs > 5, "\(name): the article is there")
                        #expect(view.readAt.hasPrefix("Read at "), "\(name)")
                        #expect(view.columnWidth <= 42 * 17 + 1, "\(name): a readable column")
                    }
                    #expect(report.light.background != report.dark.background, "the backgrounds differ")
                    #expect(report.light.color != report.dark.color, "the text colors differ")
                    #expect(report.narrowScrollWidth <= 360, "360 px scrolls sideways: \(report.narrowScrollWidth)")
                    #expect(
                        abs(report.wide.titleLeft - report.wide.articleLeft) <= 3,
                        "at 1280 px the title starts at \(report.wide.titleLeft) px, the article at \(report.wide.articleLeft) px"
                    )
                    #expect(
                        report.wide.hidden == [] && report.narrowHidden == [],
                        "\(report.wide.hidden) \(report.narrowHidden)")
                    let lead = report.brokenLead
                    #expect(lead.src.hasSuffix("/assets/default-image.png"), "the broken lead image shows \(lead.src)")
                    #expect(lead.complete && lead.naturalWidth > 0 && lead.isFallback, "\(lead)")
                    // Images of the real page are on the publisher's own site, out of reach here: only
                    // refusals by the page's policy count.
                    #expect(report.consoleErrors.filter { $0.contains("Content Security Policy") } == [])
                } catch {
                    _ = await serve.stop()
                    throw error
                }
                _ = await serve.stop()
            }
        }
    }

    struct View: Decodable {
        var background: String
        var color: String
        var toggleVisible: Bool
        var stylesheets: Int
        var paragraphs: Int
        var readAt: String
        var columnWidth: Double
    }

    struct Wide: Decodable {
        var titleLeft: Double
        var articleLeft: Double
        var hidden: [String]
    }

    struct LeadImage: Decodable {
        var src: String
        var complete: Bool
        var naturalWidth: Int
        var isFallback: Bool
    }

    struct Report: Decodable {
        var light: View
        var dark: View
        var wide: Wide
        var narrowHidden: [String]
        var brokenLead: LeadImage
        var narrowScrollWidth: Int
        var consoleErrors: [String]
    }

    /// argv: page URL, screenshot folder, chromium binary, chromedriver, the page whose lead image is broken.
    /// Prints the report as JSON.
    static let script = """
        import json, sys, time

        url, shots, binary, driver_path, broken_url = sys.argv[1:6]
        \(HeadlessChromium.startDriver(window: "1200,1100"))

        STATE = '''
          const body = getComputedStyle(document.body);
          const toggle = document.getElementById("theme-choice");
          let sheets = 0;
          for (const sheet of document.styleSheets) { try { if (sheet.cssRules.length > 0) sheets += 1; } catch (e) {} }
          const reader = document.querySelector("article.reader");
          const readAt = document.querySelector(".read-at a");
          return {
            background: body.backgroundColor, color: body.color,
            toggleVisible: !!toggle && toggle.offsetWidth > 0, stylesheets: sheets,
            paragraphs: reader ? reader.querySelectorAll(".article-body p").length : 0,
            readAt: readAt ? readAt.textContent : "",
            columnWidth: reader ? reader.getBoundingClientRect().width : 9999,
          };
        '''

        HIDDEN = '''
        \(HeadlessChromium.hiddenInHeader)
        '''

        def at_width(width, mobile):
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": mobile})

        def emulate(scheme):
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                   {"features": [{"name": "prefers-color-scheme", "value": scheme}]})

        try:
            report = {}
            for scheme in ["light", "dark"]:
                emulate(scheme)
                driver.get(url)
                report[scheme] = driver.execute_script(STATE)
                driver.save_screenshot(f"{shots}/reader-{scheme}.png")
            at_width(1280, False)
            driver.get(url)
            report["wide"] = driver.execute_script('''
              const title = document.querySelector("h1").getBoundingClientRect();
              const article = document.querySelector("article.reader").getBoundingClientRect();
              return {titleLeft: title.left, articleLeft: article.left};
            ''')
            report["wide"]["hidden"] = driver.execute_script(HIDDEN)
            driver.save_screenshot(f"{shots}/reader-wide.png")
            driver.get(broken_url)
            LEAD = '''
              const lead = document.querySelector("img.lead-image");
              return lead ? {src: lead.currentSrc || lead.src, complete: lead.complete,
                             naturalWidth: lead.naturalWidth, isFallback: lead.classList.contains("is-fallback")}
                          : {src: "", complete: false, naturalWidth: 0, isFallback: false};
            '''
            for _ in range(100):
                report["brokenLead"] = driver.execute_script(LEAD)
                if report["brokenLead"]["complete"] and report["brokenLead"]["naturalWidth"] > 0:
                    break
                time.sleep(0.05)
            at_width(360, True)
            driver.get(url)
            report["narrowScrollWidth"] = driver.execute_script("return document.documentElement.scrollWidth")
            report["narrowHidden"] = driver.execute_script(HIDDEN)
            driver.save_screenshot(f"{shots}/reader-narrow.png")
            report["consoleErrors"] = [entry["message"] for entry in driver.get_log("browser")
                                       if entry.get("level") == "SEVERE"]
            print(json.dumps(report))
        finally:
            driver.quit()
        """
}
