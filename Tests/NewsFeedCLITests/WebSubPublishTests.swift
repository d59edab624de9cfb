import Foundation
import HTTPServing
import Synchronization
import TestSupport
import Testing

/// Outside hubs (`"websub": {"hubs": [...]}`, issue 29 point 1 and 7): after `build` changes a feed, each hub gets
/// `hub.mode=publish&hub.url=<topic>` per feed file; an unchanged build tells nothing; a hub that fails is one
/// warning line and the build still succeeds.
@Suite struct WebSubPublishTests {
    final class HubStub: HTTPHandler {
        let posts = Mutex<[String]>([])
        let status = Mutex(204)

        func handle(_ request: HTTPRequest) async -> HTTPAction {
            posts.withLock { $0.append(String(decoding: request.body, as: UTF8.self)) }
            return .respond(HTTPResponse(status: status.withLock { $0 }))
        }
    }

    static func with(_ body: (HubStub, String) async throws -> Void) async throws {
        let stub = HubStub()
        var configuration = quickStubConfiguration()
        configuration.requestLimits.maxBodyBytes = 64 << 10
        let server = HTTPServer(configuration: configuration, handler: stub)
        let port = try server.start()
        do {
            try await body(stub, "http://127.0.0.1:\(port)/hub")
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
    }

    static func config(hub: String) -> String {
        """
        {"site": "\(BuildWorkspace.site)", "output": "Feeds", "allowPrivate": true, "formats": ["rss", "atom", "html"],
         "feeds": [{"country": "us", "category": "health"}], "websub": {"hubs": ["\(hub)"]}}
        """
    }

    @Test func aChangedFeedIsPublishedToTheOutsideHubAndAnUnchangedOneIsNot() async throws {
        try await Self.with { stub, hub in
            try await BuildWorkspace.with(
                config: Self.config(hub: hub), answers: ["us/health": .articles([.story("a")])]
            ) { workspace in
                let first = await workspace.build()
                #expect(first.status == 0, "\(first.standardError)")
                let expected = ["rss", "atom"].map {
                    "hub.mode=publish&hub.url="
                        + "https://feeds.example.com/us/health.\($0)".addingPercentEncoding(
                            withAllowedCharacters: CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
                        )!
                }
                #expect(stub.posts.withLock { $0 } == expected)
                workspace.clock.advance(by: 3600)
                #expect(await workspace.build(["--force"]).status == 0)
                #expect(stub.posts.withLock { $0.count } == 2)
            }
        }
    }

    @Test func aHubThatFailsIsOneWarningAndTheBuildSucceeds() async throws {
        try await Self.with { stub, hub in
            stub.status.withLock { $0 = 500 }
            try await BuildWorkspace.with(
                config: Self.config(hub: hub), answers: ["us/health": .articles([.story("a")])]
            ) { workspace in
                let run = await workspace.build()
                #expect(run.status == 0)
                #expect(
                    run.errorLines.filter { $0.contains("websub: hub \(hub) answered 500 to the publish of") }.count
                        == 2)
            }
        }
    }
}
