import Foundation
import HTTPFetching
import NewsModel

/// One Instant Answer as DuckDuckGo sent it: the abstract, `Results` and `RelatedTopics`
/// (items and named groups of items). Empty fields are `""`, as DuckDuckGo sends them.
///
/// Read with ``decode(data:query:httpStatus:headers:now:)``, which also turns every failed
/// answer (redirect, HTML page, truncated JSON, an HTTP error…) into a ``DuckDuckGoError``.
public struct DuckDuckGoAnswer: Sendable, Hashable {
    /// One link of `Results` or `RelatedTopics`.
    public struct Topic: Sendable, Hashable {
        /// HTML: the topic's name as a link, then ` - ` and the snippet.
        public var result: String
        /// Plain text: the name, then the snippet.
        public var text: String
        public var firstURL: String
        /// `Icon.URL`: "", relative (`/i/…`) or absolute.
        public var iconURL: String

        public init(result: String = "", text: String = "", firstURL: String, iconURL: String = "") {
            self.result = result
            self.text = text
            self.firstURL = firstURL
            self.iconURL = iconURL
        }
    }

    /// One element of `RelatedTopics`.
    public enum RelatedTopic: Sendable, Hashable {
        case topic(Topic)
        /// `{"Name": …, "Topics": [...]}`.
        case group(name: String, topics: [Topic])
    }

    public var heading: String
    public var abstract: String
    public var abstractText: String
    public var abstractURL: String
    public var abstractSource: String
    /// Relative (`/i/…`) or absolute; "" for none.
    public var image: String
    /// A, D (disambiguation), C, N, E or "".
    public var type: String
    /// The target of a !bang answer; "" otherwise.
    public var redirect: String
    public var results: [Topic]
    public var relatedTopics: [RelatedTopic]

    public init(
        heading: String = "", abstract: String = "", abstractText: String = "", abstractURL: String = "",
        abstractSource: String = "", image: String = "", type: String = "", redirect: String = "",
        results: [Topic] = [], relatedTopics: [RelatedTopic] = []
    ) {
        self.heading = heading
        self.abstract = abstract
        self.abstractText = abstractText
        self.abstractURL = abstractURL
        self.abstractSource = abstractSource
        self.image = image
        self.type = type
        self.redirect = redirect
        self.results = results
        self.relatedTopics = relatedTopics
    }

    /// Reads one answer, from the network or from a saved file.
    ///
    /// Text fields of another type count as empty (they cost only themselves); `Results`,
    /// `RelatedTopics` or a group's `Topics` that are not lists are refused, naming the field,
    /// since nothing sensible can be made of them. Elements that are not objects are skipped.
    /// - Parameter query: names the query in a redirect's message.
    public static func decode(
        data: Data, query: String, httpStatus: Int? = nil, headers: [String: String] = [:], now: Date = Date()
    ) throws(DuckDuckGoError) -> DuckDuckGoAnswer {
        let isHTTPError = httpStatus.map { !(200..<300).contains($0) } ?? false
        let retryAfter = header("Retry-After", in: headers).flatMap { RetryAfter.parse($0, now: now) }
        let body = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        let first = body.first { !isWhitespace($0) }
        if first == UInt8(ascii: "<") || header("Content-Type", in: headers)?.lowercased().contains("text/html") == true
        {
            throw .htmlPage(httpStatus: httpStatus)
        }
        if let httpStatus, isHTTPError { throw .httpStatus(httpStatus, retryAfter: retryAfter) }
        guard first != nil else { throw .emptyBody(httpStatus: httpStatus) }
        let root: JSONValue
        do {
            root = try JSONDocument(parsing: Data(body)).root
        } catch {
            throw .invalidJSON(error)
        }
        guard root.kind == .object else {
            throw .unexpectedJSON("the top level is \(root.kind.described), not an object")
        }
        // An object with none of the Instant Answer's keys is another API's answer (a saved NewsAPI
        // answer given to `convert --ddg`, a wrong DDG_BASE_URL), never an empty answer: DuckDuckGo
        // sends every key even when it has nothing to say.
        let keys = root.members?.map(\.name) ?? []
        if !keys.contains(where: instantAnswerKeys.contains) {
            throw .notAnInstantAnswer(keys: keys)
        }
        // Every text field DuckDuckGo sends is a string; one of another type counts as empty.
        func text(_ key: String, in object: JSONValue) -> String { object[key]?.string ?? "" }

        var answer = DuckDuckGoAnswer(
            heading: text("Heading", in: root), abstract: text("Abstract", in: root),
            abstractText: text("AbstractText", in: root), abstractURL: text("AbstractURL", in: root),
            abstractSource: text("AbstractSource", in: root), image: text("Image", in: root),
            type: text("Type", in: root), redirect: text("Redirect", in: root))
        if !answer.redirect.trimmingCharacters(in: .whitespaces).isEmpty {
            throw .redirect(query: query, target: answer.redirect)
        }
        answer.results = try topics(root["Results"], field: "Results")
        for (index, entry) in (try list(root["RelatedTopics"], field: "RelatedTopics")).enumerated()
        where entry.kind == .object {
            if entry["Topics"] != nil || entry["Name"] != nil && entry["FirstURL"] == nil {
                let name = TextCleaner.plainText(text("Name", in: entry))
                let members = try topics(entry["Topics"], field: "RelatedTopics[\(index)].Topics")
                answer.relatedTopics.append(.group(name: name, topics: members))
            } else if let topic = topic(entry) {
                answer.relatedTopics.append(.topic(topic))
            }
        }
        return answer
    }

    /// The top-level keys DuckDuckGo sends in every Instant Answer (all but the generic `meta`).
    public static let instantAnswerKeys: Set<String> = [
        "Abstract", "AbstractSource", "AbstractText", "AbstractURL", "Answer", "AnswerType", "Definition",
        "DefinitionSource", "DefinitionURL", "Entity", "Heading", "Image", "ImageHeight", "ImageIsLogo",
        "ImageWidth", "Infobox", "Redirect", "RelatedTopics", "Results", "Type",
    ]

    /// An array field's elements: none when absent or null, an error naming it when of another type.
    private static func list(_ value: JSONValue?, field: String) throws(DuckDuckGoError) -> [JSONValue] {
        guard let value, !value.isNull else { return [] }
        guard let elements = value.elements else {
            throw .unexpectedJSON("\"\(field)\" is \(value.kind.described), not an array")
        }
        return elements
    }

    private static func topics(_ value: JSONValue?, field: String) throws(DuckDuckGoError) -> [Topic] {
        try list(value, field: field).compactMap(topic)
    }

    /// One `{Result, FirstURL, Icon, Text}`; nil for an element that is not an object or has no `FirstURL`.
    private static func topic(_ entry: JSONValue) -> Topic? {
        guard entry.kind == .object, let firstURL = entry["FirstURL"]?.string else { return nil }
        return Topic(
            result: entry["Result"]?.string ?? "", text: entry["Text"]?.string ?? "", firstURL: firstURL,
            iconURL: entry["Icon"]?["URL"]?.string ?? "")
    }

    private static func header(_ name: String, in headers: [String: String]) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
