import Foundation
import TestSupport
import Testing

/// `convert --format html` opened from a file in headless Chromium: the page stands on its own. Its inline
/// stylesheet and script run under its own Content-Security-Policy (no violation in the console), both themes
/// apply, the theme choice appears (the script ran), every image shows (the default image as a data URL) and
/// nothing is requested but the file itself and data URLs.
@Suite(.serialized) struct BrowserStandalonePageTests {
    /// Three stories without pictures (so nothing would be fetched from the internet), one of them Arabic.
    static let answer = """
        {"status": "ok", "totalResults": 3, "articles": [
          {"source": {"id": null, "name": "Example News"}, "author": "A. Writer", "title": "First story",
           "description": "What happened first.", "url": "https://news.example.com/1", "urlToImage": null,
           "publishedAt": "2024-05-02T10:00:00Z", "content": null},
          {"source": {"id": null, "name": "Al Jazeera"}, "author": "مراسل", "title": "الزيارة ستستمر ثلاثة أيام",
           "description": "قال مسؤولون إن الزيارة ستستمر.", "url": "https://news.example.com/2", "urlToImage": null,
           "publishedAt": "2024-05-02T11:00:00Z", "content": null},
          {"source": {"id": null, "name": "Example News"}, "author": null, "title": "Third story",
           "description": "What happened last.", "url": "https://news.example.com/3",
           "publishedAt": "2024-05-02T09:00:00Z", "content": null}
        ]}
        """

    @Test(
        "a page from convert --format html works from file:// in Chromium: styled in both themes, script run, no CSP error",
        .enabled("chromium, chromedriver or selenium is missing and NEWSFEED_REQUIRE_READERS is not 1") {
            await FeedReader.chromium.shouldRun
        },
        .timeLimit(.minutes(3)))
    func aConvertedPageStandsOnItsOwnInABrowser() async throws {
        let folder = TemporaryFolder()
        let run = await CommandRun.run(
            ["convert", "-", "--country", "us", "--category", "general", "--format", "html"],
            workingDirectory: folder.url, standardInput: Data(Self.answer.utf8))
        #expect(run.status == 0, "\(run.standardError)")
        let page = folder.url.appending(path: "standalone.html")
        try Data(run.standardOutput.utf8).write(to: page)

        let report: Report = try await BrowserPageTests.runScript(Self.script, [page.absoluteString], in: folder.url)
        #expect(report.light.background == "rgb(255, 255, 255)", "the inline stylesheet applies: \(report.light)")
        #expect(report.dark.background != report.light.background && report.dark.color != report.light.color)
        #expect(report.light.rows == 3 && report.dark.rows == 3)
        #expect(report.light.themeChoiceShown, "the inline script ran and showed the theme choice")
        #expect(report.light.images > 0 && report.light.brokenImages == 0, "\(report.light)")
        #expect(report.light.requests.allSatisfy { $0.hasPrefix("data:") }, "\(report.light.requests)")
        #expect(report.fallbackShown, "a failing image with a srcset shows the default image")
        #expect(report.consoleErrors.isEmpty, "\(report.consoleErrors)")
    }

    struct View: Decodable {
        var background: String
        var color: String
        var rows: Int
        var themeChoiceShown: Bool
        var images: Int
        var brokenImages: Int
        var requests: [String]
    }

    struct Report: Decodable {
        var light: View
        var dark: View
        var fallbackShown: Bool
        var consoleErrors: [String]
    }

    /// After ``BrowserPageTests/prelude``: the page in both schemes. Prints the report as JSON.
    static let script = """
        url = pages[0]
        VIEW = '''
          return {
            background: getComputedStyle(document.body).backgroundColor,
            color: getComputedStyle(document.body).color,
            rows: document.querySelectorAll("ol.stories > li.story").length,
            themeChoiceShown: !document.getElementById("theme-choice").parentNode.hidden,
            images: document.images.length,
            brokenImages: Array.from(document.images).filter(i => !(i.complete && i.naturalWidth > 0)).length,
            requests: performance.getEntriesByType("resource").map(r => r.name),
          };
        '''
        report = {}
        for scheme in ["light", "dark"]:
            emulate(scheme)
            driver.get(url)
            settle()
            report[scheme] = driver.execute_script(VIEW)
        # A cached copy that fails in the browser (its srcset wins over src) still falls back to the default image.
        driver.execute_script('''
          const img = document.createElement("img");
          img.id = "broken-copy";
          img.src = "missing-copy-640.jpg";
          img.setAttribute("srcset", "missing-copy-320.jpg 320w, missing-copy-640.jpg 640w");
          img.setAttribute("data-fallback", document.images[0].getAttribute("data-fallback") || document.images[0].src);
          document.body.appendChild(img);
        ''')
        for _ in range(100):
            if driver.execute_script('const i = document.getElementById("broken-copy"); return i.complete && i.naturalWidth > 0;'):
                break
            time.sleep(0.05)
        report["fallbackShown"] = driver.execute_script(
            'const i = document.getElementById("broken-copy"); return i.complete && i.naturalWidth > 0 && !i.hasAttribute("srcset");')
        report["consoleErrors"] = [e for e in console_errors() if "missing-copy" not in e]
        driver.quit()
        print(json.dumps(report))
        """
}
