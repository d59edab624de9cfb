// bench/images' probe: thumbnails image files the way the image cache does (same Thumbnailer, same ImageFolder,
// same worker cap), so the benchmark can time it against vipsthumbnail and Pillow. Not a product and not
// installed: `swift build -c release --traits ImageCache --product images-bench`.
//
//   images-bench --widths 320,640,1280 --workers 2 --out FOLDER FILE...
import Foundation
import Images

#if ImageCache
    var arguments = Array(CommandLine.arguments.dropFirst())
    @MainActor func option(_ name: String) -> String? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        defer { arguments.removeSubrange(index...index + 1) }
        return arguments[index + 1]
    }
    let widths = (option("--widths") ?? "320,640,1280").split(separator: ",").compactMap { Int($0) }
    let workers = Int(option("--workers") ?? "") ?? ProcessInfo.processInfo.activeProcessorCount
    guard let out = option("--out"), !arguments.isEmpty, !widths.isEmpty else {
        FileHandle.standardError.write(
            Data("usage: images-bench [--widths W,W] [--workers N] --out FOLDER FILE...\n".utf8))
        exit(64)
    }
    let batch = ThumbnailBatch(thumbnailer: Thumbnailer(widths: widths), workers: workers)
    let outcomes = batch.run(
        arguments.map { URL(fileURLWithPath: $0) }, into: ImageFolder(output: URL(fileURLWithPath: out)))
    var copies = 0
    var failures = 0
    for (file, outcome) in zip(arguments, outcomes) {
        switch outcome {
        case .copies(let made): copies += made.count
        case .failed(let reason):
            failures += 1
            FileHandle.standardError.write(Data("\(file): \(reason)\n".utf8))
        }
    }
    print("\(arguments.count) images, \(copies) copies, \(failures) failed")
    exit(failures == 0 ? 0 : 1)
#else
    FileHandle.standardError.write(
        Data("images-bench: built without the ImageCache trait (--traits ImageCache)\n".utf8))
    exit(1)
#endif
