import FeedOutput
import Foundation

/// The rules of a page that stands on its own (`convert --format html`): its one `<style>` and one
/// `<script>` are allowed by SHA-256 hashes in its Content-Security-Policy (the browser refuses
/// them otherwise), it refers to no file beside it (no relative `src` or `href`), and it passes
/// every ``HTMLPageChecker`` rule once those two elements are set aside.
package enum StandalonePageChecker {
    package static func violations(in html: String) -> [String] {
        var found: [String] = []
        guard let policyStart = html.range(of: #"<meta http-equiv="Content-Security-Policy" content=""#),
            let policyEnd = html[policyStart.upperBound...].firstIndex(of: "\"")
        else { return ["error [csp] no Content-Security-Policy"] }
        let policy = FeedPageRows.unescape(String(html[policyStart.upperBound..<policyEnd]))
        var rest = html
        for (element, directive) in [("style", "style-src"), ("script", "script-src")] {
            guard let open = rest.range(of: "<\(element)>"),
                let close = rest.range(of: "</\(element)>", range: open.upperBound..<rest.endIndex)
            else {
                found.append("error [inline-\(element)] no inline <\(element)>")
                continue
            }
            let body = String(rest[open.upperBound..<close.lowerBound])
            let hash = "'sha256-" + Data(SHA256.digest(Array(body.utf8))).base64EncodedString() + "'"
            let allowed = policy.split(separator: ";").first {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix(directive)
            }
            if allowed?.contains(hash) != true {
                found.append("error [csp-hash] the inline <\(element)>'s \(hash) is not in \(directive)")
            }
            let stand = element == "style" ? #"<link rel="stylesheet" href="x.css">"# : #"<script src="x.js"></script>"#
            rest.replaceSubrange(open.lowerBound..<close.upperBound, with: stand)
        }
        for attribute in ["src", "href", "data-fallback"] {
            for piece in rest.components(separatedBy: " \(attribute)=\"").dropFirst() {
                let value = piece.prefix { $0 != "\"" }
                if value == "x.css" || value == "x.js" { continue }
                if !(value.hasPrefix("https:") || value.hasPrefix("http:") || value.hasPrefix("data:")) {
                    found.append("error [relative] \(attribute)=\"\(value)\" needs a file beside the page")
                }
            }
        }
        return found + HTMLPageChecker.violations(in: rest)
    }
}
