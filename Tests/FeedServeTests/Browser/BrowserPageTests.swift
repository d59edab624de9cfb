import Foundation
import TestSupport
import Testing

/// The HTML page in a real browser: `newsfeed serve` on a folder `newsfeed build` wrote, loaded in
/// headless Chromium (Debian's `chromium`, driven by `chromedriver` through Python's selenium) in
/// both color schemes (CDP `Emulation.setEmulatedMedia`).
///
/// Checks one row per item, every image loaded (the default image where a story's image is broken
/// or missing), different background and text colors per theme, the three-way theme choice
/// (system, light, dark) switching the theme, surviving a reload and returning to the system
/// setting, with its accessible name and value in Chromium's accessibility tree; at 360 × 800 px:
/// no sideways scrolling, the first story in the top 30 %, titles at least two thirds of the
/// width, descriptions at most six lines, tap targets at least 44 px tall. Right-to-left feeds
/// (Arabic, Hebrew) render their meta line in order. At 1280 and at 360 px nothing of the header is hidden: every
/// link and the theme choice inside the viewport and not cut off by a scrolling or clipping box, the title and the
/// subtitle whole (``HeadlessChromium/hiddenInHeader``), on a built feed page and on the demo's pages. Saves light, dark, narrow and right-to-left
/// screenshots to `.build/screenshots/`. Skipped where Chromium is missing unless
/// `NEWSFEED_REQUIRE_READERS=1` (set by `.ci/run`, which installs it): then it fails.
@Suite(.serialized) struct BrowserPageTests {
    static var chromium: URL? { ChildProcess.chromium }
    static var chromedriver: URL? { ChildProcess.chromedriver }

    /// `.build/screenshots/` of this package.
    static var screenshots: URL { RepositoryPaths.screenshots }

    /// Forty words and more: clamped to six lines on a narrow screen.
    static let longDescription = Array(
        repeating: "Officials said the new measures would take effect next week across every district of the city.",
        count: 6
    ).joined(separator: " ")

