/// The Python that every browser test starts headless Chromium with: Debian's `chromium` driven through selenium
/// by Debian's `chromedriver` (never a downloaded one), no proxy (the pages are on loopback), the console kept for
/// the tests that require it to stay free of errors.
package enum HeadlessChromium {
    /// Imports selenium and starts `driver`; the script must have set `binary` (Chromium) and `driver_path`
    /// (chromedriver) before it. `window` is the window size in CSS pixels, `"width,height"`.
    package static func startDriver(window: String = "900,1100") -> String {
        """
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service

        options = Options()
        options.binary_location = binary
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--hide-scrollbars", "--window-size=\(window)", "--no-first-run", "--no-proxy-server"]:
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
        driver.set_page_load_timeout(30)
        """
    }

    /// JavaScript for `execute_script`: what of the page's header a reader cannot see, one line each (none when
    /// everything shows). Every link and control of the header must have a size, lie inside the viewport (the page
    /// scrolled to the top) and not be cut off by an ancestor that clips or scrolls its overflow; the title and the
    /// subtitle must also show their whole text (no ellipsis, nothing scrolled away).
    package static let hiddenInHeader = """
        window.scrollTo(0, 0);
        const problems = [];
        const viewport = {left: 0, top: 0, right: document.documentElement.clientWidth, bottom: window.innerHeight};
        const label = e => e.tagName.toLowerCase() + (e.className ? "." + e.className : "") + " "
          + JSON.stringify((e.textContent || "").trim().slice(0, 40));
        const outside = (r, b) => r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.top < b.top - 0.5
          || r.bottom > b.bottom + 0.5;
        function check(element, wholeText) {
          const r = element.getBoundingClientRect();
          if (r.width < 1 || r.height < 1 || getComputedStyle(element).visibility !== "visible") {
            problems.push(label(element) + ": not shown"); return;
          }
          if (outside(r, viewport)) { problems.push(label(element) + ": outside the viewport"); return; }
          for (let a = element.parentElement; a && a !== document.body; a = a.parentElement) {
            const style = getComputedStyle(a);
            if ((style.overflowX !== "visible" || style.overflowY !== "visible") && outside(r, a.getBoundingClientRect())) {
              problems.push(label(element) + ": cut off by " + label(a)); return;
            }
          }
          if (wholeText && (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1)) {
            problems.push(label(element) + ": its text is cut off");
          }
        }
        const header = document.querySelector("header.page-header");
        if (!header) { return ["no header"]; }
        for (const element of header.querySelectorAll("a, select")) { check(element, false); }
        for (const element of header.querySelectorAll("h1, .subtitle")) { check(element, true); }
        return problems;
        """
}
