import NewsModel

/// Whether a build gets the image cache's step: when the config asks for the cache (`images.cache`) and the
/// binary has it (the `ImageCache` trait; without it the config loader refuses `images.cache: true`, so nothing
/// is silently skipped).
public enum ImageCacheSetup {
    /// The step to run after ``ImageDecisions``; none when the cache is off or not built in.
    public static func enrichers(for config: NewsFeedConfig) -> [any StoryEnricher] {
        #if ImageCache
            config.images.cache ? [ImageCacheStep(config: config)] : []
        #else
            []
        #endif
    }
}
