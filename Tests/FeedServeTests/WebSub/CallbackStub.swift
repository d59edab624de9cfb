import Foundation
import HTTPServing
import Synchronization
import TestSupport

/// A WebSub subscriber on loopback for the hub's tests: answers verifications as told (echo, a wrong echo, a
/// status, 5 GB, never) and records them and the deliveries it receives.
final class CallbackStub: HTTPHandler {
    enum Verification: Sendable {
        case echo
        case wrongEcho
        case status(Int)
        case endless
        case hang
    }

    let verification = Mutex(Verification.echo)
    let deliveryStatus = Mutex(200)
    let verifications = Mutex<[[String: String]]>([])
    let deliveries = Mutex<[HTTPRequest]>([])

    func handle(_ request: HTTPRequest) async -> HTTPAction {
        if request.method == "POST" {
            deliveries.withLock { $0.append(request) }
            return .respond(.text(deliveryStatus.withLock { $0 }, "ok"))
        }
        let query = Self.fields(request.query ?? "")
        verifications.withLock { $0.append(query) }
        if query["hub.mode"] == "denied" { return .respond(.text(200, "")) }
        let challenge = query["hub.challenge"] ?? ""
        switch verification.withLock({ $0 }) {
        case .echo: return .respond(.text(200, challenge))
        case .wrongEcho: return .respond(.text(200, challenge + "x"))
        case .status(let status): return .respond(.text(status, challenge))
        case .endless:
            return .respond(
                HTTPResponse(status: 200, body: .repeating(chunk: Data(challenge.utf8), length: 5_000_000_000)))
        case .hang: return .hang
        }
    }

    static func fields(_ query: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            let value = parts.count > 1 ? parts[1].removingPercentEncoding ?? "" : ""
            fields[parts[0]] = value
        }
        return fields
    }

    /// Runs `body` with the stub served on 127.0.0.1 (bodies up to 8 MB read), then shuts it down.
    static func with(_ body: (CallbackStub, String) async throws -> Void) async throws {
        let stub = CallbackStub()
        var configuration = quickStubConfiguration()
        configuration.requestLimits.maxBodyBytes = 8 << 20
        let server = HTTPServer(configuration: configuration, handler: stub)
        let port = try server.start()
        do {
            try await body(stub, "http://127.0.0.1:\(port)")
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
    }
}
