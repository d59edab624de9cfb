import FeedBuild
import FeedOutput
import Foundation
import HTTPFetching
import Images
import NewsModel

/// Makes the copies of cached images again when their files are gone from `images/` (deleted by hand, a backup
/// restored without them, a cleaned-up disk): from each image's original URL, through the same guarded fetcher
/// (the image policy, the address guard on every hop, redirects, `robots.txt`, the byte cap) and the same
/// thumbnailer as `build`'s cache step. Writes nothing: the watcher stores the copies with their record under the
/// output lock.
///
/// Without the `ImageCache` trait there is no thumbnailer: every image is refused with that reason (such a binary
/// refuses `images.cache: true` in a config, so only a config made in code gets here).
struct CachedCopyRestorer: Sendable {
    /// Images fetched and thumbnailed at once, as in a build (`ImageCacheStep.defaultConcurrency`).
    static let concurrency = 4
    /// Images made again per round at most, as a build fetches per run (`ImageCacheStep.defaultPerRun`); the rest
    /// wait for the next round.
    static let perRound = 200

    private let widths: [Int]
    private let policy: FetchPolicy
    private let addressPolicy: any AddressPolicy

    /// For `config`'s widths, fetching under the image policy with the watcher's address policy (`--allow-private`
    /// or the config's `allowPrivate` lift the guard for watch's checks and these fetches alike).
    init(config: NewsFeedConfig, addressPolicy: any AddressPolicy) {
        widths = config.images.widths
        policy = .imageCache(site: config.site, allowPrivate: config.allowPrivate)
        self.addressPolicy = addressPolicy
    }

    /// The copies of each image of `urls` (original URLs), or why there are none. Images not done when `deadline`
    /// passes are left out (their records stay as they are; the next round tries again): a round with many
    /// missing copies on slow hosts must not run for hours.
    func remake(_ urls: [String], deadline: Duration) async -> [String: Result<[ImageCopy], ImageCacheFailure>] {
        guard !urls.isEmpty else { return [:] }
        #if ImageCache
            let cacher = ImageCacher(
                fetcher: GuardedFetcher(policy: policy, addressPolicy: addressPolicy),
                thumbnailer: Thumbnailer(widths: widths))
            return await withTaskGroup(of: (String, Result<[ImageCopy], ImageCacheFailure>)?.self) { group in
                group.addTask {
                    try? await Task.sleep(for: deadline)
                    return nil
                }
                var pending = urls.makeIterator()
                var running = 0
                func start() {
                    guard !Task.isCancelled, let text = pending.next() else { return }
                    running += 1
                    group.addTask {
                        guard let url = URL(string: text) else {
                            return (text, .failure(.init(description: "not a URL", cause: "http", retryable: false)))
                        }
                        let result = await cacher.copies(of: url)
                        // A fetch the deadline cut short says nothing about the image.
                        return Task.isCancelled ? nil : (text, result)
                    }
                }
                for _ in 0..<Self.concurrency { start() }
                var made: [String: Result<[ImageCopy], ImageCacheFailure>] = [:]
                while running > 0, let next = await group.next() {
                    guard let (url, result) = next else {
                        // The deadline: nothing more is started, and what runs is cancelled.
                        group.cancelAll()
                        continue
                    }
                    running -= 1
                    made[url] = result
                    start()
                }
                group.cancelAll()
                return made
            }
        #else
            let refusal = ImageCacheFailure(
                description: "this newsfeed was built without the ImageCache trait, which makes copies",
                cause: "library", retryable: true)
            return Dictionary(uniqueKeysWithValues: urls.map { ($0, .failure(refusal)) })
        #endif
    }
}
