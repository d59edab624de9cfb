import Foundation
import NewsModel
import TestSupport
import Testing

/// The config's `"images"` object: off by default, strict keys, widths in range and each once, sizes with
/// a unit, and `cache: true` refused (exit 78, naming the trait and the package) by a binary without the
/// `ImageCache` trait.
@Suite struct ConfigImagesTests {
    func parse(_ images: String?) throws(ConfigError) -> NewsFeedConfig {
        let key = images.map { #", "images": \#($0)"# } ?? ""
        let json = #"{"feeds":[{"country":"us","category":"health"}]\#(key)}"#
        return try ConfigLoader.parse(Data(json.utf8), path: "newsfeed.json", folder: URL(fileURLWithPath: "/srv"))
    }

    func message(_ images: String) -> String {
        do {
            _ = try parse(images)
            return ""
        } catch {
            return error.description
        }
    }

    @Test func theCacheIsOffByDefault() throws {
        let settings = try parse(nil).images
        #expect(settings == .standard)
        #expect(!settings.cache)
        #expect(settings.widths == [320, 640, 1280])
        #expect(settings.maxTotal == .gigabytes(2))
    }

    @Test func widthsAreSortedAndSizesRead() throws {
        let settings = try parse(#"{"widths": [800, 200], "maxTotal": "300MB"}"#).images
        #expect(settings.widths == [200, 800])
        #expect(settings.maxTotal.bytes == 300 * 1024 * 1024)
    }

    @Test(arguments: [
        (#"{"cahce": true}"#, #"newsfeed.json: unknown key "images.cahce""#),
        (#"{"widths": []}"#, "newsfeed.json: images.widths: list at least one width"),
        (#"{"widths": [320, 8]}"#, "newsfeed.json: images.widths[1]: must be 16 to 4096 pixels, not 8"),
        (#"{"widths": [320, 320]}"#, "newsfeed.json: images.widths[1]: 320 is listed twice"),
        (#"{"maxTotal": "2TB"}"#, #"newsfeed.json: images.maxTotal: "2TB" is not a size"#),
        (#"{"maxTotal": "0MB"}"#, #"newsfeed.json: images.maxTotal: "0MB" is not a size"#),
        (#"{"cache": "yes"}"#, "newsfeed.json: images.cache: expected"),
    ])
    func badValuesNameTheKey(images: String, expected: String) {
        #expect(message(images).hasPrefix(expected), "\(message(images))")
    }

    @Test(arguments: [
        ("500KB", 500 << 10), ("300 MB", 300 << 20), ("2gb", 2 << 30), ("1GB", 1 << 30),
    ])
    func sizesTakeBinaryUnits(text: String, bytes: Int) {
        #expect(ByteSize(parsing: text)?.bytes == bytes)
    }

    @Test(arguments: ["", "MB", "12", "1.5GB", "-1MB", "99999999999999999999GB", "２MB"])
    func sizesWithoutAWholeNumberAndUnitAreRefused(text: String) {
        #expect(ByteSize(parsing: text) == nil)
    }

    #if ImageCache
        /// A binary with the trait takes the key (the build's image step is in).
        @Test func theCacheIsAcceptedWithTheTrait() throws {
            #expect(try parse(#"{"cache": true}"#).images.cache)
            #expect(try !parse(#"{"cache": false, "widths": [100]}"#).images.cache)
        }
    #else
        @Test func theCacheWithoutTheTraitNamesTheTraitAndThePackage() {
            let text = message(#"{"cache": true}"#)
            #expect(text.hasPrefix("newsfeed.json: images.cache: this newsfeed was built without the ImageCache trait"))
            #expect(text.contains("libvips-dev"), "\(text)")
            #expect(text.contains("--traits ImageCache"), "\(text)")
        }

        @Test func theCacheWithoutTheTraitExitsWith78() async throws {
            let folder = TemporaryFolder()
            try folder.write(
                #"{"feeds":[{"country":"us","category":"health"}], "images": {"cache": true}}"#, to: "newsfeed.json")
            let run = await CommandRun.run(["build"], environment: ["NEWSAPI_KEY": "k"], workingDirectory: folder.url)
            #expect(run.status == 78)
            #expect(run.errorLines.count == 1)
            #expect(run.standardError.contains("ImageCache trait"), "\(run.standardError)")
        }

        @Test func cacheFalseNeedsNoTrait() throws {
            #expect(try !parse(#"{"cache": false, "widths": [100]}"#).images.cache)
        }
    #endif
}
