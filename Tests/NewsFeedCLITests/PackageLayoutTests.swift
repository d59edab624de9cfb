import Foundation
import NewsFeedCLI
import TestSupport
import Testing

/// The flow of docs/architecture.md, kept true: every target under `Sources/` imports only targets before it.
@Suite struct PackageLayoutTests {
    /// The package's targets in flow order: C shims, the HTTP server (which knows no news), then the data flow.
    static let flow = [
        "CEpoll", "CLibXML2", "CZlib", "CVips", "HTTPServing", "NewsModel", "HTTPFetching", "Articles", "Upstreams",
        "FeedFormats", "FeedOutput", "Images", "FeedBuild", "FullText", "FeedWatch", "FeedServe", "NewsFeedCLI",
        "newsfeed",
        "images-bench", "feeds-bench",
    ]

    @Test func everyTargetImportsOnlyTargetsBeforeItInTheFlow() throws {
        let sources = RepositoryPaths.root.appending(path: "Sources")
        let targets = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { !$0.hasPrefix(".") }
        #expect(Set(Self.flow).isSubset(of: targets), "the flow names only targets that exist")
        var backwards: [String] = []
        for target in targets {
            // A target not yet placed in the flow is checked as if it came last.
            let position = Self.flow.firstIndex(of: target) ?? Self.flow.count
            let folder = sources.appending(path: target)
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") || file.hasSuffix(".h") {
                let text = try String(contentsOf: folder.appending(path: file), encoding: .utf8)
                for imported in Self.imports(in: text) {
                    guard let other = Self.flow.firstIndex(of: imported) else { continue }
                    if other >= position { backwards.append("\(target)/\(file) imports \(imported)") }
                }
            }
        }
        #expect(backwards == [])
    }

    /// The module names of `import X` lines (attributes such as `@testable` or `@preconcurrency` allowed).
    static func imports(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
            guard words.count >= 2, words[0] == "import" else { return nil }
            return String(words[1])
        }
    }

    /// C enters through a shim header the compiler checks (docs/architecture.md): a function looked up by name
    /// with `dlsym` has no prototype behind it, and a wrong cast of it is found only when it runs.
    @Test func noSourceLooksACFunctionUpByName() throws {
        let sources = RepositoryPaths.root.appending(path: "Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        var lookups: [String] = []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appending(path: file), encoding: .utf8)
            if text.contains("dlsym(") { lookups.append(file) }
        }
        #expect(lookups == [])
    }

    /// The two glibc functions the toolchain's Glibc module leaves out, called through the CEpoll shim.
    @Test func mallocArenasAreLimitedThroughTheShim() {
        #expect(MallocArenas.limit(to: 2), "glibc took M_ARENA_MAX")
    }

    /// Commands keep two malloc arenas, but `convert`, whose two busy threads keep one each from the start (a limit
    /// raised later does not part threads already sharing one).
    @Test func convertKeepsAnArenaPerThread() {
        #expect(!MallocArenas.limitsArenas(forCommand: "convert"))
        for command in ["serve", "build", "watch", "demo", "status", "bookmark", "extract", nil] {
            #expect(MallocArenas.limitsArenas(forCommand: command))
        }
    }

    @Test func theCheckSeesAnImportOfALaterTarget() {
        #expect(
            Self.imports(in: "import Foundation\n@preconcurrency import FeedBuild\n// import X\n")
                == ["Foundation", "FeedBuild"])
    }
}
