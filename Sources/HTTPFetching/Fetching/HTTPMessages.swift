import Foundation
import NewsModel

/// A request as newsfeed sends it: the address, the method, the header fields and a `POST`'s body.
///
/// newsfeed's own type rather than FoundationNetworking's `URLRequest`: FoundationNetworking links libcurl, which
/// would then be loaded at the start of every command (Sources/CCurl/shim.h). Header names are matched without
/// regard to case, as HTTP matches them.
public struct FetchRequest: Sendable, Equatable {
    public var url: URL
    /// `GET` (the default), `HEAD` or `POST`.
    public var method: String
    /// The header fields, by the name they were last set with.
    public private(set) var headerFields: [String: String] = [:]
    /// The body of a `POST`.
    public var body: Data?

    public init(url: URL, method: String = "GET") {
        self.url = url
        self.method = method
    }

    /// Sets (or, with nil, removes) the field `name`, replacing one set before under any case of its name.
    public mutating func setValue(_ value: String?, forHTTPHeaderField name: String) {
        if let existing = headerFields.keys.first(where: { HTTPResponseHead.sameName($0, name) }) {
            headerFields[existing] = nil
        }
        if let value { headerFields[name] = value }
    }

    /// The field `name`, under any case of its name.
    public func value(forHTTPHeaderField name: String) -> String? {
        HTTPResponseHead.field(name, in: headerFields)
    }
}

/// The final head of an answer: its address, status, version and header fields. A field sent more than once holds
/// its values joined with `, ` (RFC 9110 §5.3).
public struct HTTPResponseHead: Sendable, Equatable {
    public var url: URL
    public var statusCode: Int
    /// `HTTP/1.1`, `HTTP/2`, …
    public var version: String
    /// The header fields, by their names as the server sent them.
    public var headerFields: [String: String]

    public init(url: URL, statusCode: Int, version: String = "HTTP/1.1", headerFields: [String: String] = [:]) {
        self.url = url
        self.statusCode = statusCode
        self.version = version
        self.headerFields = headerFields
    }

    /// The field `name`, under any case of its name.
    public func value(forHTTPHeaderField name: String) -> String? {
        Self.field(name, in: headerFields)
    }

    /// The header fields with their names lowercased.
    public var lowercasedHeaderFields: [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in headerFields { fields[name.lowercased()] = value }
        return fields
    }

    static func field(_ name: String, in fields: [String: String]) -> String? {
        if let value = fields[name] { return value }
        return fields.first { sameName($0.key, name) }?.value
    }

    /// Whether two field names are the same in HTTP's sense: ASCII letters in any case, nothing else folded (a
    /// `ſ` is no `s` here, as it is in Unicode's case folding).
    static func sameName(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count
            && zip(a.utf8, b.utf8).allSatisfy { UTF8Text.asciiLowercased($0) == UTF8Text.asciiLowercased($1) }
    }
}
