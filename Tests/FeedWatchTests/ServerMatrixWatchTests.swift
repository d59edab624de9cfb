import FeedOutput
import FeedWatch
import Foundation
import HTTPFetching
import NewsModel
import TestSupport
import Testing

/// The server matrix (issue 31) for `watch`'s image checks, which read response heads only (HEAD, or a GET of one
/// byte): a server that misbehaves before or inside its head gives a failure whose cause names it, and one that misbehaves
/// only in its body still has an image to report (the check never reads the body); none crashes or outlasts the
/// check's deadline.
@Suite(.timeLimit(.minutes(3))) struct ServerMatrixWatchTests {
    static let deadline = WatchDuration.seconds(2)

    /// Misbehaviours that stop the whole test process. None since the checks run on libcurl: on URLSession
    /// (FoundationNetworking 6.3.1) a close right after the status line, a close inside the head and a head that
    /// never ends did. `MATRIX_ONLY=<case>` runs only that case (a probe in a process of its own).
    static let crashes: Set<Misbehaviour> = []

    static func runnable(_ cases: [Misbehaviour]) -> [Misbehaviour] {
        let only = ProcessInfo.processInfo.environment["MATRIX_ONLY"]
        return cases.filter { !crashes.contains($0) && (only == nil || only == $0.rawValue) }
    }

    /// What goes wrong before the head is complete: no image can be reported.
    static let headMisbehaviours: [Misbehaviour] = [
        .closeBeforeAnything, .closeInsideStatusLine, .closeAfterStatusLine, .closeInsideHead, .endlessHead,
        .garbageStatusLine, .http09Body, .resetBeforeHead, .resetInsideHead, .informationalForever,
        .plainServerAskedOverTLS, .tlsServerAskedOverPlainHTTP, .hang,
    ]

    /// What goes wrong after a complete head: the check has its answer before the body matters.
    static let bodyMisbehaviours = Misbehaviour.allCases.filter { !headMisbehaviours.contains($0) }

    /// 2 s for a server whose head outlasts any deadline; a minute for one that ends the check by itself, so that a
    /// whole-suite run on two busy cores still sees the check's own outcome, not the deadline.
    static func deadline(for misbehaviour: Misbehaviour) -> WatchDuration {
        // A check reads heads only: what goes wrong in a body never reaches it, however long it lasts.
        headMisbehaviours.contains(misbehaviour) && misbehaviour.outlastsTheDeadline ? deadline : .seconds(60)
    }

    private func check(_ server: MisbehavingServer) async throws -> (ImageCheckResult, Duration) {
        let checker = ImageChecker(
            settings: WatchSettings(timeout: Self.deadline(for: server.misbehaviour)), policy: AllowAllAddressPolicy())
        let url = try #require(server.url("/photo.png"))
        let start = ContinuousClock.now
        let result = await checker.check(url, previous: nil)
        return (result, ContinuousClock.now - start)
    }

    @Test(arguments: runnable(headMisbehaviours))
    func aCheckOfAServerThatFailsBeforeItsHeadEndsIsAFailureWithACause(_ misbehaviour: Misbehaviour) async throws {
        try await withMisbehavingServer(misbehaviour, contentType: "image/png") { server in
            let (result, elapsed) = try await check(server)
            guard case .failed(let cause, let permanent, _) = result else {
                Issue.record("\(misbehaviour): \(result)")
                return
            }
            #expect(!cause.isEmpty && !cause.contains("\n"), "\(cause)")
            #expect(!permanent, "\(cause)")
            // A deadline names its limit (the record keeps the URL beside it); every other cause names the server.
            let namesItsLimit = misbehaviour.outlastsTheDeadline && cause.hasPrefix("timed out")
            #expect(namesItsLimit || cause.contains(server.hostAndPort), "\(cause)")
            // The server would go on for ever: ending at all proves the deadline; 25 s of slack for a busy machine.
            #expect(elapsed < Self.deadline(for: misbehaviour).duration + busyMachineSlack, "took \(elapsed)")
        }
    }

    @Test(arguments: runnable(bodyMisbehaviours))
    func aCheckOfAServerThatFailsOnlyInItsBodyReportsTheImageFromTheHead(_ misbehaviour: Misbehaviour) async throws {
        try await withMisbehavingServer(misbehaviour, contentType: "image/png") { server in
            let (result, elapsed) = try await check(server)
            guard case .alive(_, let mimeType, _, _) = result else {
                Issue.record("\(misbehaviour): \(result)")
                return
            }
            #expect(mimeType == "image/png")
            // The server would go on for ever: ending at all proves the deadline; 25 s of slack for a busy machine.
            #expect(elapsed < Self.deadline(for: misbehaviour).duration + busyMachineSlack, "took \(elapsed)")
        }
    }
}
