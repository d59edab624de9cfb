import Foundation
import TestSupport
import Testing

/// `serve`'s `/status` in headless Chromium, in both color schemes, like the feed pages
/// (``BrowserPageTests``): the shared stylesheet applies (no CSP refusal), the themes differ,
/// the night-mode toggle shows, every feed has its entry and nothing scrolls sideways at 360 px.
@Suite(.serialized) struct BrowserStatusPageTests {
    typealias S = ScheduleFixtures

    @Test(
        "headless Chromium shows /status in both themes",
        .enabled("chromium, chromedriver or selenium is missing and NEWSFEED_REQUIRE_READERS is not 1") {
            await FeedReader.chromium.shouldRun
        },
        .timeLimit(.minutes(3)))
    func theStatusPageWorksInARealBrowser() async throws {
        let python = try #require(ChildProcess.findExecutable("python3"), "\(FeedReader.chromium.installHint)")
        let chromium = try #require(BrowserPageTests.chromium, "\(FeedReader.chromium.installHint)")
        let chromedriver = try #require(BrowserPageTests.chromedriver, "\(FeedReader.chromium.installHint)")
        try #require(await FeedReader.chromium.isInstalled, "\(FeedReader.chromium.installHint)")
        try FileManager.default.createDirectory(at: BrowserPageTests.screenshots, withIntermediateDirectories: true)
        var answers = S.answers()
        answers["us/sports"] = S.badKey
        try await StatusEndpointTests.serving(config: S.config(), answers: answers) { workspace, address in
            let run = try await ChildProcess.run(
                python,
                [
                    "-c", Self.script, address.appending(path: "status").absoluteString,
                    BrowserPageTests.screenshots.path, chromium.path, chromedriver.path,
                ],
                environment: ChildProcess.loopbackEnvironment(
                    base: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
                    overrides: ["HOME": workspace.folder.url.path]),
                workingDirectory: workspace.folder.url, timeout: .seconds(120))
            try #require(run.status == 0 && !run.timedOut, "browser script: \(run.summary)")
            let report = try JSONDecoder().decode(Report.self, from: run.standardOutput)
            for (name, view) in [("light", report.light), ("dark", report.dark)] {
                #expect(view.feeds == S.sixFeeds.count + 2, "\(name): six feeds and two quota windows")
                #expect(view.stylesheetRules > 0, "\(name): the shared stylesheet applied")
                #expect(view.toggleVisible, "\(name): the theme choice shows")
                #expect(view.problems == 1, "\(name): the bad-key pause is listed")
            }
            #expect(report.light.background != report.dark.background, "the backgrounds differ between themes")
            #expect(report.light.color != report.dark.color, "the text colors differ between themes")
            #expect(report.narrowScrollWidth <= 360, "a 360 px window scrolls sideways: \(report.narrowScrollWidth)")
            #expect(report.consoleErrors.isEmpty, "\(report.consoleErrors)")
        }
    }

