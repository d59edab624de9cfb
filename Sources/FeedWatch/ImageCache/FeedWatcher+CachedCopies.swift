import FeedBuild
import FeedOutput
import Foundation
import Images
import NewsModel

extension FeedWatcher {
    /// The copies of `record` whose files are not in `images/`.
    func missingCopies(of record: CachedImageRecord) -> [CachedImageRecord.File] {
        let folder = ImageFolder(output: config.output)
        return record.files.filter { !folder.contains($0.name) }
    }

    /// Under the output lock: writes the copies made again and updates their records; an image whose copies
    /// could not be made again gets a refusal record saying why, so its stories carry the original URL (or the
    /// default image once watch finds the original dead) and status counts it. A record a build changed since
    /// the round planned is left as the build made it.
    func storeRemade(
        _ remade: [String: Result<[ImageCopy], ImageCacheFailure>], planned: [String: CachedImageRecord],
        in state: inout BridgeState, now: Date
    ) {
        let folder = ImageFolder(output: config.output)
        for (url, result) in remade.sorted(by: { $0.key < $1.key }) {
            guard let before = state.imageCache[url], before == planned[url], !missingCopies(of: before).isEmpty
            else { continue }
            let lost = "its copies were gone from \(ImageFolder.name)/ and"
            switch result {
            case .success(let copies):
                let made = CachedImageRecord(copies: copies, time: now)
                // The same bytes give the same names; an origin that changed its picture gives new ones, and the
                // set may then not grow the folder past images.maxTotal.
                let total = ImageCacheUsage(state.imageCache).bytes - before.bytes + made.bytes
                guard made.files == before.files || total <= config.images.maxTotal.bytes else {
                    state.imageCache[url] = CachedImageRecord(
                        failure: "\(lost) new ones would take the folder past images.maxTotal", cause: "files",
                        retryable: true, time: now)
                    continue
                }
                do throws(OutputError) {
                    try folder.store(copies)
                    state.imageCache[url] = made
                } catch {
                    state.imageCache[url] = CachedImageRecord(
                        failure: "\(lost) could not be written again: \(error.description)", cause: "files",
                        retryable: true, time: now)
                }
            case .failure(let failure):
                state.imageCache[url] = CachedImageRecord(
                    failure: "\(lost) the origin could not give them again: \(failure.description)",
                    cause: failure.cause, retryable: failure.retryable, time: now)
            }
        }
    }
}
