import Foundation
import TestSupport
import Testing

/// The `NuChecker` helper itself: it reads the checker's JSON, and a broken page draws errors and
/// warnings from the real checker, so the page tests that expect none can fail.
@Suite struct NuCheckerTests {
    static let output = Data(
        #"""
        {"messages":[{"type":"error","url":"file:/tmp/x/bad.html","lastLine":3,"lastColumn":9,
        "message":"Stray end tag “div”.","extract":"x</div>"},
        {"type":"info","subType":"warning","url":"file:/tmp/x/bad.html","lastLine":1,
        "message":"Consider adding a “lang” attribute."},
        {"type":"non-document-error","subType":"io","url":"file:/tmp/x/gone.html","message":"File not found."}]}
        """#.utf8)

    @Test func parsesErrorsWarningsAndUnreadableFiles() throws {
        let messages = try NuChecker.parse(Self.output)
        #expect(messages.map(\.file) == ["bad.html", "bad.html", "gone.html"])
        #expect(messages.map(\.isError) == [true, false, true])
        #expect(messages.map(\.isWarning) == [false, true, false])
        #expect(messages[0].description == "/tmp/x/bad.html:3: error: Stray end tag “div”. [x</div>]")
        #expect(messages[1].description == "/tmp/x/bad.html:1: warning: Consider adding a “lang” attribute.")
    }

    @Test func outputThatIsNoMessageListIsAFailureNotAPass() {
        #expect(throws: NuChecker.Failure.self) { try NuChecker.parse(Data("Error: Unable to access jarfile".utf8)) }
        #expect(throws: NuChecker.Failure.self) { try NuChecker.parse(Data(#"{"other": []}"#.utf8)) }
    }

    /// An invalid page of every kind the page tests guard against: errors and warnings both come back.
    @Test(
        .enabled("java or vnu.jar is missing and NEWSFEED_REQUIRE_READERS is not 1") {
            await FeedReader.nuChecker.shouldRun
        })
    func theRealCheckerReportsABrokenPage() async throws {
        let checker = try #require(await NuChecker.find(), "\(FeedReader.nuChecker.installHint)")
        let broken = """
            <!DOCTYPE html>
            <html>
            <head><title>Broken</title></head>
            <body><img src="a.png"><p>text</div><section><p>no heading</p></section></body>
            </html>
            """
        let good = """
            <!DOCTYPE html>
            <html lang="en">
            <head><meta charset="utf-8"><title>Good</title></head>
            <body><p>Fine &amp; valid.</p></body>
            </html>
            """
        let messages = try await checker.messages(checkingPages: [("broken.html", broken), ("good.html", good)])
        #expect(messages.allSatisfy { $0.file == "broken.html" }, "\(messages)")
        let errors = messages.filter(\.isError).map(\.text)
        let warnings = messages.filter(\.isWarning).map(\.text)
        #expect(errors.contains { $0.contains("“img” element must have an “alt” attribute") }, "\(errors)")
        #expect(errors.contains { $0.contains("Stray end tag “div”") }, "\(errors)")
        #expect(warnings.contains { $0.contains("“lang” attribute") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("Section lacks heading") }, "\(warnings)")
    }

    @Test(
        .enabled("java or vnu.jar is missing and NEWSFEED_REQUIRE_READERS is not 1") {
            await FeedReader.nuChecker.shouldRun
        })
    func aFileTheCheckerCannotReadIsAnError() async throws {
        let checker = try #require(await NuChecker.find(), "\(FeedReader.nuChecker.installHint)")
        let folder = TemporaryFolder()
        let messages = try await checker.messages(checking: [folder.url.appending(path: "missing.html")])
        #expect(messages.contains { $0.isError && $0.file == "missing.html" }, "\(messages)")
    }

    /// The version docs/formats.md names is the one CI runs.
    @Test(
        .enabled("java or vnu.jar is missing and NEWSFEED_REQUIRE_READERS is not 1") {
            await FeedReader.nuChecker.shouldRun
        })
    func theReadmeNamesTheCheckersVersion() async throws {
        let checker = try #require(await NuChecker.find(), "\(FeedReader.nuChecker.installHint)")
        let version = try await checker.version()
        #expect(!version.isEmpty)
        let doc = try String(contentsOf: RepositoryPaths.doc("formats.md"), encoding: .utf8)
        #expect(doc.contains("Nu HTML checker \(version)") || doc.contains("Nu checker \(version)"), "\(version)")
    }
}
