#if ImageCache
    import FeedOutput
    import Foundation
    import Synchronization

    /// Thumbnails many images at once on a fixed number of threads of its own (libvips decodes synchronously,
    /// so never on the cooperative pool), writing the copies into an ``ImageFolder`` as each image is done.
    ///
    /// Memory is bounded by `workers`: each holds one source's bytes, its widest copy's pixels and one narrower
    /// copy's at a time.
    public struct ThumbnailBatch: Sendable {
        /// What became of one source.
        public enum Outcome: Sendable, Hashable {
            /// The copies written (or found already there), narrowest first: name, width, height, bytes.
            case copies([StoredCopy])
            case failed(String)
        }

        /// A copy as stored: enough for a feed to point at it without its bytes.
        public struct StoredCopy: Sendable, Hashable {
            public var fileName: String
            public var width: Int
            public var height: Int
            public var length: Int
            public var mimeType: String
        }

        public var thumbnailer: Thumbnailer
        /// Images in flight at once.
        public var workers: Int

        public init(thumbnailer: Thumbnailer, workers: Int) {
            self.thumbnailer = thumbnailer
            self.workers = max(1, workers)
        }

        /// Thumbnails every file of `sources` into `folder`; outcomes in the order of `sources`. Blocks until done.
        public func run(_ sources: [URL], into folder: ImageFolder) -> [Outcome] {
            let next = Mutex(0)
            let outcomes = Mutex([Outcome?](repeating: nil, count: sources.count))
            let done = DispatchGroup()
            for _ in 0..<min(workers, sources.count) {
                done.enter()
                Thread.detachNewThread {
                    defer { done.leave() }
                    while true {
                        let index = next.withLock { value in
                            defer { value += 1 }
                            return value
                        }
                        guard index < sources.count else { return }
                        let outcome = Self.process(sources[index], thumbnailer, folder)
                        outcomes.withLock { $0[index] = outcome }
                    }
                }
            }
            done.wait()
            return outcomes.withLock { $0.map { $0 ?? .failed("not processed") } }
        }

        private static func process(_ source: URL, _ thumbnailer: Thumbnailer, _ folder: ImageFolder) -> Outcome {
            let bytes: [UInt8]
            do {
                bytes = [UInt8](try Data(contentsOf: source))
            } catch {
                return .failed("cannot read \(source.path)")
            }
            do {
                let copies = try thumbnailer.copies(of: bytes)
                try folder.store(copies)
                return .copies(
                    copies.map {
                        StoredCopy(
                            fileName: $0.fileName, width: $0.width, height: $0.height, length: $0.bytes.count,
                            mimeType: $0.encoding.mimeType)
                    })
            } catch let error as ImageError {
                return .failed(error.description)
            } catch let error as OutputError {
                return .failed(error.description)
            } catch {
                return .failed("\(error)")
            }
        }
    }
#endif
