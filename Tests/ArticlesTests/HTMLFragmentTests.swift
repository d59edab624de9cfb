import Articles
import Foundation
import Testing

/// A feed item's own HTML made safe by the articles' rules (issue 27, point 4): nothing that runs or loads on its
/// own, no tracking pixel, lazy pictures given their address, every address absolute.
@Suite struct HTMLFragmentTests {
    let base = URL(string: "https://gazette.example/feeds/rss.xml")

    @Test func keepsTheMarkupOfTheTextAndMakesAddressesAbsolute() throws {
        let fragment = try #require(
            HTMLFragment.sanitized(
                #"<p>The <b>ferry</b> hit a <a href="/news/tug">tug</a>.</p><img src="img/fog.jpg" alt="Fog">"#,
                base: base))
        #expect(fragment.contains("<b>ferry</b>"))
        #expect(fragment.contains(#"href="https://gazette.example/news/tug""#))
        #expect(fragment.contains(#"src="https://gazette.example/feeds/img/fog.jpg""#))
        #expect(fragment.contains("hit a <a href="))
    }

    @Test(arguments: [
        #"<script>alert(1)</script>"#, #"<p onclick="steal()">x</p>"#, #"<iframe src="https://ads.example/"></iframe>"#,
        #"<form action="/pay"><input name="card"></form>"#, #"<style>body{display:none}</style>"#,
        #"<a href="javascript:steal()">x</a>"#, #"<img src="https://track.example/p.gif" width="1" height="1">"#,
        #"<img src="https://track.example/q.gif" width="0">"#, #"<object data="x.swf"></object>"#,
        #"<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">"#,
    ])
    func dropsWhatRunsLoadsOrTracks(hostile: String) throws {
        let fragment = try #require(HTMLFragment.sanitized("<p>Kept text.</p>" + hostile, base: base))
        for word in [
            "script", "onclick", "iframe", "form", "input", "style", "javascript:", "track.example", "object",
            "data:",
        ] {
            #expect(!fragment.contains(word), "\(word) in \(fragment)")
        }
        #expect(fragment.contains("Kept text."))
    }

    @Test func aLazyPictureGetsItsRealAddress() throws {
        let fragment = try #require(
            HTMLFragment.sanitized(
                #"<p>Text.</p><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/img/real.jpg">"#,
                base: base))
        #expect(fragment.contains(#"src="https://gazette.example/img/real.jpg""#), "\(fragment)")
    }

    @Test func nothingReadableIsNil() {
        #expect(HTMLFragment.sanitized("  \n ", base: base) == nil)
        #expect(HTMLFragment.sanitized("<script>x()</script>", base: base) == nil)
    }
}