    @Test(
        "headless Chromium shows the feed page in both themes, with every image, a working theme choice and a reading layout at 360 px",
        .enabled("chromium, chromedriver or selenium is missing and NEWSFEED_REQUIRE_READERS is not 1") {
            await FeedReader.chromium.shouldRun
        },
        .timeLimit(.minutes(3)))
    func theFeedPageWorksInARealBrowser() async throws {
        try await PictureHost.with { pictures in
            let answer = NewsAPIStub.Answer.articles([
                .story("photo", image: pictures + "/photo.svg"),
                .story("broken", publishedAt: "2024-05-02T09:00:00Z", image: pictures + "/gone.png"),
                .story("not-an-image", publishedAt: "2024-05-02T08:00:00Z", image: pictures + "/not-an-image.jpg"),
                .story("no-image", publishedAt: "2024-05-02T07:00:00Z"),
                StubArticle(
                    title: "<script>alert(1)</script> Hostile & <b>bold</b>", url: "https://news.example.com/hostile",
                    description: "<img src=x onerror=alert(2)> text", publishedAt: "2024-05-02T06:00:00Z"),
                StubArticle(
                    title: "A long story whose title runs on for quite a few words so that it wraps on a phone",
                    url: "https://news.example.com/long", description: Self.longDescription,
                    publishedAt: "2024-05-02T05:00:00Z"),
            ])
            let feeds = [#"{"country": "us", "category": "health"}"#]
            try await Self.withServedBuild(feeds: feeds, answers: ["us/health": answer]) { site, folder in
                let report: Report = try await Self.runScript(
                    Self.script, [site.appending(path: "us/health.html").absoluteString], in: folder)
                Self.check(report)
            }
        }
    }

    /// The demo's pages (its index and each feed's page, whose subtitle starts with the long "SAMPLE DATA from
    /// newsfeed demo, not live news."), written by `demo --no-serve` for the port `serve` got.
    @Test(
        "headless Chromium shows the whole header of the demo's pages at 1280 and 360 px",
        .enabled("chromium, chromedriver or selenium is missing and NEWSFEED_REQUIRE_READERS is not 1") {
            await FeedReader.chromium.shouldRun
        },
        .timeLimit(.minutes(3)))
    func theDemoPagesHideNothingOfTheirHeader() async throws {
        let folder = TemporaryFolder("newsfeed-browser-demo")
        let output = folder.url.appending(path: "Feeds-demo")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let serve = RunningCommand(
            ["serve", "--dir", "Feeds-demo", "--port", "0", "--quiet"], workingDirectory: folder.url)
        do {
            let site = try await serve.servingURL()
            let port = try #require(site.port)
            let demo = await RunningCommand.run(
                ["demo", "--no-serve", "--port", String(port)], workingDirectory: folder.url)
            try #require(demo.status == 0, "demo: \(demo.errors)")
            let pages = ["index.html", "us/health.html", "search/climate-change.html", "ddg/apple.html"]
            let report: [String: [String: [String]]] = try await Self.runScript(
                Self.headerScript, pages.map { site.appending(path: $0).absoluteString }, in: folder.url)
            #expect(report.count == pages.count * 2, "\(report.keys.sorted())")
            for (page, hidden) in report.sorted(by: { $0.key < $1.key }) {
                #expect(hidden["problems"] == [], "\(page): the header hides \(hidden["problems"] ?? [])")
            }
            let subtitle = try #require(report["360 us/health.html"]?["subtitle"]?.first)
            #expect(subtitle.hasPrefix("SAMPLE DATA from newsfeed demo, not live news."))
        } catch {
            _ = await serve.stop()
            throw error
        }
        _ = await serve.stop()
    }

    @Test(
        "headless Chromium lays out Arabic and Hebrew feeds right to left, their meta line in order",
        .enabled("chromium, chromedriver or selenium is missing and NEWSFEED_REQUIRE_READERS is not 1") {
            await FeedReader.chromium.shouldRun
        },
        .timeLimit(.minutes(3)))
    func rightToLeftFeedsKeepTheirOrder() async throws {
        let arabic = NewsAPIStub.Answer.articles([
            StubArticle(
                title: "زيارة رسمية إلى دبي تبحث التعاون الاقتصادي", url: "https://www.aljazeera.net/news/1",
                sourceName: "الجزيرة", author: "مراسل الجزيرة 4",
                description: "قال مسؤولون إن الزيارة ستستمر ثلاثة أيام.", publishedAt: "2021-06-04T10:00:00Z"),
            StubArticle(
                title: "أسواق الخليج ترتفع في ختام الأسبوع", url: "https://www.aljazeera.net/news/2",
                sourceName: "Al Jazeera", author: "مراسل", description: "ارتفعت المؤشرات 2.5%.",
                publishedAt: "2021-06-04T09:00:00Z"),
        ])
        let hebrew = NewsAPIStub.Answer.articles([
            StubArticle(
                title: "ביקור רשמי בירושלים נפתח היום", url: "https://www.haaretz.co.il/news/1", sourceName: "Haaretz",
                author: "כתב הארץ", description: "הביקור יימשך שלושה ימים.", publishedAt: "2021-06-04T10:00:00Z")
        ])
        let feeds = [#"{"country": "ae"}"#, #"{"country": "il"}"#]
        try await Self.withServedBuild(feeds: feeds, answers: ["ae/": arabic, "il/": hebrew]) { site, folder in
            let report: RightToLeftReport = try await Self.runScript(
                Self.rightToLeftScript,
                [
                    site.appending(path: "ae/all.html").absoluteString,
                    site.appending(path: "il/all.html").absoluteString,
                ],
                in: folder)
            for (name, page) in [("Arabic", report.arabic), ("Hebrew", report.hebrew)] {
                #expect(page.direction == "rtl", "\(name): the page runs right to left")
                #expect(page.lang == (name == "Arabic" ? "ar" : "he"))
                for row in page.rows {
                    // Right to left: the source rightmost, then the author, then the date, each whole.
                    #expect(row.source.left >= row.author.right - 0.5, "\(name): \(row)")
                    #expect(row.author.left >= row.time.right - 0.5, "\(name): \(row)")
                    #expect(row.timeLines == 1, "\(name): the date is split: \(row)")
                    #expect(row.titleDirection == "rtl", "\(name): \(row)")
                    #expect(row.titleRight >= row.textRight - 1, "\(name): the title starts on the right: \(row)")
                }
            }
            #expect(report.arabic.rows.count == 2 && report.hebrew.rows.count == 1)
            #expect(report.consoleErrors.isEmpty, "\(report.consoleErrors)")
        }
    }

    /// Runs one of the Python scripts (after ``prelude``) with `pages`; decodes its report.
    static func runScript<R: Decodable>(_ script: String, _ pages: [String], in folder: URL) async throws -> R {
        let python = try #require(ChildProcess.findExecutable("python3"), "\(FeedReader.chromium.installHint)")
        let chromium = try #require(Self.chromium, "\(FeedReader.chromium.installHint)")
        let chromedriver = try #require(Self.chromedriver, "\(FeedReader.chromium.installHint)")
        try #require(await FeedReader.chromium.isInstalled, "\(FeedReader.chromium.installHint)")
        try FileManager.default.createDirectory(at: Self.screenshots, withIntermediateDirectories: true)
        let run = try await ChildProcess.run(
            python,
            ["-c", Self.prelude + script, Self.screenshots.path, chromium.path, chromedriver.path] + pages,
            environment: ChildProcess.loopbackEnvironment(
                base: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
                overrides: ["HOME": folder.path]),
            workingDirectory: folder, timeout: .seconds(150))
        try #require(run.status == 0 && !run.timedOut, "browser script: \(run.summary)")
        return try JSONDecoder().decode(R.self, from: run.standardOutput)
    }

    static func check(_ report: Report) {
        for (name, view) in [("light", report.light), ("dark", report.dark)] {
            #expect(view.rows == 6, "\(name): \(view.rows) rows")
            #expect(view.images.count == 6, "\(name): \(view.images.count) images")
            for image in view.images {
                #expect(image.complete && image.naturalWidth > 0, "\(name): \(image.src) did not load")
            }
            let fallbacks = view.images.filter { $0.src.hasSuffix("/assets/default-image.png") }.count
            #expect(fallbacks == 5, "\(name): the broken, non-image and missing images show the default image")
            #expect(view.images.first?.src.hasSuffix("/photo.svg") == true, "\(name): the real photo shows")
            #expect(view.scriptAlerts == 0, "\(name): a story's markup ran")
            #expect(view.choiceVisible, "\(name): the theme choice is hidden with JavaScript on")
            #expect(view.choice == Choice(role: "combobox", name: "Theme", value: "System"), "\(name)")
        }
        #expect(report.light.placeholderFilter == "none", "the placeholder keeps its colours in the light theme")
        #expect(report.dark.placeholderFilter.hasPrefix("invert"), "the placeholder is darkened in the dark theme")
        #expect(report.light.background != report.dark.background, "the backgrounds differ between themes")
        #expect(report.light.color != report.dark.color, "the text colors differ between themes")
        let toggle = report.toggle
        #expect(toggle.before.background == report.light.background)
        #expect(toggle.dark.background == report.dark.background && toggle.dark.theme == "dark", "dark is chosen")
        #expect(toggle.dark.choice == Choice(role: "combobox", name: "Theme", value: "Dark"))
        #expect(toggle.reloaded.background == report.dark.background, "the choice survives a reload")
        #expect(toggle.reloaded.choice.value == "Dark")
        #expect(toggle.light.background == report.light.background && toggle.light.choice.value == "Light")
        // Back to "System" with the system dark: the page follows it again, and forgets the choice.
        #expect(toggle.system.theme == nil && toggle.system.background == report.dark.background)
        #expect(toggle.system.choice == Choice(role: "combobox", name: "Theme", value: "System"))
        #expect(toggle.systemReloaded.theme == nil && toggle.systemReloaded.choice.value == "System")

        for (width, hidden) in report.header.sorted(by: { $0.key < $1.key }) {
            #expect(hidden == [], "at \(width) px the header hides: \(hidden)")
        }
        #expect(report.header.keys.sorted() == ["1280", "360"])
        let narrow = report.narrow
        #expect(narrow.scrollWidth <= 360, "a 360 px wide window scrolls sideways: \(narrow.scrollWidth)")
        #expect(narrow.firstStoryTop <= 0.3 * 800, "the first story starts at \(narrow.firstStoryTop) px")
        for title in narrow.titleWidths {
            #expect(title >= 360 * 2 / 3, "a title gets \(title) px of 360")
        }
        for description in narrow.descriptions {
            #expect(description.height <= 6 * description.lineHeight + 1, "\(description)")
        }
        #expect(narrow.descriptions.contains { $0.fullHeight > $0.height + 1 }, "the long description is clamped")
        let buttons = narrow.moreButtons
        #expect(buttons.count == narrow.descriptions.count { $0.fullHeight > $0.height + 1 }, "one per clamped text")
        #expect(buttons.allSatisfy { $0.name == "Show all" && $0.expanded == "false" && $0.controlsClamped })
        #expect(buttons.allSatisfy { $0.height >= 44 }, "\(buttons)")
        #expect(narrow.tabsToMore < 200, "Tab reaches the first Show all button")
        #expect(
            narrow.expandedHeight > narrow.descriptions.map(\.height).max() ?? 0,
            "Enter on it shows the rest and moves the focus to the text")
        for target in narrow.tapTargets {
            #expect(target.height >= 44, "\(target.label): \(target.height) px tall")
        }
        #expect(narrow.tapTargets.count >= 6 + 5 + 1, "titles, header links and the theme choice")
        #expect(
            report.consoleErrors.filter { $0.contains("Content Security Policy") }.isEmpty, "\(report.consoleErrors)")
    }

