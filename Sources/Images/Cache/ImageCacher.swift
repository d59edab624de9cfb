#if ImageCache
    import Foundation
    import HTTPFetching

    /// Makes the copies of one story image: fetches it through the ``GuardedFetcher`` (public-address guard on
    /// every hop, redirects, `robots.txt`, per-host limits, the byte cap while reading, `image/*` only), then
    /// checks and thumbnails the bytes on a thread of its own (libvips decodes synchronously, never on the
    /// cooperative pool). Writes nothing: the caller stores the copies and their record together, under the
    /// output lock.
    public struct ImageCacher: Sendable {
        public var fetcher: GuardedFetcher
        public var thumbnailer: Thumbnailer

        public init(fetcher: GuardedFetcher, thumbnailer: Thumbnailer) {
            self.fetcher = fetcher
            self.thumbnailer = thumbnailer
        }

        /// The copies of the image at `url`, narrowest first, or why there are none.
        public func copies(of url: URL) async -> Result<[ImageCopy], ImageCacheFailure> {
            let fetched: FetchedResource
            do {
                fetched = try await fetcher.fetch(url)
            } catch {
                return .failure(ImageCacheFailure(error))
            }
            guard (200..<300).contains(fetched.status) else { return .failure(.status(fetched.status)) }
            let bytes = [UInt8](fetched.body)
            let thumbnailer = self.thumbnailer
            return await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    do throws(ImageError) {
                        continuation.resume(returning: .success(try thumbnailer.copies(of: bytes)))
                    } catch {
                        continuation.resume(returning: .failure(ImageCacheFailure(error)))
                    }
                }
            }
        }
    }
#endif
