#if ImageCache
    import FeedBuild
    import Foundation
    import HTTPFetching
    import HTTPServing
    import NewsModel
    import TestSupport
    import Testing
    import Upstreams

    /// A build workspace whose stories' pictures come from a ``ScriptedImageHost`` on 127.0.0.1 (and the same
    /// host on 127.0.0.2, which ``LoopbackTwoIsPrivatePolicy`` treats as private), with the image cache on.
    struct ImageCacheFixture {
        let workspace: BuildWorkspace
        let images: ScriptedImageHost
        /// `http://127.0.0.1:<port>`.
        let base: String
        /// The same host at `http://127.0.0.2:<port>`.
        let privateBase: String

        static let feedID = "us/health"

        /// A real 400 × 300 JPEG (Tests/ImagesTests/Fixtures).
        static var photo: Data {
            get throws {
                try Data(
                    contentsOf: RepositoryPaths.root.appending(path: "Tests/ImagesTests/Fixtures/photo-400x300.jpg"))
            }
        }

        /// A small real JPEG, 120 × 90: one copy at its own width.
        static var small: Data {
            get throws {
                try Data(
                    contentsOf: RepositoryPaths.root.appending(path: "Tests/ImagesTests/Fixtures/small-120x90.jpg"))
            }
        }

        static func config(
            images: String = #""cache": true, "widths": [100, 200, 320]"#, allowPrivate: Bool = true,
            maxItems: Int = 100
        ) -> String {
            """
            {"site": "\(BuildWorkspace.site)", "output": "Feeds", "allowPrivate": \(allowPrivate), "maxItems": \(maxItems),
             "formats": ["rss", "atom", "json", "html"], "images": {\(images)},
             "feeds": [{"country": "us", "category": "health"}]}
            """
        }

        /// Starts the image host on both addresses and the workspace, runs `body`, stops everything.
        static func with(
            config: String = config(), answers: [String: ScriptedImageHost.Answer],
            _ body: (ImageCacheFixture) async throws -> Void
        ) async throws {
            let images = ScriptedImageHost(answers)
            let server = HTTPServer(configuration: quickStubConfiguration(), handler: images)
            let port = try server.start()
            let second = HTTPServer(configuration: quickStubConfiguration(host: "127.0.0.2"), handler: images)
            do {
                let secondPort = try second.start()
                try await BuildWorkspace.with(config: config) { workspace in
                    try await body(
                        ImageCacheFixture(
                            workspace: workspace, images: images, base: "http://127.0.0.1:\(port)",
                            privateBase: "http://127.0.0.2:\(secondPort)"))
                }
            } catch {
                await server.shutdown()
                await second.shutdown()
                throw error
            }
            await server.shutdown()
            await second.shutdown()
        }

        /// NewsAPI answers the feed with one story per image path (`story-<n>` for the n-th).
        func answer(_ paths: [String]) {
            workspace.stub.answer(
                Self.feedID,
                with: .articles(paths.enumerated().map { .story("story-\($0.offset)", image: base + $0.element) }))
        }

        /// The article URL of the n-th story of ``answer(_:)``.
        static func article(_ index: Int) -> String { "https://news.example.com/story-\(index)" }

        /// An in-process build of the feed whose image fetches use ``LoopbackTwoIsPrivatePolicy`` (the config's
        /// `allowPrivate` is not what decides then).
        func buildInProcess(perRun: Int = ImageCacheStep.defaultPerRun) async throws -> BuildReport {
            let config = try ConfigLoader.load(
                path: ConfigLoader.defaultFileName, workingDirectory: workspace.folder.url)
            let client = NewsAPIClient(
                baseURL: try #require(URL(string: workspace.stub.baseURLString)), apiKey: BuildWorkspace.apiKey,
                fetcher: CurlFetcher())
            let policy = ImageCacheStep.policy(for: config)
            let step = ImageCacheStep(
                config: config, perRun: perRun,
                makeFetcher: { GuardedFetcher(policy: policy, addressPolicy: LoopbackTwoIsPrivatePolicy()) })
            let builder = FeedBuilder(
                config: config, source: NewsAPIHeadlinesSource(client: client), enrichers: [ImageDecisions(), step],
                clock: workspace.clock.reading)
            return await builder.build(config.feeds)
        }

        /// The file names in `<output>/images/`, sorted.
        var imageFiles: [String] {
            let folder = workspace.output.appending(path: "images")
            return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        }

        /// The feed's items' image markup, keyed by article URL.
        func items() throws -> [String: ItemImageAttributes] {
            ItemImageAttributes.read(try #require(workspace.feedData(Self.feedID)))
        }
    }
#endif
