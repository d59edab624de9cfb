#if ImageCache
    import Foundation
    import HTTPServing
    import TestSupport

    /// A publisher's picture host on loopback for the browser's byte count: `/photo-<n>.jpg` answers the n-th
    /// photo as `image/jpeg`, anything else 404. It sends `Timing-Allow-Origin: *`, as many image CDNs do, so a
    /// page of another origin may read the pictures' sizes from Resource Timing.
    final class PhotoHost: HTTPHandler {
        private let photos: [Data]

        init(_ photos: [Data]) {
            self.photos = photos
        }

        func handle(_ request: HTTPRequest) async -> HTTPAction {
            let name = request.path.dropFirst()
            guard name.hasPrefix("photo-"), name.hasSuffix(".jpg"),
                let index = Int(name.dropFirst("photo-".count).dropLast(".jpg".count)), photos.indices.contains(index)
            else { return .respond(.text(404, "not found")) }
            var headers = HTTPHeaders()
            headers.set("Content-Type", "image/jpeg")
            headers.set("Timing-Allow-Origin", "*")
            return .respond(HTTPResponse(status: 200, headers: headers, body: .data(photos[index])))
        }

        /// Runs `body` with the host's base URL (`http://127.0.0.1:PORT`), then shuts it down.
        static func with(_ photos: [Data], _ body: (String) async throws -> Void) async throws {
            try await withLoopbackHost(PhotoHost(photos), body)
        }
    }
#endif
