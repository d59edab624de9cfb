import Foundation
import TestSupport
import Testing

/// The HTML page in a real browser: `newsfeed serve` on a folder `newsfeed build` wrote, loaded in
/// headless Chromium (Debian's `chromium`, driven by `chromedriver` through Python's selenium) in
/// both color schemes (CDP `Emulation.setEmulatedMedia`).
///
/// Checks one row per item, every image loaded (the default image where a story's image is broken
/// or missing), different background and text colors per theme, the night-mode toggle switching
/// the theme and the choice surviving a reload, and no sideways scrolling at 360 px. Saves light
/// and dark screenshots to `.build/screenshots/`. Skipped where Chromium is missing unless
/// `NEWSFEED_REQUIRE_READERS=1` (set by `.ci/run`, which installs it): then it fails.
@Suite(.serialized) struct BrowserPageTests {
    static var chromium: URL? { ChildProcess.chromium }
    static var chromedriver: URL? { ChildProcess.chromedriver }

    /// `.build/screenshots/` of this package.
    static var screenshots: URL { RepositoryPaths.screenshots }

    @Test(
        "headless Chromium shows the feed page in both themes, with every image, a working toggle and a remembered choice",
        .enabled("chromium, chromedriver or selenium is missing and NEWSFEED_REQUIRE_READERS is not 1") {
            await FeedReader.chromium.shouldRun
        },
        .timeLimit(.minutes(3)))
    func theFeedPageWorksInARealBrowser() async throws {
        let python = try #require(ChildProcess.findExecutable("python3"), "\(FeedReader.chromium.installHint)")
        let chromium = try #require(Self.chromium, "\(FeedReader.chromium.installHint)")
        let chromedriver = try #require(Self.chromedriver, "\(FeedReader.chromium.installHint)")
        try #require(await FeedReader.chromium.isInstalled, "\(FeedReader.chromium.installHint)")
        try await PictureHost.with { pictures in
            let answer = NewsAPIStub.Answer.articles([
                .story("photo", image: pictures + "/photo.svg"),
                .story("broken", publishedAt: "2024-05-02T09:00:00Z", image: pictures + "/gone.png"),
                .story("not-an-image", publishedAt: "2024-05-02T08:00:00Z", image: pictures + "/not-an-image.jpg"),
                .story("no-image", publishedAt: "2024-05-02T07:00:00Z"),
                StubArticle(
                    title: "<script>alert(1)</script> Hostile & <b>bold</b>", url: "https://news.example.com/hostile",
                    description: "<img src=x onerror=alert(2)> text", publishedAt: "2024-05-02T06:00:00Z"),
            ])
            try await Self.withServedBuild(answer: answer) { pageURL, folder in
                try FileManager.default.createDirectory(at: Self.screenshots, withIntermediateDirectories: true)
                let run = try await ChildProcess.run(
                    python,
                    [
                        "-c", Self.script, pageURL.absoluteString, Self.screenshots.path, chromium.path,
                        chromedriver.path,
                    ],
                    environment: ChildProcess.loopbackEnvironment(
                        base: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
                        overrides: ["HOME": folder.path]),
                    workingDirectory: folder, timeout: .seconds(120))
                try #require(run.status == 0 && !run.timedOut, "browser script: \(run.summary)")
                let report = try JSONDecoder().decode(Report.self, from: run.standardOutput)
                Self.check(report)
            }
        }
    }

