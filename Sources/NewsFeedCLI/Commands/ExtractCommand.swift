import Articles
import Foundation
import HTTPFetching
import NewsModel

/// `newsfeed extract PAGE... [--url URL] [--format text|html|json] [--site-config DIR] [--explain]`: the
/// article of each saved page (a file or `-`), printed as plain text, sanitized HTML or one JSON object per line.
/// Every page is handled in this one process; no config, no state, no output folder.
package enum ExtractCommand {
    /// Its options, help and rules: one entry of ``CommandTable``.
    package static var parser: ArgumentParser { CommandTable.extract.parser }

    /// The output formats.
    enum Format: String, CaseIterable {
        case text, html, json
    }

    package static func run(_ context: CommandContext) async throws(CommandExit) -> ExitCode {
        let parsed = try parser.parse(context, help: CommandHelp.text(for: CommandTable.extract))
        let format: Format
        let pageURL: URL?
        var configured = ArticleExtractor()
        do {
            (format, pageURL) = try validate(parsed)
            configured.siteRules = try siteRules(parsed, context)
        } catch {
            throw context.exit(.usage, error.message)
        }
        let extractor = configured
        let explains = parsed.has("--explain")
        var policy = FetchPolicy.pages(site: Self.site, allowPrivate: parsed.has("--allow-private"))
        policy.maximumBytes = extractor.maximumBytes
        policy.timeout = .seconds(20)
        let fetcher = GuardedFetcher(policy: policy)
        let pages = parsed.positionals
        let pagesAtOnce = Self.pagesAtOnce
        // One malloc arena per page at once and one for this thread: with the process's two, two workers shared
        // one arena and waited for its lock (measured: a fifth more CPU time, a tenth of it in futex waits).
        MallocArenas.limit(to: Int32(clamping: pagesAtOnce + 1))
        var failed = false
        var printedAny = false
        // With several pages, each text starts with a rule and the page's name: a blank line alone is also what
        // separates paragraphs, so two articles would read as one.
        let labelled = pages.count > 1
        await withTaskGroup(of: (Int, Extracted).self) { group in
            // Pages are read and extracted `pagesAtOnce` at a time and printed in the order given: a page is
            // started only while fewer than `pagesAtOnce` are started and not yet printed, so a slow page
            // holds back at most that many finished ones (memory stays bounded however many pages are given).
            var started = 0
            var printed = 0
            var finished: [Int: Extracted] = [:]
            while printed < pages.count, !context.standardOutput.readerIsGone {
                while started < pages.count, started < printed + pagesAtOnce {
                    let index = started
                    // Standard input is read here, in page order, never by two pages at once.
                    let input =
                        pages[index] == "-" ? [UInt8](context.readStandardInput(extractor.maximumBytes + 1)) : nil
                    group.addTask {
                        (
                            index,
                            await extract(
                                pages[index], input: input, url: pageURL, extractor: extractor, fetcher: fetcher,
                                context)
                        )
                    }
                    started += 1
                }
                guard let (index, result) = await group.next() else { break }
                finished[index] = result
                while let (result, report) = finished.removeValue(forKey: printed), !context.standardOutput.readerIsGone
                {
                    if explains { explain(result, report, page: pages[printed], context) }
                    // A blank line goes between two texts, not before the first article printed.
                    if write(
                        result, page: pages[printed], format: format, first: !printedAny, labelled: labelled, context)
                    {
                        printedAny = true
                    } else {
                        failed = true
                    }
                    printed += 1
                }
            }
            group.cancelAll()
        }
        return failed ? .failure : .ok
    }

    /// The line above each page's name in text of several pages: 72 hyphens, which no article paragraph is (a
    /// page's `<hr>` gives no text), and a thematic break to Markdown.
    package static let textRule = String(repeating: "-", count: 72)

    /// One page's outcome and how its article was found.
    typealias Extracted = (Result<Article, ExtractFailure>, ExtractionReport?)

    /// `--explain`: which rule or automatic path gave the page's article, on stderr; for a page without one, only
    /// a rule that was tried (the failure has its own line).
    private static func explain(
        _ result: Result<Article, ExtractFailure>, _ report: ExtractionReport?, page: String,
        _ context: CommandContext
    ) {
        guard let report else { return }
        switch result {
        case .success: context.standardError.line("newsfeed extract: \(page): \(report.explanation)")
        case .failure:
            guard let rule = report.missedRule ?? report.strippedBy else { return }
            let what = report.missedRule != nil ? "matched nothing" : "was applied"
            context.standardError.line("newsfeed extract: \(page): site rule \(rule) \(what)")
        }
    }

    /// The `--site-config` folder; nil without the option.
    private static func siteRules(_ parsed: ParsedArguments, _ context: CommandContext) throws(UsageError)
        -> SiteRuleFolder?
    {
        guard let path = parsed.value("--site-config") else { return nil }
        let folder = ConfigLoader.resolve(path, against: context.workingDirectory)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw UsageError("newsfeed extract: --site-config \(path) is not a folder")
        }
        return SiteRuleFolder(folder: folder)
    }

    /// Prints one page's article (or its error line, and its JSON error object); false when it had none.
    /// `labelled`: the text starts with ``textRule`` and the page's name on a line each, then a blank line.
    private static func write(
        _ result: Result<Article, ExtractFailure>, page: String, format: Format, first: Bool, labelled: Bool,
        _ context: CommandContext
    ) -> Bool {
        switch result {
        case .success(let article):
            switch format {
            case .text:
                let heading = labelled ? "\(textRule)\n\(page)\n\n" : ""
                context.standardOutput.write((first ? "" : "\n") + heading + article.text + "\n")
            case .html: context.standardOutput.write(article.html)
            case .json: ArticleJSON.write(page: page, article: article, to: context.standardOutput)
            }
            return true
        case .failure(let cause):
            context.standardError.line("newsfeed extract: \(page): \(cause)")
            if format == .json { context.standardOutput.line(ArticleJSON.line(page: page, error: cause)) }
            return false
        }
    }

    /// Pages handled at once: one per core, so a call with many pages keeps every core busy (extraction is CPU
    /// work) and fetches that many addresses at a time, while memory stays that of a few pages.
    package static var pagesAtOnce: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// The article of `page`, or why there is none (one short cause). `input` is what standard input held
    /// when `page` is `-` (read no further than one byte past the cap: enough to say "too large", and a pipe
    /// that never ends is not read to its end).
    private static func extract(
        _ page: String, input: [UInt8]?, url: URL?, extractor: ArticleExtractor, fetcher: GuardedFetcher,
        _ context: CommandContext
    ) async -> Extracted {
        let bytes: [UInt8]
        let address: URL?
        var contentType: String?
        if let input {
            bytes = input
            address = url
        } else if page.lowercased().hasPrefix("http://") || page.lowercased().hasPrefix("https://") {
            guard let pageAddress = URL(string: page), pageAddress.host?.isEmpty == false else {
                return (.failure(ExtractFailure("not a valid http(s) address")), nil)
            }
            let fetched: FetchedResource
            do {
                fetched = try await fetcher.fetch(pageAddress)
            } catch {
                // extract reads no config: the way to lift the guard here is the flag.
                let cause = error.description.replacingOccurrences(
                    of: "\"allowPrivate\": true in the config allows it", with: "--allow-private allows it")
                return (.failure(ExtractFailure(cause)), nil)
            }
            guard (200..<300).contains(fetched.status) else {
                return (.failure(ExtractFailure("the publisher answered HTTP \(fetched.status)")), nil)
            }
            bytes = [UInt8](fetched.body)
            address = fetched.url
            contentType = fetched.headers["content-type"]
        } else {
            let file = ConfigLoader.resolve(page, against: context.workingDirectory)
            switch readFile(file, limit: extractor.maximumBytes) {
            case .success(let read): bytes = read
            case .failure(let failure): return (.failure(failure), nil)
            }
            address = url
        }
        var report = ExtractionReport()
        do {
            return (
                .success(try extractor.extract(bytes, url: address, contentType: contentType, report: &report)), report
            )
        } catch {
            return (.failure(ExtractFailure(error.description)), report)
        }
    }

    /// Named in the User-Agent of page fetches: extract has no config, so no site of the user's.
    private static let site = URL(string: "https://github.com/newsfeed") ?? URL(fileURLWithPath: "/")

    /// At most `limit` + 1 bytes of `file` (one more than the cap shows the page is too large
    /// without reading all of it).
    private static func readFile(_ file: URL, limit: Int) -> Result<[UInt8], ExtractFailure> {
        // Linux opens a folder for reading (only reading it fails): ask first.
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), isFolder.boolValue {
            return .failure(ExtractFailure("cannot read: it is a folder"))
        }
        guard let handle = FileHandle(forReadingAtPath: file.path) else {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder)
            let cause = !exists ? "no such file" : isFolder.boolValue ? "it is a folder" : "permission denied"
            return .failure(ExtractFailure("cannot read: \(cause)"))
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            return .success([UInt8](data))
        } catch {
            return .failure(ExtractFailure("cannot read: it is not a regular file"))
        }
    }

    private static func validate(_ parsed: ParsedArguments) throws(UsageError) -> (Format, URL?) {
        var format = Format.text
        if let name = parsed.value("--format") {
            guard let named = Format(rawValue: name.lowercased()) else {
                throw UsageError("newsfeed extract: --format \(name) is not one of text, html, json")
            }
            format = named
        }
        var pageURL: URL?
        if let text = parsed.value("--url") {
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                url.host?.isEmpty == false
            else {
                throw UsageError("newsfeed extract: --url \(text) is not an http(s) address")
            }
            guard parsed.positionals.count == 1 else {
                throw UsageError(
                    "newsfeed extract: --url gives the address of one saved page; \(parsed.positionals.count) were given"
                )
            }
            pageURL = url
        }
        return (format, pageURL)
    }
}

/// Why one page of `extract` gave no article.
struct ExtractFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
