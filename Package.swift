// swift-tools-version:6.0
import PackageDescription

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
        .target(name: "HTTPServing"),
        .target(
            name: "NewsFeedKit",
            dependencies: ["CLibXML2", "CZlib", "HTTPServing"]
        ),
        .executableTarget(
            name: "newsfeed",
            dependencies: ["NewsFeedKit"]
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
