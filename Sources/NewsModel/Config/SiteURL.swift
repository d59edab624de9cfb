import Foundation

/// Validates and normalizes a `site` value: absolute http(s), trailing `/` added.
public enum SiteURL {
    /// The normalized URL, or a reason it is unusable.
    public static func parse(_ text: String) -> Result<URL, SiteURLProblem> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let components = URLComponents(string: trimmed),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else {
            return .failure(SiteURLProblem(text: text))
        }
        var normalized = components
        normalized.scheme = scheme
        normalized.query = nil
        normalized.fragment = nil
        if !normalized.path.hasSuffix("/") {
            normalized.path += "/"
        }
        guard let url = normalized.url else { return .failure(SiteURLProblem(text: text)) }
        return .success(url)
    }
}

/// Why a `site` value was refused.
public struct SiteURLProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var text: String
    public var description: String {
        "\"\(text)\" is not an absolute http(s) URL such as https://feeds.example.com/"
    }
}
