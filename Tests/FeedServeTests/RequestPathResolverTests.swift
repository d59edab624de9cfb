import FeedServe
import Foundation
import TestSupport
import Testing

@Suite struct RequestPathResolverTests {
    /// A root with a feed, the state folder, a temp file of an unfinished write, a
    /// dotfile, a secret outside the root and symlinks pointing in and out.
    private func withRoot(_ body: (ServeTestFolder, RequestPathResolver) async throws -> Void) async throws {
        try await ServeTestFolder.with { outside in
            try await ServeTestFolder.with { root in
                try await body(root, try makeRoot(root: root, outside: outside))
            }
        }
    }

    private func makeRoot(root: ServeTestFolder, outside: ServeTestFolder) throws -> RequestPathResolver {
        try outside.write("secret.txt", "SECRET")
        try root.write("us/health.rss", "<rss/>")
        try root.write("index.html", "<!DOCTYPE html>")
        try root.write(".newsfeed/state.json", "{}")
        try root.write("us/.health.rss.tmp", "half a feed")
        try root.write(".htpasswd", "user:hash")
        try root.write("%2e%2e/literal.txt", "a folder really named %2e%2e")
        try root.symlink("escape.txt", to: outside.path + "/secret.txt")
        try root.symlink("escape-dir", to: outside.path)
        try root.symlink("relative-escape.txt", to: "../" + outside.url.lastPathComponent + "/secret.txt")
        try root.symlink("state-alias.json", to: root.path + "/.newsfeed/state.json")
        try root.symlink("alias.rss", to: "us/health.rss")
        return try RequestPathResolver(root: root.path)
    }

    @Test func servesPlainFilesAndTheRootIndex() async throws {
        try await withRoot { _, resolver in
            guard case .file(let relative, let real) = resolver.resolve("/us/health.rss") else {
                Issue.record("expected the feed")
                return
            }
            #expect(relative == "us/health.rss")
            #expect(real == resolver.realRoot + "/us/health.rss")
            #expect(
                resolver.resolve("/") == .file(relativePath: "index.html", realPath: resolver.realRoot + "/index.html"))
            guard case .file(_, let aliasReal) = resolver.resolve("/alias.rss") else {
                Issue.record("a symlink inside the root is served")
                return
            }
            #expect(aliasReal == resolver.realRoot + "/us/health.rss")
        }
    }

    @Test func decodesPercentEscapesOnce() async throws {
        try await withRoot { _, resolver in
            #expect(resolver.resolve("/us/%68ealth%2Erss") == resolver.resolve("/us/health.rss"))
            #expect(resolver.resolve("/us%2Fhealth.rss") == resolver.resolve("/us/health.rss"))
        }
    }

    @Test(arguments: ["/%252e%252e/literal.txt", "/%25%32%65%25%32%65/literal.txt"])
    func doubleEncodedDotsNameALiteralFolderNeverTheParent(path: String) async throws {
        try await withRoot { _, resolver in
            guard case .file(let relative, let real) = resolver.resolve(path) else {
                Issue.record("\(path) should name the folder literally called %2e%2e")
                return
            }
            #expect(relative == "%2e%2e/literal.txt")
            #expect(real == resolver.realRoot + "/%2e%2e/literal.txt")
        }
    }

    @Test(arguments: [
        "/..", "/../etc/passwd", "/us/../../etc/passwd", "/us/..", "/./us/health.rss", "/us/./health.rss",
        "/%2e%2e/etc/passwd", "/%2E%2E/%2E%2E/etc/passwd", "/us/%2e%2e/%2e%2e/etc/passwd", "/.%2e/etc/passwd",
        "/%2e./etc/passwd", "/..%2fetc%2fpasswd", "/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/us%2f..%2f..%2fsecret.txt",
        "/.newsfeed/state.json", "/%2enewsfeed/state.json", "/.newsfeed/", "/.newsfeed", "/us/.health.rss.tmp",
        "/us/%2Ehealth.rss.tmp", "/.htpasswd", "/%2ehtpasswd", "//etc/passwd", "/us//health.rss", "/us/", "/us",
        "/escape-dir/secret.txt", "/escape.txt", "/relative-escape.txt", "/escape-dir", "/state-alias.json",
    ])
    func refusesWithNotFound(path: String) async throws {
        try await withRoot { _, resolver in
            #expect(resolver.resolve(path) == .refused(.notFound), "\(path)")
        }
    }

    @Test(arguments: ["/missing.rss", "/us/missing.rss", "/%252e%252e/%252e%252e/etc/passwd", "/feeds.opml"])
    func wellFormedMissingPathsAreAbsent(path: String) async throws {
        try await withRoot { _, resolver in
            guard case .absent = resolver.resolve(path) else {
                Issue.record("\(path) gave \(resolver.resolve(path))")
                return
            }
        }
    }

    @Test(arguments: [
        "/%", "/%2", "/%zz", "/%2g", "/us/health.rss%", "/%%32%65", "/%00", "/us/health.rss%00.html",
        "/%C0%AE%C0%AE/etc/passwd", "/%C0%AE/", "/%E0%80%AE%E0%80%AE/etc/passwd", "/%C1%9C", "/%ED%A0%80",
        "/%FF", "/%80", "/%F8%80%80%80%AE", "/..\\..\\etc\\passwd", "/%5c..%5c..%5cetc%5cpasswd",
        "/us%5chealth.rss", "/%0a", "/%0d%0aSet-Cookie:x", "/%7f", "/us/health rss",
        "http://evil.example/us/health.rss", "https://example.com/", "*", "", "us/health.rss",
        "evil.example:80", "/caf\u{e9}",
    ])
    func refusesWithBadRequest(path: String) async throws {
        try await withRoot { _, resolver in
            switch resolver.resolve(path) {
            case .refused(let refusal): #expect(refusal.status == 400, "\(path) gave \(refusal)")
            case let other: Issue.record("\(path) resolved to \(other)")
            }
        }
    }

    @Test func doubleEncodingStaysLiteralAfterOneDecode() throws {
        #expect(try RequestPathResolver.segments(ofRequestPath: "/%252e%252e/x").get() == ["%2e%2e", "x"])
    }

    @Test func decodedUnicodeNamesAreAllowed() throws {
        #expect(try RequestPathResolver.segments(ofRequestPath: "/caf%C3%A9.rss").get() == ["caf\u{e9}.rss"])
    }

    @Test func refusalMessagesNeverEchoThePath() async throws {
        try await withRoot { root, resolver in
            for path in ["/%zz/secret", "/../etc/passwd", "/escape.txt", "/%00secret"] {
                guard case .refused(let refusal) = resolver.resolve(path) else {
                    Issue.record("\(path) should be refused")
                    continue
                }
                #expect(!refusal.message.contains("secret"))
                #expect(!refusal.message.contains("etc"))
                #expect(!refusal.message.contains(root.path))
            }
        }
    }

    @Test func aMissingRootIsAClearError() {
        #expect(throws: ServeError.self) { try RequestPathResolver(root: "/nonexistent/newsfeed-root") }
    }
}
