import Foundation

/// Reads and validates `newsfeed.json` into a ``NewsFeedConfig``.
public enum ConfigLoader {
    /// The config file name looked for in the working directory.
    public static let defaultFileName = "newsfeed.json"

    /// The reason given for a config that does not exist (the only one that suggests `init`).
    static let noSuchFile = "no such file"

    /// Loads the config at `path` (absolute, or relative to `workingDirectory`).
    public static func load(path: String, workingDirectory: URL) throws(ConfigError) -> NewsFeedConfig {
        let fileURL = resolve(path, against: workingDirectory)
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch {
            throw .unreadable(path: path, reason: readFailureReason(for: fileURL))
        }
        return try parse(data, path: path, folder: fileURL.deletingLastPathComponent())
    }

    /// The JSON syntax is checked strictly first, with the reader NewsAPI's answers go through
    /// (RFC 8259): Foundation's decoder lets a trailing comma through, a hand-edited config must not.
    private static func checkSyntax(_ data: Data, path: String) throws(ConfigError) -> JSONDocument {
        if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { throw .empty(path: path) }
        do {
            return try JSONDocument(parsing: data)
        } catch {
            let (line, column) = position(of: error.offset, in: data)
            throw .invalidJSON(path: path, detail: "syntax error at line \(line), column \(column): \(error.cause)")
        }
    }

    /// 1-based line and column (in characters, not bytes) of byte `offset`.
    package static func position(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in data.prefix(max(0, offset)) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// Parses config bytes; `path` names the file in messages, `folder` anchors a relative `output`.
    public static func parse(_ data: Data, path: String, folder: URL) throws(ConfigError) -> NewsFeedConfig {
        let document = try checkSyntax(data, path: path)
        let file: ConfigFile
        do {
            file = try JSONDecoder().decode(ConfigFile.self, from: data)
        } catch let unknown as UnknownConfigKey {
            throw .unknownKey(path: path, keyPath: unknown.keyPath, known: unknown.known)
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
                // JSONDecoder reports a number it cannot make an `Int` of without saying where.
                if let problem = numberProblem(in: document.root, path: []) {
                    throw .invalidValue(path: path, keyPath: problem.keyPath, reason: problem.reason)
                }
                throw .invalidJSON(path: path, detail: syntaxProblem(in: data))
            }
            throw describe(error, path: path)
        } catch {
            throw .invalidJSON(path: path, detail: "\(error)")
        }
        return try validate(file, path: path, folder: folder)
    }

    package static func resolve(_ path: String, against folder: URL) -> URL {
        let expanded = (path as NSString).expandingTildeInPath
        if expanded.hasPrefix("/") {
            return URL(fileURLWithPath: expanded).standardizedFileURL
        }
        return folder.appending(path: expanded).standardizedFileURL
    }

