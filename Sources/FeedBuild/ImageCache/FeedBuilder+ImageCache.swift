extension FeedBuilder {
    /// This builder with the image cache's step after ``ImageDecisions`` when the config asks for the cache
    /// (`images.cache`) and the binary has it (the `ImageCache` trait; without it the config loader refuses
    /// `images.cache: true`, so nothing is silently skipped).
    public func withImageCache() -> FeedBuilder {
        #if ImageCache
            guard config.images.cache else { return self }
            var builder = self
            builder.enrichers.append(ImageCacheStep(config: config))
            return builder
        #else
            return self
        #endif
    }
}
