import Images
import NewsModel
import Testing

/// Which image library a binary carries follows the `ImageCache` trait, and `--version` says so.
@Suite struct ImageLibraryTests {
    @Test func theLibraryFollowsTheTrait() {
        #if ImageCache
            #expect(BuildTraits.enabled == ["ImageCache"])
            #expect(ImageLibrary.versionSummary?.hasPrefix("libvips 8.") == true)
        #else
            #expect(BuildTraits.enabled.isEmpty)
            #expect(ImageLibrary.versionSummary == nil)
        #endif
    }
}
