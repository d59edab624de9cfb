import FeedWatch
import Testing

/// The parts of ``ImageChecker`` that read a response head, without a network.
@Suite struct ImageCheckerHeadTests {
    @Test func imageWithContentLength() {
        #expect(
            ImageChecker.image(
                status: 200, headers: ["content-type": "image/JPEG; q=1", "content-length": "1234", "etag": "\"a\""])
                == .alive(length: 1234, mimeType: "image/jpeg", etag: "\"a\"", lastModified: nil))
    }

    @Test func partialContentTakesTheTotalFromContentRange() {
        #expect(
            ImageChecker.image(
                status: 206,
                headers: ["content-type": "image/png", "content-length": "1", "content-range": "bytes 0-0/99999"])
                == .alive(length: 99999, mimeType: "image/png", etag: nil, lastModified: nil))
        #expect(
            ImageChecker.image(status: 206, headers: ["content-type": "image/png", "content-range": "bytes 0-0/*"])
                == .alive(length: nil, mimeType: "image/png", etag: nil, lastModified: nil))
    }

    @Test func htmlIsAFailureThatSaysWhy() {
        #expect(
            ImageChecker.image(status: 200, headers: ["content-type": "text/html; charset=utf-8"])
                == .failed(cause: "answered text/html, not an image (hotlink blocked?)", permanent: false, http: 200))
        #expect(
            ImageChecker.image(status: 200, headers: [:])
                == .failed(
                    cause: "answered no Content-Type, not an image (hotlink blocked?)", permanent: false, http: 200))
    }

    @Test func contentRangeTotal() {
        #expect(ImageChecker.totalLength(inContentRange: "bytes 0-0/512") == 512)
        #expect(ImageChecker.totalLength(inContentRange: "bytes 0-0/*") == nil)
        #expect(ImageChecker.totalLength(inContentRange: "garbage") == nil)
    }
}
