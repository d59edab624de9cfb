import Foundation

extension ChildProcess {
    /// Debian's Chromium, if installed.
    package static var chromium: URL? {
        findExecutable("chromium") ?? findExecutable("chromium-browser")
    }

    /// Debian's driver; selenium is pointed at it, so it never tries to download one.
    package static var chromedriver: URL? {
        findExecutable("chromedriver")
            ?? (FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")
                ? URL(fileURLWithPath: "/usr/bin/chromedriver") : nil)
    }

    /// The `newsfeed` executable built next to the test bundles (the test targets that run it
    /// depend on it).
    package static var newsfeed: URL? {
        var candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL,
        ]
        var folder = RepositoryPaths.fixtureBundle.bundleURL.deletingLastPathComponent()
        for _ in 0..<3 {
            candidates.append(folder)
            folder.deleteLastPathComponent()
        }
        for folder in candidates {
            let url = folder.appending(path: "newsfeed")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }
}
