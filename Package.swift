// swift-tools-version:6.0
import PackageDescription

/// Release builds link the Swift runtime and Foundation statically (see the newsfeed target):
/// modules that import Foundation must then be compiled against the static SDK too, so their
/// autolinked libraries are the static ones.
let staticInRelease: [SwiftSetting] = [
    .unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))
]

let package = Package(
    name: "newsfeed",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "newsfeed", targets: ["newsfeed"]),
        .library(name: "NewsFeedKit", targets: ["NewsFeedKit"]),
        .library(name: "HTTPServing", targets: ["HTTPServing"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(name: "HTTPServing", swiftSettings: staticInRelease),
        .target(
            name: "NewsFeedKit",
            dependencies: ["CLibXML2", "CZlib", "HTTPServing"],
            swiftSettings: staticInRelease
        ),
        .executableTarget(
            name: "newsfeed",
            dependencies: ["NewsFeedKit"],
            swiftSettings: staticInRelease,
            // Release builds carry the Swift runtime and Foundation (bench/README.md: loading them as
            // 50 shared libraries cost a third of a small `convert`); debug builds and tests link
            // them dynamically as usual.
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))]
        ),
        .testTarget(
            name: "HTTPServingTests",
            dependencies: ["HTTPServing"]
        ),
        .testTarget(
            name: "NewsFeedKitTests",
            // The executable too: the scheduler's end-to-end tests run real `newsfeed` processes.
            dependencies: ["NewsFeedKit", "HTTPServing", "newsfeed"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
