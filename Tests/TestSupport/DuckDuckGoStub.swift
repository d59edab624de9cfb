import Foundation
import HTTPServing
import Synchronization

/// A DuckDuckGo Instant Answer stand-in on 127.0.0.1: each query (`q`) gets a scripted answer
/// that tests may change between builds; every request's target, headers and arrival time are
/// recorded, so a test can prove the parameters, the User-Agent and the pacing.
package final class DuckDuckGoStub: Sendable {
    /// One request as the stub saw it.
    package struct Request: Sendable {
        package var target: String
        package var headers: HTTPHeaders
        package var query: String
        package var arrival: ContinuousClock.Instant

        /// The value of query parameter `name`, decoded.
        package func parameter(_ name: String) -> String? {
            URLComponents(string: target)?.queryItems?.first { $0.name == name }?.value
        }
    }

    private final class Ledger: Sendable {
        struct Contents {
            var answers: [String: NewsAPIStub.Answer]
            var requests: [Request] = []
        }

        let contents: Mutex<Contents>

        init(answers: [String: NewsAPIStub.Answer]) { contents = Mutex(Contents(answers: answers)) }
    }

    private let ledger: Ledger
    private let server: HTTPServer
    package let port: Int

    /// Starts a stub answering `answers` (keyed by query); unscripted queries get an HTTP 404 page.
    package init(_ answers: [String: NewsAPIStub.Answer] = [:]) throws {
        let ledger = Ledger(answers: answers)
        let configuration = HTTPServer.Configuration(
            host: "127.0.0.1", port: 0, idleTimeout: .seconds(10), shutdownGracePeriod: .milliseconds(50),
            eventLoopCount: 1, handlerExecutor: StubExecutor.shared)
        server = HTTPServer(configuration: configuration, handler: Handler(ledger: ledger))
        self.ledger = ledger
        port = try server.start()
    }

    /// Runs `body` with a fresh stub and always stops it afterwards.
    package static func with(
        _ answers: [String: NewsAPIStub.Answer], _ body: (DuckDuckGoStub) async throws -> Void
    ) async throws {
        let stub = try DuckDuckGoStub(answers)
        do {
            try await body(stub)
        } catch {
            await stub.stop()
            throw error
        }
        await stub.stop()
    }

    /// `http://127.0.0.1:<port>`, the value for `DDG_BASE_URL`.
    package var baseURLString: String { "http://127.0.0.1:\(port)" }

    package func answer(_ query: String, with answer: NewsAPIStub.Answer) {
        ledger.contents.withLock { $0.answers[query] = answer }
    }

    package var requests: [Request] { ledger.contents.withLock { $0.requests } }

    package func stop() async { await server.shutdown() }

    /// An answer as DuckDuckGo sends it: `application/x-javascript`.
    package static func json(_ body: Data, status: Int = 200) -> NewsAPIStub.Answer {
        .respond(status: status, headers: ["Content-Type": "application/x-javascript"], body: body)
    }

    /// An answer object built in the test, with every field DuckDuckGo always sends.
    package static func answer(_ fields: [String: Any]) -> NewsAPIStub.Answer {
        var object: [String: Any] = [
            "Abstract": "", "AbstractSource": "", "AbstractText": "", "AbstractURL": "", "Answer": "",
            "AnswerType": "", "Definition": "", "DefinitionSource": "", "DefinitionURL": "", "Entity": "",
            "Heading": "", "Image": "", "ImageHeight": "", "ImageIsLogo": "", "ImageWidth": "", "Infobox": "",
            "Redirect": "", "RelatedTopics": [Any](), "Results": [Any](), "Type": "",
        ]
        for (key, value) in fields { object[key] = value }
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return json(body)
    }

    private struct Handler: HTTPHandler {
        let ledger: Ledger

        func respondImmediately(to request: HTTPRequest) -> HTTPAction? {
            let query = URLComponents(string: request.target)?.queryItems?.first { $0.name == "q" }?.value ?? ""
            let answer = ledger.contents.withLock { contents -> NewsAPIStub.Answer? in
                contents.requests.append(
                    Request(
                        target: request.target, headers: request.headers, query: query,
                        arrival: ContinuousClock.now))
                return contents.answers[query]
            }
            switch answer {
            case nil:
                return .respond(.text(404, "no answer scripted for \(query)"))
            case .hang?: return .hang
            case .reset?: return .reset
            case .respond(let status, let headers, let body)?:
                var fields = HTTPHeaders()
                for (name, value) in headers.sorted(by: { $0.key < $1.key }) { fields.set(name, value) }
                return .respond(HTTPResponse(status: status, headers: fields, body: .data(body), closeConnection: true))
            }
        }

        func handle(_ request: HTTPRequest) async -> HTTPAction {
            respondImmediately(to: request) ?? .reset
        }
    }
}
