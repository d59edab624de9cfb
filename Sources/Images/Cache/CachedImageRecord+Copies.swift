import FeedOutput
import Foundation

extension CachedImageRecord {
    /// The record of `copies` as stored in `images/`: what a feed says of each (name, size, length, type).
    public init(copies: [ImageCopy], time: Date) {
        self.init(
            files: copies.map {
                File(
                    name: $0.fileName, width: $0.width, height: $0.height, length: $0.bytes.count,
                    mimeType: $0.encoding.mimeType)
            }, time: time)
    }
}