    static func check(_ report: Report) {
        for (name, view) in [("light", report.light), ("dark", report.dark)] {
            #expect(view.rows == 5, "\(name): \(view.rows) rows")
            #expect(view.images.count == 5, "\(name): \(view.images.count) images")
            for image in view.images {
                #expect(image.complete && image.naturalWidth > 0, "\(name): \(image.src) did not load")
            }
            let fallbacks = view.images.filter { $0.src.hasSuffix("/assets/default-image.png") }.count
            #expect(fallbacks == 4, "\(name): the broken, non-image and missing images show the default image")
            #expect(view.images.first?.src.hasSuffix("/photo.svg") == true, "\(name): the real photo shows")
            #expect(view.scriptAlerts == 0, "\(name): a story's markup ran")
            #expect(view.toggleVisible, "\(name): the toggle is hidden with JavaScript on")
        }
        #expect(report.light.background != report.dark.background, "the backgrounds differ between themes")
        #expect(report.light.color != report.dark.color, "the text colors differ between themes")
        #expect(report.light.toggleLabel == "Night mode" && report.dark.toggleLabel == "Day mode")
        #expect(report.toggle.before.background == report.light.background)
        #expect(report.toggle.after.background == report.dark.background, "the toggle switches to dark")
        #expect(report.toggle.after.theme == "dark")
        #expect(report.toggle.reloaded.background == report.dark.background, "the choice survives a reload")
        #expect(report.toggle.reloaded.theme == "dark")
        #expect(report.toggle.back.background == report.light.background, "the toggle switches back")
        #expect(report.narrowScrollWidth <= 360, "a 360 px wide window scrolls sideways: \(report.narrowScrollWidth)")
        #expect(
            report.consoleErrors.filter { $0.contains("Content Security Policy") }.isEmpty, "\(report.consoleErrors)")
    }

    /// Starts `serve` on an empty folder, builds `us/health` into it with `site` = the server's
    /// address, and runs `body` with the page's URL.
    static func withServedBuild(answer: NewsAPIStub.Answer, _ body: (URL, URL) async throws -> Void) async throws {
        let folder = TemporaryFolder("newsfeed-browser")
        try FileManager.default.createDirectory(
            at: folder.url.appending(path: "Feeds"), withIntermediateDirectories: true)
        let stub = try NewsAPIStub(["us/health": answer])
        let serve = RunningCommand(["serve", "--dir", "Feeds", "--port", "0", "--quiet"], workingDirectory: folder.url)
        do {
            let site = try await serve.servingURL()
            try folder.write(
                #"{"site": "\#(site.absoluteString)", "output": "Feeds", "feeds": [{"country": "us", "category": "health"}]}"#,
                to: "newsfeed.json")
            let build = await RunningCommand.run(
                ["build", "--quiet"],
                environment: ["NEWSAPI_KEY": "browser-test", "NEWSAPI_BASE_URL": stub.baseURLString],
                workingDirectory: folder.url)
            try #require(build.status == 0, "build: \(build.errors)")
            try await body(site.appending(path: "us/health.html"), folder.url)
        } catch {
            _ = await serve.stop()
            await stub.stop()
            throw error
        }
        _ = await serve.stop()
        await stub.stop()
    }

    struct Image: Decodable {
        var src: String
        var complete: Bool
        var naturalWidth: Int
    }

    struct View: Decodable {
        var rows: Int
        var images: [Image]
        var background: String
        var color: String
        var theme: String?
        var toggleVisible: Bool
        var toggleLabel: String
        var scriptAlerts: Int
    }

    struct Toggle: Decodable {
        var before: View
        var after: View
        var reloaded: View
        var back: View
    }

    struct Report: Decodable {
        var light: View
        var dark: View
        var toggle: Toggle
        var narrowScrollWidth: Int
        var consoleErrors: [String]
    }

    /// argv: page URL, screenshot folder, chromium binary, chromedriver. Prints the report as JSON.
    static let script = """
        import json, sys, time
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By

        url, shots, binary, driver_path = sys.argv[1:5]
        options = Options()
        options.binary_location = binary
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--hide-scrollbars", "--window-size=900,1100", "--no-first-run", "--no-proxy-server"]:
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
        driver.set_page_load_timeout(30)

        STATE = '''
          const body = getComputedStyle(document.body);
          const toggle = document.getElementById("theme-toggle");
          return {
            rows: document.querySelectorAll("ol.stories > li.story").length,
            images: Array.from(document.images).map(i => ({src: i.currentSrc || i.src, complete: i.complete,
                                                            naturalWidth: i.naturalWidth})),
            background: body.backgroundColor, color: body.color,
            theme: document.documentElement.getAttribute("data-theme"),
            toggleVisible: !!toggle && !toggle.hidden && toggle.offsetWidth > 0,
            toggleLabel: toggle ? toggle.textContent : "",
            scriptAlerts: window.__alerts || 0,
          };
        '''

        def emulate(scheme):
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                   {"features": [{"name": "prefers-color-scheme", "value": scheme}]})

        def settle():
            # Lazy images load once near the viewport: scroll through the page, then wait for every one.
            height = driver.execute_script("return document.body.scrollHeight")
            for y in range(0, height + 600, 300):
                driver.execute_script("window.scrollTo(0, arguments[0])", y)
                time.sleep(0.05)
            for _ in range(200):
                if driver.execute_script(
                        "return Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)"):
                    break
                time.sleep(0.05)
            driver.execute_script("window.scrollTo(0, 0)")
            time.sleep(0.1)

        def state():
            return driver.execute_script(STATE)

        def fresh(scheme):
            emulate(scheme)
            driver.get(url)
            driver.execute_script("window.localStorage.clear()")
            driver.get(url)
            driver.execute_script("window.__alerts = 0; window.alert = function () { window.__alerts++; }")
            settle()

        report = {}
        for scheme in ["light", "dark"]:
            fresh(scheme)
            report[scheme] = state()
            shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
                "format": "png", "clip": {"x": 0, "y": 0, "width": 900, "height": 1000, "scale": 0.6}})
            import base64
            with open(shots + "/page-" + scheme + ".png", "wb") as file:
                file.write(base64.b64decode(shot["data"]))

        fresh("light")
        before = state()
        driver.find_element(By.ID, "theme-toggle").click()
        time.sleep(0.1)
        after = state()
        driver.refresh()
        settle()
        reloaded = state()
        driver.find_element(By.ID, "theme-toggle").click()
        time.sleep(0.1)
        back = state()
        report["toggle"] = {"before": before, "after": after, "reloaded": reloaded, "back": back}

        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": True})
        fresh("light")
        report["narrowScrollWidth"] = driver.execute_script("return document.documentElement.scrollWidth")
        driver.save_screenshot(shots + "/page-narrow.png")
        report["consoleErrors"] = [entry["message"] for entry in driver.get_log("browser")
                                   if entry.get("level") == "SEVERE"]
        driver.quit()
        print(json.dumps(report))
        """
}
