import FeedOutput
import Foundation

/// The output's `images/` folder: copies named after their own bytes, each written atomically (a dot-named
/// temporary file, fsync, rename), so `serve` never sends half a picture and a crash leaves no partial file.
public struct ImageFolder: Sendable {
    /// The relative folder inside the output, also the URL path the copies are served under.
    public static let name = "images"

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

    /// Writes the copies that are not there yet; one already there is the same bytes and is left alone.
    public func store(_ copies: [ImageCopy]) throws(OutputError) {
        for copy in copies where !contains(copy.fileName) {
            try AtomicFileWriter.write(Data(copy.bytes), to: file(copy.fileName))
        }
    }
}
