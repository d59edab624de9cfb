import FeedOutput
import Foundation
import NewsModel

/// The output's `images/` folder: copies named after their own bytes, each written atomically (a dot-named
/// temporary file, fsync, rename), so `serve` never sends half a picture and a crash leaves no partial file.
public struct ImageFolder: Sendable {
    /// The relative folder inside the output, also the URL path the copies are served under.
    public static let name = SiteLayout.imagesFolder

    public var url: URL

    public init(output: URL) {
        url = output.appending(path: Self.name, directoryHint: .isDirectory)
    }

    /// The file `fileName` would be at.
    public func file(_ fileName: String) -> URL { url.appending(path: fileName) }

    /// Whether a copy of that name is there (the same name always holds the same bytes).
    public func contains(_ fileName: String) -> Bool {
        FileManager.default.fileExists(atPath: file(fileName).path)
    }

    /// The one line a build says when the folder refused a copy (`store` threw `error`): the folder, the cause,
    /// and what follows, e.g. `images: cannot write copies into /srv/Feeds/images: read-only file system; the
    /// pictures keep their original URLs and are tried again at the next build`.
    public func refusal(_ error: OutputError) -> String {
        var folderPath = url.path(percentEncoded: false)
        if folderPath.count > 1, folderPath.hasSuffix("/") { folderPath.removeLast() }
        var cause: String
        switch error {
        case .writeFailed(_, let reason), .createFailed(_, let reason): cause = reason
        default: cause = error.description
        }
        // `cannot create folder <images>: <why>` names the folder twice.
        let creating = "cannot create folder \(folderPath): "
        if cause.hasPrefix(creating) { cause.removeFirst(creating.count) }
        return "\(Self.name): cannot write copies into \(folderPath): \(cause); the pictures keep their original URLs "
            + "and are tried again at the next build"
    }

    /// Writes the copies that are not there yet; one already there is the same bytes and is left alone.
    public func store(_ copies: [ImageCopy]) throws(OutputError) {
        for copy in copies where !contains(copy.fileName) {
            try AtomicFileWriter.write(Data(copy.bytes), to: file(copy.fileName))
        }
    }
}
