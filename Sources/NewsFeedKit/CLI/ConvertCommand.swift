import Foundation

/// `newsfeed convert FILE|- --country CC --category CATEGORY [--site URL]`: one saved
/// NewsAPI response to RSS 2.0 on stdout; no network, no state.
enum ConvertCommand {
    static let parser = ArgumentParser(
        command: "convert", options: [.value("--country"), .value("--category"), .value("--site")],
        positionals: 1...1)

    static func run(_ context: CommandContext) async throws(CommandExit) -> ExitCode {
        let parsed = try parser.parse(context, help: CommandHelp.convert)
        let spec: FeedSpec
        let site: URL
        do {
            (spec, site) = try validate(parsed)
        } catch {
            throw context.exit(.usage, error.message)
        }
        let input = parsed.positionals[0]
        let name = input == "-" ? "stdin" : input
        // Articles are read from the raw bytes, turned into stories and written one at a time, so a
        // big response is held once, as its bytes, while its feed is written (see bench/convert).
        let (response, mapped) = try readResponse(input, name: name, context)
        // Checking and indexing read every page; from here on only the articles being read are needed.
        mapped?.releasePages()
        let (channel, stories) = makeFeed(response.articles, spec: spec, site: site, now: context.clock())
        do {
            // Written in pieces of items, so a 10,000-item feed is never held whole either; every
            // tenth piece the input pages read so far are handed back too (more often costs
            // page faults for the pages the normalizer is reading ahead).
            var pieces = 0
            try RSSRenderer().render(channel, followedBy: stories) {
                context.standardOutput.write(utf8: $0)
                pieces += 1
                if pieces % 10 == 0 { mapped?.releasePages() }
            }
        } catch {
            throw context.exit(.failure, "\(name): \(error)")
        }
        if response.articles.isEmpty {
            context.standardError.line("\(name): the response holds no articles; wrote an empty feed")
        }
        return .ok
    }

    /// The decoded response of `input` (a file or `-`), and the file's mapping when it is mapped;
    /// exit 1 after saying on stderr why not.
    private static func readResponse(_ input: String, name: String, _ context: CommandContext) throws(CommandExit)
        -> (NewsAPILazyResponse, MappedInput?)
    {
        let data: Data
        var mapped: MappedInput?
        if input == "-" {
            data = context.readStandardInput()
        } else {
            let url = ConfigLoader.resolve(input, against: context.workingDirectory)
            // Mapped, not copied, where the file allows it: the articles are built from the
            // bytes in place. Anything that cannot be mapped is read as before.
            mapped = MappedInput(path: url.path)
            if let mapped {
                data = mapped.data
            } else {
                do {
                    data = try Data(contentsOf: url)
                } catch {
                    throw context.exit(.failure, "\(input): cannot read: \(Self.readFailure(url))")
                }
            }
        }
        do {
            // Pages already checked are handed back as the check goes on.
            let progress = mapped.map { mapped in { (offset: Int) in mapped.releasePages(upTo: offset) } }
            return (try NewsAPIResponse.decodeLazily(data: data, progress: progress), mapped)
        } catch {
            throw context.exit(.failure, "\(name): \(error.description)")
        }
    }

    /// The feed `build` would write on its first run for `articles`: the channel (without stories)
    /// and the stories, with their images decided, made one at a time as they are read.
    static func makeFeed(_ articles: NewsAPIArticles, spec: FeedSpec, site: URL, now: Date) -> (
        channel: FeedDocument, stories: LazyMapSequence<ParallelNormalizedStories<NewsAPIArticles>, Story>
    ) {
        let seen = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        let resolver = StoryImageResolver(
            site: site, defaultImage: DefaultImageAsset.storyImage(site: site), images: [:])
        let channel = FeedChannel.document(
            for: spec, site: site, ttlMinutes: NewsFeedConfig.defaultTTL, stories: [], updated: seen)
        // Normalizing is half the work of a big response: two threads share it.
        let stories = ParallelNormalizedStories(
            articles: articles, normalizer: StoryNormalizer(defaults: StoryDefaults()), seenAt: seen, workers: 2)
        return (channel, stories.lazy.map { resolver.resolve($0, originalImage: nil) })
    }

    private static func validate(_ parsed: ParsedArguments) throws(UsageError) -> (FeedSpec, URL) {
        guard let country = parsed.value("--country")?.lowercased() else {
            throw UsageError("newsfeed convert: --country is required (e.g. --country us)")
        }
        guard let category = parsed.value("--category")?.lowercased() else {
            throw UsageError("newsfeed convert: --category is required (e.g. --category health)")
        }
        guard NewsAPICatalog.country(country) != nil else {
            throw UsageError("newsfeed convert: --country \(country) is not one of NewsAPI's countries")
        }
        guard NewsAPICatalog.isCategory(category) else {
            throw UsageError(
                "newsfeed convert: --category \(category) is not one of "
                    + NewsAPICatalog.categories.joined(separator: ", "))
        }
        var site = NewsFeedConfig.defaultSite
        if let text = parsed.value("--site") {
            switch SiteURL.parse(text) {
            case .success(let url): site = url
            case .failure(let problem): throw UsageError("newsfeed convert: --site \(problem.description)")
            }
        }
        return (FeedSpec(country: country, category: category), site)
    }

    private static func readFailure(_ url: URL) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return "no such file" }
        return isFolder.boolValue ? "it is a folder" : "permission denied"
    }
}
