import FeedFormats
import Foundation
import TestSupport
import Testing

/// The nginx example of docs/serving-and-monitoring.md serves every file `build` writes with the type `serve` gives it, and
/// sends every text type with its charset and gzipped (as `serve` does).
@Suite struct NginxExampleTests {
    /// The doc's ```nginx block, its `;`-ended directives joined across lines.
    static func nginxDirectives() throws -> [String] {
        let text = try String(contentsOf: RepositoryPaths.doc("serving-and-monitoring.md"), encoding: .utf8)
        let start = try #require(text.range(of: "```nginx\n"))
        let end = try #require(text[start.upperBound...].range(of: "```"))
        return text[start.upperBound..<end.lowerBound].split(separator: ";")
            .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
    }

    /// Extension → type of the example's `types {}` block.
    static func nginxTypes(_ directives: [String]) -> [String: String] {
        var types: [String: String] = [:]
        for directive in directives {
            var words = directive.split(separator: " ").map(String.init)
            if let open = words.firstIndex(of: "{"), words[..<open] == ["types"] { words.removeFirst(open + 1) }
            guard words.count >= 2, words[0].contains("/"), !words.contains("{") else { continue }
            for name in words.dropFirst() where name != "}" { types[name] = words[0] }
        }
        return types
    }

    static func list(_ name: String, in directives: [String]) -> Set<String> {
        let words = directives.first { $0.hasPrefix(name + " ") }?.split(separator: " ").dropFirst() ?? []
        return Set(words.map(String.init))
    }

    @Test func theExampleTypesEveryFileBuildWrites() async throws {
        let folder = TemporaryFolder()
        let run = await CommandRun.run(["demo", "--no-serve", "--output", "out"], workingDirectory: folder.url)
        #expect(run.status == 0, "\(run.standardError)")
        let written = folder.allFiles().filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
        let extensions = Set(written.compactMap { $0.split(separator: "/").last?.split(separator: ".").last })
        #expect(extensions.isSuperset(of: ["rss", "atom", "json", "html", "opml"]), "\(extensions.sorted())")

        let directives = try Self.nginxDirectives()
        let types = Self.nginxTypes(directives)
        let charsetTypes = Self.list("charset_types", in: directives)
        let gzipTypes = Self.list("gzip_types", in: directives)
        // nginx's own defaults already cover text/html for both.
        for name in extensions.map(String.init).sorted() {
            let served = MediaType.forFileName("x.\(name)")
            let type = String(served.contentType.prefix { $0 != ";" })
            #expect(types[name] == type, "\(name): the doc says \(types[name] ?? "nothing"), serve sends \(type)")
            if served.contentType.contains("charset"), type != "text/html" {
                #expect(charsetTypes.contains(type), "charset_types lacks \(type)")
            }
            if served.isCompressible, type != "text/html" {
                #expect(gzipTypes.contains(type), "gzip_types lacks \(type)")
            }
        }
        // The page assets build may write (style sheet, script, icons) are typed too.
        for name in ["css", "js", "svg", "png", "jpg"] {
            let type = String(MediaType.forFileName("x.\(name)").contentType.prefix { $0 != ";" })
            #expect(types[name] == type, "\(name): the doc says \(types[name] ?? "nothing"), serve sends \(type)")
        }
    }
}
