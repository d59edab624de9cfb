import Foundation
import HTTPFetching

extension FetchPolicy {
    /// What the image cache fetches under, in `build` and in `watch` alike: images only
    /// (``FetchPolicy/images(site:allowPrivate:)``), cut at the thumbnailer's byte cap while reading.
    public static func imageCache(site: URL, allowPrivate: Bool) -> FetchPolicy {
        var policy = FetchPolicy.images(site: site, allowPrivate: allowPrivate)
        policy.maximumBytes = ImageLimits.standard.maxBytes
        return policy
    }
}
