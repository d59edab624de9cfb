#if ImageCache
    import FeedOutput
    import Foundation
    import HTTPFetching
    import Images
    import NewsModel

    /// The image cache's enrich step (after ``ImageDecisions``): fetches each fresh story's image once, makes its
    /// copies in the configured widths under `<output>/images/`, records them in the state, and points the story
    /// at them. A story whose image is cached already (by an earlier build, another feed) gets its copies without
    /// a fetch; one whose image cannot be cached keeps its original URL, and today's rules (watch, default image)
    /// apply to it.
    ///
    /// Limits (docs/image-cache.md): the fetcher's 20 MB per image, enforced while reading; ``ImageLimits`` on
    /// pixels before decoding; ``perRun`` images fetched per run; ``concurrency`` images in flight at once, at
    /// most two per host (``FetchPolicy``); nothing new once the copies fill `images.maxTotal`.
    public struct ImageCacheStep: StoryEnricher {
        /// Images a run fetches at most; the rest are tried by the next run (their stories keep their originals).
        public static let defaultPerRun = 200
        /// Images fetched and thumbnailed at once (each holds at most 20 MB of source and a copy's pixels).
        public static let defaultConcurrency = 4

        private let thumbnailer: Thumbnailer
        private let runs: ImageCacheRuns
        private let concurrency: Int

        /// The step for `config`: fetches under ``FetchPolicy/images(site:allowPrivate:)`` with the top-level
        /// `allowPrivate`.
        public init(config: NewsFeedConfig, perRun: Int = defaultPerRun, concurrency: Int = defaultConcurrency) {
            let policy = Self.policy(for: config)
            self.init(
                config: config, perRun: perRun, concurrency: concurrency,
                makeFetcher: { GuardedFetcher(policy: policy) })
        }

        /// With a fetcher of the caller's choosing (tests use an address policy that makes 127.0.0.2 private).
        package init(
            config: NewsFeedConfig, perRun: Int = defaultPerRun, concurrency: Int = defaultConcurrency,
            makeFetcher: @escaping @Sendable () -> GuardedFetcher
        ) {
            thumbnailer = Thumbnailer(widths: config.images.widths)
            runs = ImageCacheRuns(perRun: perRun, makeFetcher: makeFetcher)
            self.concurrency = max(1, concurrency)
        }

        /// Images only, the thumbnailer's byte cap, two requests per host (as for pages).
        package static func policy(for config: NewsFeedConfig) -> FetchPolicy {
            FetchPolicy.imageCache(site: config.site, allowPrivate: config.allowPrivate)
        }

        public func enrich(_ stories: [Story], in feed: FeedContext) async -> [Story] {
            let config = feed.run.config
            guard config.images.cache else { return stories }
            let state = feed.state
            let resolver = StoryImageResolver(
                site: config.site, defaultImage: feed.run.defaultImage, images: state.images, cached: state.imageCache)
            var wanted: [String] = []
            var seen: Set<String> = []
            for story in stories {
                // Only an image the story carries as its own: not the default image standing in for a dead one.
                guard let original = story.originalImageLink, story.image?.link == original,
                    !resolver.isOwn(original.text), !seen.contains(original.text)
                else { continue }
                if let record = state.imageCache[original.text], !record.isDue(at: feed.now) { continue }
                seen.insert(original.text)
                wanted.append(original.text)
            }
            guard !wanted.isEmpty, !runs.writesRefused(in: feed.run.id) else { return stories }
            guard !ImageCacheUsage(state.imageCache).isFull(config.images.maxTotal) else {
                // Nothing new fits: these stay uncached because of the cap, which status says.
                await countOverCap(wanted.count, in: feed.run)
                return stories
            }
            let (fetcher, granted) = runs.take(wanted.count, in: feed.run.id)
            let made = await make(Array(wanted.prefix(granted)), fetcher: fetcher)
            guard !Task.isCancelled, !made.isEmpty,
                let (cached, refusal) = await record(made, in: feed.run, now: feed.now)
            else { return stories }
            if let refusal {
                // One line for the run (the report says a repeated warning once), not one per picture.
                runs.refuseWrites(in: feed.run.id)
                feed.run.notes.warn(refusal)
            }
            var applied = resolver
            applied.cached = cached
            return stories.map { story in
                guard let original = story.originalImageLink, story.image?.link == original,
                    let image = cached[original.text].flatMap(applied.copies(of:))
                else { return story }
                var story = story
                story.image = image
                return story
            }
        }

        /// Notes in the state that `count` images of this run stay uncached because of `images.maxTotal`.
        private func countOverCap(_ count: Int, in run: RunContext) async {
            let output = run.output
            let id = run.id.uuidString
            _ = try? await output.lock.withLock {
                var state = try output.stateStore.load().state
                state.countImagesOverCap(count, run: id)
                try output.stateStore.save(state)
            }
        }

        /// Fetches and thumbnails `urls`, ``concurrency`` at once; outcomes in no particular order. A fetch the
        /// run's stop cut short is left out (it is no failure of the image).
        private func make(_ urls: [String], fetcher: GuardedFetcher) async -> [(
            String, Result<[ImageCopy], ImageCacheFailure>
        )] {
            let cacher = ImageCacher(fetcher: fetcher, thumbnailer: thumbnailer)
            return await withTaskGroup(of: (String, Result<[ImageCopy], ImageCacheFailure>)?.self) { group in
                var pending = urls.makeIterator()
                func start() -> Bool {
                    guard !Task.isCancelled, let text = pending.next() else { return false }
                    group.addTask {
                        guard let url = URL(string: text) else {
                            return (text, .failure(.init(description: "not a URL", cause: "http", retryable: false)))
                        }
                        let result = await cacher.copies(of: url)
                        return Task.isCancelled ? nil : (text, result)
                    }
                    return true
                }
                for _ in 0..<concurrency where !start() { break }
                var made: [(String, Result<[ImageCopy], ImageCacheFailure>)] = []
                while let next = await group.next() {
                    if let next { made.append(next) }
                    _ = start()
                }
                return made
            }
        }

        /// Under the lock, in one hold: writes the copies into `images/` and their records into the state, so a
        /// prune never finds copies without a record. Copies that would take the folder past `images.maxTotal`
        /// are not written (the story keeps its original; a later build tries again). Once `images/` refuses a
        /// write (read-only, full, a file where the folder belongs), no further copy is tried and none of the
        /// pictures not written is recorded, so the next build tries them again. Returns the state's records as
        /// saved, and the line saying why `images/` refused; nil when the state could not be read or saved (the
        /// stories keep their originals).
        private func record(
            _ made: [(String, Result<[ImageCopy], ImageCacheFailure>)], in run: RunContext, now: Date
        ) async -> (records: [String: CachedImageRecord], refusal: String?)? {
            let output = run.output
            let maxTotal = run.config.images.maxTotal.bytes
            let folder = ImageFolder(output: output.root)
            return try? await output.lock.withLock { () throws -> ([String: CachedImageRecord], String?) in
                var state = try output.stateStore.load().state
                var total = ImageCacheUsage(state.imageCache).bytes
                var refusal: String?
                var overCap = 0
                for (url, result) in made {
                    switch result {
                    case .success(let copies):
                        let bytes = copies.reduce(0) { $0 + $1.bytes.count }
                        guard refusal == nil else { continue }
                        guard total + bytes <= maxTotal else {
                            overCap += 1
                            continue
                        }
                        do throws(OutputError) {
                            try folder.store(copies)
                        } catch {
                            refusal = folder.refusal(error)
                            continue
                        }
                        total += bytes
                        state.imageCache[url] = CachedImageRecord(copies: copies, time: now)
                    case .failure(let failure):
                        state.imageCache[url] = CachedImageRecord(
                            failure: failure.description, cause: failure.cause, retryable: failure.retryable,
                            time: now)
                    }
                }
                state.countImagesOverCap(overCap, run: run.id.uuidString)
                try output.stateStore.save(state)
                return (state.imageCache, refusal)
            }
        }
    }
#endif
