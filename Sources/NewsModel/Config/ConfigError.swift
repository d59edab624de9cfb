/// Problems with the configuration: the CLI maps every one to exit code 78.
public enum ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read (missing, a folder, no permission).
    case unreadable(path: String, reason: String)
    /// The file holds nothing but whitespace.
    case empty(path: String)
    /// The file is not valid JSON.
    case invalidJSON(path: String, detail: String)
    /// A key newsfeed does not know; `keyPath` names where, e.g. `feeds[1].categroy`.
    case unknownKey(path: String, keyPath: String, known: [String])
    /// A required key is absent.
    case missingKey(path: String, keyPath: String)
    /// A value of the wrong type or out of range.
    case invalidValue(path: String, keyPath: String, reason: String)
    /// The config asks for a feature this binary was built without (a package trait that is off).
    case notBuiltIn(path: String, keyPath: String, trait: String, package: String)
    /// `NEWSAPI_KEY` is not set for a command that fetches.
    case missingAPIKey
    /// `NEWSAPI_KEY` is set, but empty or only blanks (`NEWSAPI_KEY=` in a key file).
    case emptyAPIKey
    /// `NEWSAPI_BASE_URL` is not an absolute http(s) URL.
    case invalidBaseURL(String)
    /// `DDG_BASE_URL` is not an absolute http(s) URL.
    case invalidDuckDuckGoURL(String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason) where reason == ConfigLoader.noSuchFile:
            "\(path): cannot read the config: \(reason) (create one with `newsfeed init`)"
        case .unreadable(let path, let reason):
            "\(path): cannot read the config: \(reason)"
        case .empty(let path):
            "\(path): the config is empty; it needs at least its feeds, e.g. "
                + #"{"feeds": [{"country": "us", "category": "health"}]} (or delete it and run `newsfeed init`)"#
        case .invalidJSON(let path, let detail):
            "\(path): not valid JSON: \(detail)"
        case .unknownKey(let path, let keyPath, let known):
            "\(path): unknown key \"\(keyPath)\" (known here: \(known.joined(separator: ", ")))"
        case .missingKey(let path, let keyPath):
            "\(path): missing required key \"\(keyPath)\""
        case .invalidValue(let path, let keyPath, let reason):
            "\(path): \(keyPath): \(reason)"
        case .notBuiltIn(let path, let keyPath, let trait, let package):
            "\(path): \(keyPath): this newsfeed was built without the \(trait) trait; install \(package) and "
                + "build with `swift build -c release --traits \(trait)` (the Debian package has it), or remove the key"
        case .missingAPIKey:
            "NEWSAPI_KEY is not set: put your NewsAPI.org key in the NEWSAPI_KEY environment variable "
                + "(the systemd units read it from /etc/newsfeed/key.env)"
        case .emptyAPIKey:
            "NEWSAPI_KEY is set but empty: put your NewsAPI.org key after NEWSAPI_KEY= "
                + "(the systemd units read it from /etc/newsfeed/key.env)"
        case .invalidBaseURL(let value):
            "NEWSAPI_BASE_URL \"\(value)\" is not an absolute http(s) URL"
        case .invalidDuckDuckGoURL(let value):
            "DDG_BASE_URL \"\(value)\" is not an absolute http(s) URL"
        }
    }
}