    /// Why the file could not be read, from the system's own answer (a file that exists but
    /// cannot be opened is "permission denied", never "create one").
    private static func readFailureReason(for url: URL) -> String {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            return "it is a folder"
        }
        let descriptor = open(url.path, O_RDONLY)
        let code = errno
        if descriptor >= 0 {
            close(descriptor)
            return "cannot read it"
        }
        return SystemErrorText.reason(errno: code)
    }

    private static func describe(_ error: DecodingError, path: String) -> ConfigError {
        switch error {
        case .keyNotFound(let key, let context):
            return .missingKey(path: path, keyPath: ConfigKey.describe(context.codingPath + [key]))
        case .typeMismatch(let type, let context):
            return .invalidValue(
                path: path, keyPath: ConfigKey.describe(context.codingPath), reason: "expected \(typeName(type))")
        case .valueNotFound(let type, let context):
            return .invalidValue(
                path: path, keyPath: ConfigKey.describe(context.codingPath),
                reason: "expected \(typeName(type)), found null"
            )
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                let underlying = (context.underlyingError as NSError?)?.userInfo["NSDebugDescription"] as? String
                return .invalidJSON(path: path, detail: underlying ?? context.debugDescription)
            }
            let keyPath = ConfigKey.describe(context.codingPath)
            var reason = context.debugDescription
            // Nested decoders (watch settings, durations) already name the key: say it once.
            if reason.hasPrefix(keyPath + ": ") { reason.removeFirst(keyPath.count + 2) }
            // A nested decoder may name a key inside its own (`watch` → `watch.timeout: …`): use that one.
            if let colon = reason.range(of: ": "), reason.hasPrefix(keyPath + ".") || reason.hasPrefix(keyPath + "["),
                !reason[..<colon.lowerBound].contains(" ")
            {
                return .invalidValue(
                    path: path, keyPath: String(reason[..<colon.lowerBound]),
                    reason: String(reason[colon.upperBound...]))
            }
            return .invalidValue(path: path, keyPath: keyPath, reason: reason)
        @unknown default:
            return .invalidJSON(path: path, detail: "\(error)")
        }
    }

    /// What every whole-number setting accepts, for a number too large for any of them (e.g. `1e400`).
    static func allowedRange(of keyPath: String) -> String {
        switch keyPath.split(separator: ".").last.map(String.init) ?? keyPath {
        case "pageSize": "must be 1 to 100 (NewsAPI's limit)"
        case "maxItems": "must be 1 to 10000"
        case "maxAgeDays": "must be 1 to 3650"
        case "ttl": "must be a positive number of minutes"
        case "requestsPerDay", "requestsPer12h": "must be a positive number of requests or null (unlimited)"
        case "reserve": "must be 0 or more requests"
        default: "must be a whole number in range"
        }
    }

    /// The first number in the config that is not a whole number within `Int`'s range, with its key path;
    /// every number newsfeed reads is a whole number, so that is the one JSONDecoder refused.
    static func numberProblem(in value: JSONValue, path: [ConfigKey]) -> (keyPath: String, reason: String)? {
        switch value.kind {
        case .number:
            guard value.integer == nil, let text = value.numberText, let number = value.double else { return nil }
            // JSONDecoder takes `2.0` or `1e3` as whole numbers: not the culprit.
            if number.isFinite, number.rounded() == number, abs(number) < 0x1p53 { return nil }
            let keyPath = ConfigKey.describe(path)
            if number.isFinite, number.rounded() != number {
                return (keyPath, "expected a whole number, not \(text)")
            }
            return (keyPath, "\(allowedRange(of: keyPath)), not \(text)")
        case .array:
            for (index, element) in (value.elements ?? []).enumerated() {
                var key = ConfigKey(String(index))
                key.intValue = index
                if let problem = numberProblem(in: element, path: path + [key]) { return problem }
            }
            return nil
        case .object:
            for member in value.members ?? [] {
                if let problem = numberProblem(in: member.value, path: path + [ConfigKey(member.name)]) {
                    return problem
                }
            }
            return nil
        default:
            return nil
        }
    }

    /// Where the JSON syntax breaks, as `line L, column C` (JSONDecoder does not say; the
    /// serialization parser names the character offset).
    private static func syntaxProblem(in data: Data) -> String {
        do {
            _ = try JSONSerialization.jsonObject(with: data)
        } catch {
            let text = (error as NSError).userInfo["NSDebugDescription"] as? String ?? ""
            guard let range = text.range(of: "character "),
                let offset = Int(text[range.upperBound...].prefix { $0.isNumber })
            else { return text.isEmpty ? "the JSON syntax is broken" : text }
            let before = data.prefix(offset)
            let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
            let column = offset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
            return "syntax error at line \(line), column \(column)"
        }
        return "the JSON syntax is broken"
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: "a whole number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is [Any].Type: "a list"
        default: "\(type)".lowercased().contains("array") ? "a list" : "an object"
        }
    }

    private static func validate(_ file: ConfigFile, path: String, folder: URL) throws(ConfigError) -> NewsFeedConfig {
        func invalid(_ keyPath: String, _ reason: String) -> ConfigError {
            .invalidValue(path: path, keyPath: keyPath, reason: reason)
        }

        var site = NewsFeedConfig.defaultSite
        if let text = file.site {
            switch SiteURL.parse(text) {
            case .success(let url): site = url
            case .failure(let problem): throw invalid("site", problem.description)
            }
        }
        let outputText = file.output ?? "Feeds"
        guard !outputText.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw invalid("output", "must name a folder")
        }
        let output = resolve(outputText, against: folder)

        guard !file.feeds.isEmpty else {
            throw invalid("feeds", "list at least one feed, e.g. {\"country\": \"us\", \"category\": \"health\"}")
        }
        let specs = try FeedEntryValidator(path: path).specs(from: file.feeds)

        let pageSize = file.pageSize ?? 100
        guard (1...100).contains(pageSize) else {
            throw invalid("pageSize", "must be 1 to 100 (NewsAPI's limit), not \(pageSize)")
        }
        let maxItems = file.maxItems ?? 100
        guard (1...10_000).contains(maxItems) else { throw invalid("maxItems", "must be 1 to 10000, not \(maxItems)") }
        let maxAgeDays = file.maxAgeDays ?? 7
        guard (1...3650).contains(maxAgeDays) else {
            throw invalid("maxAgeDays", "must be 1 to 3650, not \(maxAgeDays)")
        }
        let ttl = file.ttl ?? NewsFeedConfig.defaultTTL
        guard ttl > 0 else { throw invalid("ttl", "must be a positive number of minutes, not \(ttl)") }

        var defaults = FeedDefaults()
        if let entry = file.defaults {
            // An empty description is allowed: it means "no description" (see docs/configuration.md).
            for (key, value) in [("title", entry.title), ("source", entry.source)] {
                if let value, value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                    throw invalid("defaults.\(key)", "must not be blank")
                }
            }
            defaults.title = entry.title ?? defaults.title
            defaults.source = entry.source ?? defaults.source
            defaults.description = entry.description ?? defaults.description
            switch entry.image {
            case .absent: defaults.image = .bundled
            case .null: defaults.image = .none
            case .text(let text) where text == "bundled": defaults.image = .bundled
            case .text(let text):
                guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                    scheme == "http" || scheme == "https", url.host?.isEmpty == false
                else {
                    throw invalid(
                        "defaults.image", "\"\(text)\" is neither \"bundled\", null nor an absolute http(s) URL")
                }
                defaults.image = .url(url)
            }
        }

        var config = NewsFeedConfig(
            site: site, output: output, feeds: specs, pageSize: pageSize, maxItems: maxItems, maxAgeDays: maxAgeDays,
            ttl: ttl, defaults: defaults, watch: file.watch ?? .standard)
        if let entry = file.quota { config.quota = try quota(from: entry, invalid: invalid) }
        if let names = file.formats {
            config.formats = try formats(names, invalid: invalid)
        }
        if let entry = file.images {
            config.images = try images(from: entry, path: path, invalid: invalid)
        }
        config.allowPrivate = file.allowPrivate ?? false
        if let entry = file.fullText { config.fullText = try fullText(from: entry, folder: folder, invalid: invalid) }
        if let text = file.sources?.maxFeedBytes {
            guard let size = ByteSize(parsing: text), size.bytes > 0 else {
                throw invalid(
                    "sources.maxFeedBytes", "\"\(text)\" is not a size such as \"16MB\" or \"500KB\" (KB, MB or GB)")
            }
            config.maxFeedBytes = size
        }
        if let concurrency = file.sources?.concurrency {
            guard NewsFeedConfig.sourcesConcurrencyRange.contains(concurrency) else {
                throw invalid(
                    "sources.concurrency",
                    "must be a whole number from \(NewsFeedConfig.sourcesConcurrencyRange.lowerBound) to "
                        + "\(NewsFeedConfig.sourcesConcurrencyRange.upperBound), not \(concurrency)")
            }
            config.sourcesConcurrency = concurrency
        }
        if let entry = file.websub { config.websub = try websub(from: entry, invalid: invalid) }
        return config
    }

    /// The `"websub"` object: outside hubs as absolute http(s) URLs, leases ordered and within range, caps and
    /// timeout within range.
    private static func websub(
        from entry: ConfigFile.WebSubEntry, invalid: (String, String) -> ConfigError
    ) throws(ConfigError) -> WebSubSettings {
        var settings = WebSubSettings.standard
        settings.hub = entry.hub ?? settings.hub
        var hubs: [URL] = []
        for (index, text) in (entry.hubs ?? []).enumerated() {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https", url.host?.isEmpty == false
            else {
                throw invalid("websub.hubs[\(index)]", "\"\(text)\" is not an absolute http(s) URL")
            }
            guard !hubs.contains(url) else { throw invalid("websub.hubs[\(index)]", "\"\(text)\" is listed twice") }
            hubs.append(url)
        }
        settings.hubs = hubs
        let lease = entry.leaseSeconds
        settings.leaseDefault = lease?.byDefault ?? settings.leaseDefault
        settings.leaseMinimum = lease?.min ?? settings.leaseMinimum
        settings.leaseMaximum = lease?.max ?? settings.leaseMaximum
        for (name, value) in [
            ("default", settings.leaseDefault), ("min", settings.leaseMinimum), ("max", settings.leaseMaximum),
        ] where !WebSubSettings.leaseRange.contains(value.milliseconds) {
            throw invalid("websub.leaseSeconds.\(name)", "must be 1m to 365d, not \(value)")
        }
        guard settings.leaseMinimum <= settings.leaseMaximum else {
            throw invalid(
                "websub.leaseSeconds",
                "min (\(settings.leaseMinimum)) must not be longer than max (\(settings.leaseMaximum))")
        }
        guard settings.leaseMinimum <= settings.leaseDefault, settings.leaseDefault <= settings.leaseMaximum else {
            throw invalid(
                "websub.leaseSeconds.default",
                "must be between min (\(settings.leaseMinimum)) and max (\(settings.leaseMaximum)), not \(settings.leaseDefault)"
            )
        }
        let range = WebSubSettings.maxSubscriptionsRange
        if let count = entry.maxSubscriptions {
            guard range.contains(count) else {
                throw invalid(
                    "websub.maxSubscriptions", "must be \(range.lowerBound) to \(range.upperBound), not \(count)")
            }
            settings.maxSubscriptions = count
        }
        if let count = entry.maxPerCallbackHost {
            guard range.contains(count) else {
                throw invalid(
                    "websub.maxPerCallbackHost", "must be \(range.lowerBound) to \(range.upperBound), not \(count)")
            }
            settings.maxPerCallbackHost = count
        }
        if let timeout = entry.timeout {
            guard WebSubSettings.timeoutRange.contains(timeout.milliseconds) else {
                throw invalid("websub.timeout", "must be 1s to 5m, not \(timeout)")
            }
            settings.timeout = timeout
        }
        return settings
    }

    /// The `"fullText"` object: every number within its range, a duration and a size that make sense, a site-rule
    /// folder that exists (relative to the config's `folder`).
    private static func fullText(
        from entry: ConfigFile.FullTextEntry, folder: URL, invalid: (String, String) -> ConfigError
    ) throws(ConfigError) -> FullTextSettings {
        var settings = FullTextSettings.standard
        func within(_ value: Int?, _ range: ClosedRange<Int>, _ name: String, _ unit: String) throws(ConfigError)
            -> Int?
        {
            guard let value else { return nil }
            guard range.contains(value) else {
                throw invalid(
                    "fullText.\(name)", "must be \(range.lowerBound) to \(range.upperBound) \(unit), not \(value)")
            }
            return value
        }
        settings.byDefault = entry.byDefault ?? settings.byDefault
        settings.robots = entry.robots ?? settings.robots
        settings.pagesPerRun =
            try within(entry.pagesPerRun, FullTextSettings.pagesPerRunRange, "pagesPerRun", "pages")
            ?? settings.pagesPerRun
        settings.concurrency =
            try within(entry.concurrency, FullTextSettings.concurrencyRange, "concurrency", "pages")
            ?? settings.concurrency
        settings.perHost =
            try within(entry.perHost, FullTextSettings.perHostRange, "perHost", "pages") ?? settings.perHost
        settings.maxPages =
            try within(entry.maxPages, FullTextSettings.maxPagesRange, "maxPages", "pages") ?? settings.maxPages
        if let text = entry.siteConfig {
            guard !text.isEmpty else { throw invalid("fullText.siteConfig", "must name a folder of site rules") }
            let rules = resolve(text, against: folder)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: rules.path, isDirectory: &isFolder) else {
                throw invalid("fullText.siteConfig", "no such folder: \(rules.path)")
            }
            guard isFolder.boolValue else { throw invalid("fullText.siteConfig", "\(rules.path) is not a folder") }
            settings.siteConfig = rules
        }
        if let timeout = entry.timeout {
            guard FullTextSettings.timeoutRange.contains(timeout.milliseconds) else {
                throw invalid("fullText.timeout", "must be 1s to 5m, not \(timeout)")
            }
            settings.timeout = timeout
        }
        if let spacing = entry.hostSpacing {
            guard spacing.milliseconds <= 60_000 else {
                throw invalid("fullText.hostSpacing", "must be 0s to 1m, not \(spacing)")
            }
            settings.hostSpacing = spacing
        }
        func bytes(_ size: ConfigFile.FullTextEntry.Size?, _ name: String, _ range: ClosedRange<Int>, _ words: String)
            throws(ConfigError) -> Int?
        {
            guard let size else { return nil }
            let bytes: Int
            switch size {
            case .bytes(let count): bytes = count
            case .text(let text):
                guard let parsed = ByteSize(parsing: text) else {
                    throw invalid(
                        "fullText.\(name)",
                        "\"\(text)\" is not a size such as \"8MB\" or \"512KB\" (or a whole number of bytes)")
                }
                bytes = parsed.bytes
            }
            guard range.contains(bytes) else {
                throw invalid(
                    "fullText.\(name)",
                    "must be \(words) (\(range.lowerBound) to \(range.upperBound) bytes), not \(bytes) bytes")
            }
            return bytes
        }
        settings.maxPageBytes =
            try bytes(entry.maxPageBytes, "maxPageBytes", FullTextSettings.maxPageBytesRange, "64KB to 64MB")
            ?? settings.maxPageBytes
        settings.maxArticleBytes =
            try bytes(entry.maxArticleBytes, "maxArticleBytes", FullTextSettings.maxArticleBytesRange, "16KB to 64MB")
            ?? settings.maxArticleBytes
        if let limit = entry.extractTimeout {
            guard FullTextSettings.extractTimeoutRange.contains(limit.milliseconds) else {
                throw invalid("fullText.extractTimeout", "must be 1ms to 5m, not \(limit)")
            }
            settings.extractTimeout = limit
        }
        if let limit = entry.runTime {
            guard FullTextSettings.runTimeRange.contains(limit.milliseconds) else {
                throw invalid("fullText.runTime", "must be 1s to 1h, not \(limit)")
            }
            settings.runTime = limit
        }
        return settings
    }

    /// The `"images"` object: widths within range, each once (sorted ascending), a size with its unit, and
    /// `cache: true` only from a binary built with the `ImageCache` trait.
    private static func images(
        from entry: ConfigFile.ImagesEntry, path: String, invalid: (String, String) -> ConfigError
    ) throws(ConfigError) -> ImageSettings {
        var settings = ImageSettings.standard
        if let widths = entry.widths {
            guard !widths.isEmpty else { throw invalid("images.widths", "list at least one width, e.g. [320, 640]") }
            let range = ImageSettings.widthRange
            for (index, width) in widths.enumerated() {
                guard range.contains(width) else {
                    throw invalid(
                        "images.widths[\(index)]",
                        "must be \(range.lowerBound) to \(range.upperBound) pixels, not \(width)")
                }
                guard !widths[..<index].contains(width) else {
                    throw invalid("images.widths[\(index)]", "\(width) is listed twice")
                }
            }
            settings.widths = widths.sorted()
        }
        if let text = entry.maxTotal {
            guard let size = ByteSize(parsing: text), size.bytes > 0 else {
                throw invalid(
                    "images.maxTotal", "\"\(text)\" is not a size such as \"500MB\" or \"2GB\" (KB, MB or GB)")
            }
            settings.maxTotal = size
        }
        settings.cache = entry.cache ?? false
        if settings.cache, !BuildTraits.imageCache {
            throw .notBuiltIn(path: path, keyPath: "images.cache", trait: "ImageCache", package: "libvips-dev")
        }
        return settings
    }

    private static func quota(
        from entry: ConfigFile.QuotaEntry, invalid: (String, String) -> ConfigError
    ) throws(ConfigError) -> QuotaSettings {
        var quota = QuotaSettings.standard
        func limit(_ value: ConfigFile.QuotaEntry.Limit, _ name: String, _ standard: Int?) throws(ConfigError) -> Int? {
            switch value {
            case .absent: return standard
            case .unlimited: return nil
            case .value(let count):
                guard count >= 1 else {
                    throw invalid(
                        "quota.\(name)", "must be a positive number of requests or null (unlimited), not \(count)")
                }
                return count
            }
        }
        quota.requestsPerDay = try limit(entry.requestsPerDay, "requestsPerDay", quota.requestsPerDay)
        quota.requestsPer12h = try limit(entry.requestsPer12h, "requestsPer12h", quota.requestsPer12h)
        // The default reserve never takes more than a tenth of a limit, so a small quota
        // (`"requestsPerDay": 4`) is still spent by cron; a reserve given is taken as is.
        let limits = quota.windows.compactMap(\.limit)
        quota.reserve = entry.reserve ?? ([QuotaSettings.standard.reserve] + limits.map { $0 / 10 }).min() ?? 0
        guard quota.reserve >= 0 else {
            throw invalid("quota.reserve", "must be 0 or more requests, not \(quota.reserve)")
        }
        for window in quota.windows {
            if let limit = window.limit, quota.reserve >= limit {
                throw invalid(
                    "quota.reserve",
                    "\(quota.reserve) leaves nothing of the \(window.name) limit (\(limit)) for scheduled builds")
            }
        }
        return quota
    }

    /// The `"formats"` list: known names, each once, at least one.
    private static func formats(
        _ names: [String], invalid: (String, String) -> ConfigError
    ) throws(ConfigError) -> [FeedFormat] {
        guard !names.isEmpty else {
            throw invalid("formats", "list at least one of \(FeedFormat.allNames)")
        }
        var formats: [FeedFormat] = []
        for (index, name) in names.enumerated() {
            guard let format = FeedFormat(rawValue: name.lowercased()) else {
                throw invalid("formats[\(index)]", "\"\(name)\" is not one of \(FeedFormat.allNames)")
            }
            guard !formats.contains(format) else {
                throw invalid("formats[\(index)]", "\"\(name)\" is listed twice")
            }
            formats.append(format)
        }
        return formats
    }
}
