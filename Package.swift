// swift-tools-version:6.1
// 6.1, not 6.0: package traits (the optional `ImageCache`) need tools 6.1; the language mode stays Swift 6.
import PackageDescription

/// Release builds link the Swift runtime and Foundation statically (see the newsfeed target):
/// modules that import Foundation must then be compiled against the static SDK too, so their
/// autolinked libraries are the static ones.
let staticInRelease: [SwiftSetting] = [
    .unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))
]

// Linux only: the server runs on epoll, eventfd and sendfile (CEpoll) and imports Glibc; no other
// platform is built or tested (docs/design-decisions.md).
let package = Package(
    name: "newsfeed",
    products: [
        .executable(name: "newsfeed", targets: ["newsfeed"]),
        .library(
            name: "NewsFeedKit",
            targets: [
                "NewsModel", "HTTPFetching", "Upstreams", "Articles", "Images", "FeedFormats", "FeedOutput",
                "FeedBuild", "FullText", "FeedWatch", "FeedServe", "NewsFeedCLI",
            ]),
        .library(name: "HTTPServing", targets: ["HTTPServing"]),
    ],
    // Off by default: the default build links libxml2 and zlib only (docs/image-cache.md).
    traits: [
        .trait(
            name: "ImageCache",
            description: "Keep resized copies of story images (libvips, Debian libvips-dev)")
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // libcurl: the one HTTP client for every outbound request (HTTPFetching's CurlEngine); README.md says why
        // not URLSession. Only its header is read at build time (libcurl4-openssl-dev); the library is not linked but
        // loaded with dlopen when the first exchange starts, so no command that makes no request maps it and its
        // 30-odd libraries (Sources/CCurl/shim.h).
        .systemLibrary(name: "CCurl"),
        // libvips, only in a build with the `ImageCache` trait (Images depends on it under that condition). Not linked
        // and no headers needed: the shim declares what it uses and loads libvips.so.42 (Debian libvips42) with dlopen
        // when the first image is thumbnailed, so no other command maps it (Sources/CVips/shim.h).
        .systemLibrary(name: "CVips"),
        // epoll, eventfd, sendfile and accept4 as glibc declares them (Linux only).
        .systemLibrary(name: "CEpoll"),
        .target(name: "HTTPServing", dependencies: ["CEpoll"], swiftSettings: staticInRelease),
        // The news pipeline, one target per step of the flow; each depends only on those before it
        // (docs/architecture.md).
        .target(name: "NewsModel", swiftSettings: staticInRelease),
        // Every HTTP request to the outside: libcurl's multi interface on a thread of its own, gzip and deflate
        // decoded with zlib under a cap on decoded bytes, the public-address guard (checked again on the address
        // actually connected to), the host-fair queue.
        .target(
            name: "HTTPFetching", dependencies: ["NewsModel", "CCurl", "CZlib"], swiftSettings: staticInRelease),
        // Whole articles from a publisher's page: charset, libxml2's HTML DOM, extraction, sanitizing.
        .target(name: "Articles", dependencies: ["NewsModel", "CLibXML2"], swiftSettings: staticInRelease),
        // Publishers' own feeds are read with libxml2 (no DTD, no entities, no network): `Upstreams/Feeds`; their
        // items' HTML is sanitized by the articles' rules.
        .target(
            name: "Upstreams", dependencies: ["NewsModel", "HTTPFetching", "Articles", "CLibXML2"],
            swiftSettings: staticInRelease),
        .target(name: "FeedFormats", dependencies: ["NewsModel", "CLibXML2"], swiftSettings: staticInRelease),
        .target(
            name: "FeedOutput", dependencies: ["NewsModel", "FeedFormats"],
            swiftSettings: staticInRelease),
        // Story images: format sniffing and header reading always; thumbnails through libvips with `ImageCache`.
        .target(
            name: "Images",
            dependencies: [
                "NewsModel", "HTTPFetching", "FeedOutput",
                .target(name: "CVips", condition: .when(traits: ["ImageCache"])),
            ],
            swiftSettings: staticInRelease),
        .target(
            name: "FeedBuild",
            dependencies: ["NewsModel", "HTTPFetching", "Upstreams", "FeedFormats", "FeedOutput", "Images"],
            swiftSettings: staticInRelease),
        // Whole articles in the feeds: fetches the stories' pages (GuardedFetcher), extracts them (Articles) and keeps
        // them in the article cache, as an enrich step of the build.
        .target(
            name: "FullText", dependencies: ["NewsModel", "HTTPFetching", "Articles", "FeedOutput", "FeedBuild"],
            swiftSettings: staticInRelease),
        .target(
            // Images: a cached image whose copy went missing is made again from its origin.
            name: "FeedWatch",
            dependencies: ["NewsModel", "HTTPFetching", "FeedFormats", "FeedOutput", "FeedBuild", "Images"],
            swiftSettings: staticInRelease),
        .target(
            name: "FeedServe",
            dependencies: [
                "NewsModel", "HTTPFetching", "FeedFormats", "FeedOutput", "FeedBuild", "HTTPServing", "CZlib",
            ],
            swiftSettings: staticInRelease),
        .target(
            name: "NewsFeedCLI",
            dependencies: [
                "NewsModel", "HTTPFetching", "Upstreams", "Articles", "FeedFormats", "FeedOutput", "FeedBuild",
                "FullText", "FeedWatch", "FeedServe", "HTTPServing", "Images", "CEpoll",
            ],
            swiftSettings: staticInRelease),
        .executableTarget(
            name: "newsfeed",
            dependencies: ["NewsFeedCLI"],
            swiftSettings: staticInRelease,
            // Release builds carry the Swift runtime and Foundation (bench/README.md: loading them as
            // 50 shared libraries cost a third of a small `convert`); debug builds and tests link
            // them dynamically as usual.
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))]
        ),
        // bench/images' probe (not a product): the image cache's thumbnailing of many files, timed there.
        .executableTarget(
            name: "images-bench",
            dependencies: ["Images"],
            swiftSettings: staticInRelease,
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))]
        ),
        // bench/feeds' probe (not a product): the items the feed reader reads from files, for agree.py.
        .executableTarget(
            name: "feeds-bench",
            dependencies: ["Upstreams", "NewsModel"],
            swiftSettings: staticInRelease,
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))]
        ),
        .testTarget(
            name: "HTTPServingTests",
            dependencies: ["HTTPServing", "CEpoll", "TestSupport"]
        ),
        // Shared by the test targets: loopback stubs (NewsAPI, DuckDuckGo, image hosts), workspaces,
        // feed-rule checkers, golden files and the fixtures.
        .target(
            name: "TestSupport",
            dependencies: [
                "NewsModel", "HTTPFetching", "Upstreams", "FeedFormats", "FeedOutput", "FeedBuild", "FeedWatch",
                "FeedServe", "NewsFeedCLI", "HTTPServing", "CZlib", "CLibXML2",
            ],
            path: "Tests/TestSupport",
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "NewsModelTests",
            dependencies: ["TestSupport", "NewsModel", "Upstreams", "FeedFormats"]
        ),
        .testTarget(
            name: "HTTPFetchingTests",
            dependencies: ["TestSupport", "NewsModel", "HTTPFetching", "HTTPServing", "CCurl"]
        ),
        .testTarget(
            name: "UpstreamsTests",
            dependencies: ["TestSupport", "NewsModel", "HTTPFetching", "Upstreams", "HTTPServing"]
        ),
        .testTarget(
            name: "ArticlesTests",
            // TestSupport finds the real pages in the shared folder (SharedData).
            dependencies: ["Articles", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "FeedFormatsTests",
            dependencies: ["TestSupport", "NewsModel", "FeedFormats"]
        ),
        .testTarget(
            name: "ImagesTests",
            dependencies: ["TestSupport", "NewsModel", "FeedOutput", "Images"],
            // Small images named after what they show; make-fixtures.py (Pillow, vips) wrote them.
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "FeedOutputTests",
            dependencies: ["TestSupport", "FeedOutput"]
        ),
        .testTarget(
            name: "FeedBuildTests",
            // The executable too: the scheduler's end-to-end tests run real `newsfeed` processes.
            dependencies: [
                "TestSupport", "NewsModel", "HTTPFetching", "Upstreams", "FeedFormats", "FeedOutput", "FeedBuild",
                "NewsFeedCLI", "newsfeed", "HTTPServing",
            ]
        ),
        .testTarget(
            name: "FullTextTests",
            dependencies: [
                "TestSupport", "NewsModel", "HTTPFetching", "Upstreams", "FeedFormats", "FeedOutput", "FeedBuild",
                "FullText", "FeedServe", "NewsFeedCLI", "HTTPServing",
            ]
        ),
        .testTarget(
            name: "FeedWatchTests",
            dependencies: ["TestSupport", "NewsModel", "HTTPFetching", "FeedFormats", "FeedOutput", "FeedBuild", "FeedWatch", "NewsFeedCLI", "HTTPServing"]
        ),
        .testTarget(
            name: "FeedServeTests",
            dependencies: [
                "TestSupport", "NewsModel", "Upstreams", "FeedFormats", "FeedOutput", "FeedBuild", "FeedServe",
                "HTTPServing", "HTTPFetching",
            ]
        ),
        .testTarget(
            name: "NewsFeedCLITests",
            // The executable too: the closed-pipe tests run a real `newsfeed` process.
            dependencies: [
                "TestSupport", "NewsModel", "Upstreams", "FeedFormats", "FeedBuild", "FeedServe", "NewsFeedCLI", "newsfeed",
                "HTTPServing",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
