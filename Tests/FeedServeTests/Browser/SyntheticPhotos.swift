#if ImageCache
    import Foundation
    import TestSupport

    /// Photo-like JPEGs at a publisher's size, made for a test with Debian's `vips` CLI: no real photos of that
    /// size ship with the repository or with Debian's packages. As bench/images/make_photos.py makes them, so they
    /// compress like camera pictures rather than like flat test cards: a sky-to-ground gradient and large soft
    /// shapes (drawn small and enlarged eight times, cubic), mid-frequency texture and fine sensor grain (Gaussian
    /// noise at half and at full size), quality 88 with 4:2:0 chroma.
    enum SyntheticPhotos {
        /// Why the photos cannot be made, for a skip; nil when `vips` is there.
        static var vips: URL? { ChildProcess.findExecutable("vips") }

        /// Writes `count` photos `width` × `height` into `folder` as `photo-<n>.jpg` and returns their paths.
        static func make(
            _ count: Int, width: Int = 2400, height: Int = 1600, in folder: URL
        ) async throws -> [URL] {
            let vips = try require(Self.vips, "vips (Debian libvips-tools) makes the test's photos")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            func run(_ arguments: [String]) async throws {
                let run = try await ChildProcess.run(
                    vips, arguments, environment: ChildProcess.loopbackEnvironment(), workingDirectory: folder,
                    timeout: .seconds(60))
                guard run.status == 0, !run.timedOut else {
                    throw Failure(description: "vips \(arguments.joined(separator: " ")): \(run.summary)")
                }
            }
            // The texture and grain are the same for every photo; the picture under them differs.
            try await run(["gaussnoise", "texture.v", "\(width / 2)", "\(height / 2)", "--sigma", "10", "--mean", "0"])
            try await run(["resize", "texture.v", "texture-up.v", "2", "--kernel", "cubic"])
            try await run(["gaussnoise", "grain.v", "\(width)", "\(height)", "--sigma", "4", "--mean", "0"])
            try await run(["add", "texture-up.v", "grain.v", "noise.v"])
            var photos: [URL] = []
            for index in 0..<count {
                let base = folder.appending(path: "base-\(index).ppm")
                try picture(seed: UInt64(index + 1), width: width / 8, height: height / 8).write(to: base)
                try await run(["resize", base.lastPathComponent, "up.v", "8", "--kernel", "cubic"])
                try await run(["add", "up.v", "noise.v", "sum.v"])
                try await run(["cast", "sum.v", "clipped.v", "uchar"])
                let photo = folder.appending(path: "photo-\(index).jpg")
                try await run(["jpegsave", "clipped.v", photo.lastPathComponent, "--Q", "88"])
                photos.append(photo)
            }
            return photos
        }

        struct Failure: Error, CustomStringConvertible {
            var description: String
        }

        private static func require(_ url: URL?, _ reason: String) throws -> URL {
            guard let url else { throw Failure(description: "missing: \(reason)") }
            return url
        }

        /// A binary PPM: a vertical gradient between two seeded colours with 6 to 13 seeded discs on it.
        static func picture(seed: UInt64, width: Int, height: Int) -> Data {
            var state = seed &* 0x9E37_79B9_7F4A_7C15
            func next(_ range: Range<Int>) -> Int {
                // xorshift64*: seeded, so a test sees the same photos every run.
                state ^= state >> 12
                state ^= state << 25
                state ^= state >> 27
                return range.lowerBound + Int((state &* 0x2545_F491_4F6C_DD1D) >> 33) % range.count
            }
            let top = (0..<3).map { _ in next(60..<200) }
            let bottom = (0..<3).map { _ in next(20..<140) }
            let discs = (0..<next(6..<14)).map { _ in
                (
                    x: next(0..<width), y: next(0..<height), r: next(width / 20..<width / 4),
                    colour: (0..<3).map { _ in next(0..<256) }
                )
            }
            var pixels = [UInt8](repeating: 0, count: width * height * 3)
            for y in 0..<height {
                for x in 0..<width {
                    var colour = (0..<3).map { (top[$0] * (height - 1 - y) + bottom[$0] * y) / max(1, height - 1) }
                    for disc in discs where (x - disc.x) * (x - disc.x) + (y - disc.y) * (y - disc.y) <= disc.r * disc.r
                    {
                        colour = disc.colour
                    }
                    for band in 0..<3 { pixels[(y * width + x) * 3 + band] = UInt8(colour[band]) }
                }
            }
            return Data("P6\n\(width) \(height)\n255\n".utf8) + Data(pixels)
        }
    }
#endif
