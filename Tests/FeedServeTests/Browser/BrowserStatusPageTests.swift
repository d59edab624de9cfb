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
            report["consoleErrors"] = [entry["message"] for entry in driver.get_log("browser")
                                       if entry.get("level") == "SEVERE"]
            print(json.dumps(report))
        finally:
            driver.quit()
        """
}