    /// At 360 px on a page without a pause: no heading of the body ("NewsAPI quota", the feeds' paths) is larger
    /// than the page's title, the line after the quota list ("Not paused.") has as much room above it as below,
    /// and nothing of the header is hidden (``HeadlessChromium/hiddenInHeader``), at 1280 px too.
    @Test(
        "headless Chromium shows /status at 360 px with headings no larger than its title and even spacing",
        .enabled("chromium, chromedriver or selenium is missing and NEWSFEED_REQUIRE_READERS is not 1") {
            await FeedReader.chromium.shouldRun
        },
        .timeLimit(.minutes(3)))
    func theStatusPageIsInProportionOnAPhone() async throws {
        let python = try #require(ChildProcess.findExecutable("python3"), "\(FeedReader.chromium.installHint)")
        let chromium = try #require(BrowserPageTests.chromium, "\(FeedReader.chromium.installHint)")
        let chromedriver = try #require(BrowserPageTests.chromedriver, "\(FeedReader.chromium.installHint)")
        try #require(await FeedReader.chromium.isInstalled, "\(FeedReader.chromium.installHint)")
        try FileManager.default.createDirectory(at: BrowserPageTests.screenshots, withIntermediateDirectories: true)
        try await StatusEndpointTests.serving(config: S.config(), answers: S.answers()) { workspace, address in
            let run = try await ChildProcess.run(
                python,
                [
                    "-c", Self.narrowScript, address.appending(path: "status").absoluteString,
                    BrowserPageTests.screenshots.path, chromium.path, chromedriver.path,
                ],
                environment: ChildProcess.loopbackEnvironment(
                    base: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
                    overrides: ["HOME": workspace.folder.url.path]),
                workingDirectory: workspace.folder.url, timeout: .seconds(120))
            try #require(run.status == 0 && !run.timedOut, "browser script: \(run.summary)")
            let report = try JSONDecoder().decode(Narrow.self, from: run.standardOutput)
            #expect(report.headings.count == S.sixFeeds.count + 1, "a heading per feed, and the quota's")
            for heading in report.headings {
                #expect(
                    heading.size <= report.titleSize,
                    "\(heading.text): \(heading.size) px, the title \(report.titleSize) px")
            }
            #expect(report.afterQuota.text == "Not paused.")
            #expect(report.afterQuota.above >= 8, "\(report.afterQuota)")
            #expect(abs(report.afterQuota.above - report.afterQuota.below) <= 2, "\(report.afterQuota)")
            #expect(report.hidden360 == [] && report.hidden1280 == [], "\(report.hidden360) \(report.hidden1280)")
        }
    }

    struct Heading: Decodable {
        var text: String
        var size: Double
    }

    /// The line after the quota list: its text, the room between it and the list above, and below it to the
    /// end of the page's body.
    struct Spacing: Decodable {
        var text: String
        var above: Double
        var below: Double
    }

    struct Narrow: Decodable {
        var titleSize: Double
        var headings: [Heading]
        var afterQuota: Spacing
        var hidden360: [String]
        var hidden1280: [String]
    }

    /// argv: page URL, screenshot folder, chromium binary, chromedriver. Prints the ``Narrow`` report as JSON.
    static let narrowScript = """
        import json, sys

        url, shots, binary, driver_path = sys.argv[1:5]
        \(HeadlessChromium.startDriver(window: "360,800"))

        HIDDEN = '''
        \(HeadlessChromium.hiddenInHeader)
        '''

        MEASURE = '''
          const size = e => parseFloat(getComputedStyle(e).fontSize);
          const main = document.querySelector("main");
          const quota = document.querySelector("ul.quota");
          const after = quota ? quota.nextElementSibling : null;
          const mainBottom = main.getBoundingClientRect().bottom - parseFloat(getComputedStyle(main).paddingBottom);
          return {
            titleSize: size(document.querySelector("h1")),
            headings: Array.from(main.querySelectorAll("h2, h3")).map(h => ({text: h.textContent, size: size(h)})),
            afterQuota: after ? {text: after.textContent.trim(),
                                 above: after.getBoundingClientRect().top - quota.getBoundingClientRect().bottom,
                                 below: mainBottom - after.getBoundingClientRect().bottom}
                              : {text: "", above: -1, below: -1},
          };
        '''

        try:
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": 360, "height": 800, "deviceScaleFactor": 1, "mobile": True})
            driver.get(url)
            report = driver.execute_script(MEASURE)
            report["hidden360"] = driver.execute_script(HIDDEN)
            driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
            driver.save_screenshot(f"{shots}/status-narrow-end.png")
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
            driver.get(url)
            report["hidden1280"] = driver.execute_script(HIDDEN)
            print(json.dumps(report))
        finally:
            driver.quit()
        """

    struct View: Decodable {
        var feeds: Int
        var problems: Int
        var background: String
        var color: String
        var toggleVisible: Bool
        var stylesheetRules: Int
    }

    struct Report: Decodable {
        var light: View
        var dark: View
        var narrowScrollWidth: Int
        var consoleErrors: [String]
    }

    /// argv: page URL, screenshot folder, chromium binary, chromedriver. Prints the report as JSON.
    static let script = """
        import json, sys

        url, shots, binary, driver_path = sys.argv[1:5]
        \(HeadlessChromium.startDriver())

        STATE = '''
          const body = getComputedStyle(document.body);
          const toggle = document.getElementById("theme-choice");
          let rules = 0;
          for (const sheet of document.styleSheets) { try { rules += sheet.cssRules.length; } catch (e) {} }
          return {
            feeds: document.querySelectorAll("ul.feeds > li.feed").length,
            problems: document.querySelectorAll("ul.problems > li").length,
            background: body.backgroundColor, color: body.color,
            toggleVisible: !!toggle && toggle.offsetWidth > 0,
            stylesheetRules: rules,
          };
        '''

        def emulate(scheme):
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                   {"features": [{"name": "prefers-color-scheme", "value": scheme}]})

        try:
            report = {}
            for scheme in ["light", "dark"]:
                emulate(scheme)
                driver.get(url)
                report[scheme] = driver.execute_script(STATE)
                driver.save_screenshot(f"{shots}/status-{scheme}.png")
            driver.set_window_size(360, 800)
            driver.get(url)
            report["narrowScrollWidth"] = driver.execute_script("return document.documentElement.scrollWidth")
            driver.save_screenshot(f"{shots}/status-narrow.png")
            report["consoleErrors"] = [entry["message"] for entry in driver.get_log("browser")
                                       if entry.get("level") == "SEVERE"]
            print(json.dumps(report))
        finally:
            driver.quit()
        """
}
