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
}