    /// Starts `serve` on an empty folder, builds `feeds` (config entries) into it with `site` = the
    /// server's address, and runs `body` with the site and the folder.
    static func withServedBuild(
        feeds: [String], answers: [String: NewsAPIStub.Answer], _ body: (URL, URL) async throws -> Void
    ) async throws {
        let folder = TemporaryFolder("newsfeed-browser")
        try FileManager.default.createDirectory(
            at: folder.url.appending(path: "Feeds"), withIntermediateDirectories: true)
        let stub = try NewsAPIStub(answers)
        let serve = RunningCommand(["serve", "--dir", "Feeds", "--port", "0", "--quiet"], workingDirectory: folder.url)
        do {
            let site = try await serve.servingURL()
            let entries = feeds.joined(separator: ", ")
            try folder.write(
                #"{"site": "\#(site.absoluteString)", "output": "Feeds", "feeds": [\#(entries)]}"#, to: "newsfeed.json")
            let build = await RunningCommand.run(
                ["build", "--quiet"],
                environment: ["NEWSAPI_KEY": "browser-test", "NEWSAPI_BASE_URL": stub.baseURLString],
                workingDirectory: folder.url)
            try #require(build.status == 0, "build: \(build.errors)")
            try await body(site, folder.url)
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

    /// The theme choice as Chromium's accessibility tree has it.
    struct Choice: Decodable, Equatable {
        var role: String
        var name: String
        var value: String
    }

    struct View: Decodable {
        var rows: Int
        var images: [Image]
        var background: String
        var color: String
        var theme: String?
        var choiceVisible: Bool
        var choice: Choice
        var placeholderFilter: String
        var scriptAlerts: Int
    }

    struct Toggle: Decodable {
        var before: View
        var dark: View
        var reloaded: View
        var light: View
        var system: View
        var systemReloaded: View
    }

    struct Description: Decodable {
        var height: Double
        var fullHeight: Double
        var lineHeight: Double
    }

    struct TapTarget: Decodable {
        var label: String
        var height: Double
    }

    struct MoreButton: Decodable {
        var name: String
        var controls: String?
        var expanded: String?
        var controlsClamped: Bool
        var height: Double
    }

    struct Narrow: Decodable {
        var scrollWidth: Int
        var firstStoryTop: Double
        var titleWidths: [Double]
        var descriptions: [Description]
        var expandedHeight: Double
        var moreButtons: [MoreButton]
        var tabsToMore: Int
        var tapTargets: [TapTarget]
    }

    struct Report: Decodable {
        var light: View
        var dark: View
        var toggle: Toggle
        var narrow: Narrow
        /// What ``HeadlessChromium/hiddenInHeader`` found, by window width.
        var header: [String: [String]]
        var consoleErrors: [String]
    }

    struct Box: Decodable, CustomStringConvertible {
        var left: Double
        var right: Double
        var description: String { "\(left)…\(right)" }
    }

    struct MetaRow: Decodable {
        var source: Box
        var author: Box
        var time: Box
        var timeLines: Int
        var titleDirection: String
        var titleRight: Double
        var textRight: Double
    }

    struct RightToLeftPage: Decodable {
        var lang: String
        var direction: String
        var rows: [MetaRow]
    }

    struct RightToLeftReport: Decodable {
        var arabic: RightToLeftPage
        var hebrew: RightToLeftPage
        var consoleErrors: [String]
    }

    /// argv: screenshot folder, chromium binary, chromedriver, then the pages. Starts the driver
    /// and defines the helpers both scripts use.
    static let prelude = """
        import base64, json, sys, time
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import Select
        from selenium.webdriver.common.keys import Keys

        shots, binary, driver_path = sys.argv[1:4]
        pages = sys.argv[4:]
        \(HeadlessChromium.startDriver())

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

        def fresh(url, scheme):
            emulate(scheme)
            driver.get(url)
            driver.execute_script("window.localStorage.clear()")
            driver.get(url)
            driver.execute_script("window.__alerts = 0; window.alert = function () { window.__alerts++; }")
            settle()

        def screenshot(name, width, height, scale):
            shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
                "format": "png", "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": scale}})
            with open(shots + "/" + name + ".png", "wb") as file:
                file.write(base64.b64decode(shot["data"]))

        def console_errors():
            return [entry["message"] for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]

        HIDDEN = '''
        \(HeadlessChromium.hiddenInHeader)
        '''

        def at_width(width, mobile):
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": mobile})


        """

    /// After ``prelude``: the feed page's checks. Prints the report as JSON.
    static let script = """
        url = pages[0]
        driver.execute_cdp_cmd("Accessibility.enable", {})

        def choice():
            # The theme choice as assistive technology sees it: role, accessible name and value.
            for node in driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]:
                if node.get("ignored"):
                    continue
                role = node.get("role", {}).get("value", "")
                if role in ("combobox", "ComboBoxSelect", "PopUpButton", "ComboBoxMenuButton"):
                    return {"role": "combobox", "name": node.get("name", {}).get("value", ""),
                            "value": str(node.get("value", {}).get("value", ""))}
            return {"role": "", "name": "", "value": ""}

        STATE = '''
          const body = getComputedStyle(document.body);
          const select = document.getElementById("theme-choice");
          const placeholder = document.querySelector("img.is-placeholder, img.is-fallback");
          return {
            rows: document.querySelectorAll("ol.stories > li.story").length,
            images: Array.from(document.images).map(i => ({src: i.currentSrc || i.src, complete: i.complete,
                                                            naturalWidth: i.naturalWidth})),
            background: body.backgroundColor, color: body.color,
            theme: document.documentElement.getAttribute("data-theme"),
            choiceVisible: !!select && select.offsetWidth > 0,
            placeholderFilter: placeholder ? getComputedStyle(placeholder).filter : "",
            scriptAlerts: window.__alerts || 0,
          };
        '''

        def state():
            view = driver.execute_script(STATE)
            view["choice"] = choice()
            return view

        def choose(value):
            Select(driver.find_element(By.ID, "theme-choice")).select_by_value(value)
            time.sleep(0.1)

        report = {}
        for scheme in ["light", "dark"]:
            fresh(url, scheme)
            report[scheme] = state()
            screenshot("page-" + scheme, 900, 1000, 0.6)

        fresh(url, "light")
        toggle = {"before": state()}
        choose("dark")
        toggle["dark"] = state()
        driver.refresh()
        settle()
        toggle["reloaded"] = state()
        choose("light")
        toggle["light"] = state()
        emulate("dark")
        choose("system")
        toggle["system"] = state()
        driver.refresh()
        settle()
        toggle["systemReloaded"] = state()
        report["toggle"] = toggle

        report["header"] = {}
        at_width(1280, False)
        fresh(url, "light")
        report["header"]["1280"] = driver.execute_script(HIDDEN)
        at_width(360, True)
        fresh(url, "light")
        report["header"]["360"] = driver.execute_script(HIDDEN)
        report["narrow"] = driver.execute_script('''
          const stories = Array.from(document.querySelectorAll("ol.stories > li.story"));
          const targets = Array.from(document.querySelectorAll(".subscribe a, .story h2 a, #theme-choice"));
          return {
            scrollWidth: document.documentElement.scrollWidth,
            firstStoryTop: stories[0].getBoundingClientRect().top + window.scrollY,
            titleWidths: stories.map(s => s.querySelector("h2").getBoundingClientRect().width),
            descriptions: Array.from(document.querySelectorAll(".description")).map(d => ({
              height: d.getBoundingClientRect().height, fullHeight: d.scrollHeight,
              lineHeight: parseFloat(getComputedStyle(d).lineHeight)})),
            expandedHeight: 0,
            tapTargets: targets.map(t => ({label: t.textContent.trim().slice(0, 40),
                                           height: t.getBoundingClientRect().height})),
          };
        ''')
        screenshot("page-narrow", 360, 800, 1)
        # The rest of a clamped description is reached from the keyboard alone: Tab until its button has the
        # focus, then Enter.
        report["narrow"]["moreButtons"] = driver.execute_script('''
          return Array.from(document.querySelectorAll(".description + button.more")).map(b => ({
            name: b.textContent, controls: b.getAttribute("aria-controls"), expanded: b.getAttribute("aria-expanded"),
            controlsClamped: (() => { const d = document.getElementById(b.getAttribute("aria-controls"));
                                      return !!d && d.scrollHeight > d.clientHeight + 1; })(),
            height: b.getBoundingClientRect().height}));
        ''')
        tabs = 0
        while tabs < 200 and not driver.execute_script(
                'return !!document.activeElement && document.activeElement.classList.contains("more")'):
            driver.switch_to.active_element.send_keys(Keys.TAB)
            tabs += 1
        report["narrow"]["tabsToMore"] = tabs
        driver.switch_to.active_element.send_keys(Keys.ENTER)
        report["narrow"]["expandedHeight"] = driver.execute_script('''
          const focused = document.activeElement;
          if (!focused || !focused.classList.contains("description")) { return 0; }
          return focused.classList.contains("is-expanded") ? focused.getBoundingClientRect().height : 0;
        ''')
        report["consoleErrors"] = console_errors()
        driver.quit()
        print(json.dumps(report))
        """

    /// After ``prelude``: each page at 1280 and at 360 px, keyed `"<width> <path>"`: what its header hides
    /// (`problems`) and its subtitle's text. Prints the report as JSON.
    static let headerScript = """
        from urllib.parse import urlparse
        report = {}
        for width, mobile in [(1280, False), (360, True)]:
            at_width(width, mobile)
            for url in pages:
                fresh(url, "light")
                key = str(width) + " " + urlparse(url).path.lstrip("/")
                subtitle = driver.execute_script(
                    'const s = document.querySelector(".subtitle"); return s ? [s.textContent] : [];')
                report[key] = {"problems": driver.execute_script(HIDDEN), "subtitle": subtitle}
                if key == "360 us/health.html":
                    screenshot("demo-narrow", 360, 800, 1)
        driver.quit()
        print(json.dumps(report))
        """

    /// After ``prelude``: the Arabic page, then the Hebrew one. Prints the report as JSON.
    static let rightToLeftScript = """
        ROWS = '''
          const box = e => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right}; };
          return {
            lang: document.documentElement.lang, direction: getComputedStyle(document.body).direction,
            rows: Array.from(document.querySelectorAll("ol.stories > li.story")).map(row => {
              const title = row.querySelector("h2");
              const text = document.createRange();
              text.selectNodeContents(title.querySelector("a"));
              const rects = text.getClientRects();
              const time = row.querySelector(".meta time");
              return {
                source: box(row.querySelector(".meta .source")), author: box(row.querySelector(".meta .author")),
                time: box(time), timeLines: time.getClientRects().length,
                titleDirection: getComputedStyle(title).direction,
                titleRight: rects.length ? rects[0].right : 0, textRight: title.getBoundingClientRect().right,
              };
            }),
          };
        '''
        report = {}
        for name, url in [("arabic", pages[0]), ("hebrew", pages[1])]:
            fresh(url, "light")
            report[name] = driver.execute_script(ROWS)
            if name == "arabic":
                screenshot("page-rtl", 900, 700, 0.6)
        report["consoleErrors"] = console_errors()
        driver.quit()
        print(json.dumps(report))
        """
}
