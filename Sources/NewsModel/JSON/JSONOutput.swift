/// A JSON value to write, for the reports newsfeed prints (`status --json`, `/status.json`, `/healthz`, `bookmark list
/// --json`): built from literals, written by ``JSONText`` (``JSONValue`` is the reading side) — no `[String: Any]`, no `NSNull`, and so no
/// `JSONSerialization` whose output differs between platforms.
package enum JSONOutput: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONOutput])
    /// Members in the order given; ``JSONText/value(_:style:)`` sorts them for the pretty style.
    case object([(String, JSONOutput)])

    /// `value` as a string, or `null` when there is none.
    package init(_ value: String?) {
        self = value.map(JSONOutput.string) ?? .null
    }

    /// `value` as a number, or `null` when there is none.
    package init(_ value: Int?) {
        self = value.map(JSONOutput.int) ?? .null
    }

    /// `value` as `true`/`false`, or `null` when there is none.
    package init(_ value: Bool?) {
        self = value.map(JSONOutput.bool) ?? .null
    }

    /// An object of `counts`, whatever order the dictionary holds them in (the pretty style sorts them).
    package init(_ counts: [String: Int]) {
        self = .object(counts.map { ($0.key, .int($0.value)) })
    }

    /// The text of this value in `style` (with `escapingMarkup`, safe to embed in a page).
    package func text(_ style: JSONText.Style, escapingMarkup: Bool = false) -> String {
        var json = JSONText()
        json.value(self, style: style, escapingMarkup: escapingMarkup)
        return String(decoding: json.take(), as: UTF8.self)
    }
}

extension JSONOutput: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    package init(nilLiteral: ()) { self = .null }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(stringLiteral value: String) { self = .string(value) }
    package init(arrayLiteral elements: JSONOutput...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, JSONOutput)...) { self = .object(elements) }
}

extension JSONOutput {
    /// `self` with `value` set for `key` (appended, or replacing the member of that name).
    package func setting(_ key: String, _ value: JSONOutput) -> JSONOutput {
        guard case .object(var members) = self else { return self }
        if let index = members.firstIndex(where: { $0.0 == key }) {
            members[index].1 = value
        } else {
            members.append((key, value))
        }
        return .object(members)
    }
}
