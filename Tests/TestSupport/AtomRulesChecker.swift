import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Checks Atom 1.0 bytes against RFC 4287 and the W3C validator's Atom rules that can be checked
/// offline (feed-rules.md), the sibling of ``FeedRulesChecker`` for RSS.
///
/// Independent of newsfeed's renderer: FoundationXML's parser and its own date and URL checks.
/// One line per violation, `error [rule-id] where: what` or `warning [rule-id] …`. The validator's
/// `DuplicateUpdated` heuristic (two entries with the same `updated`) is deliberately not a rule:
/// RFC 4287 does not ask for it and real stories share timestamps.
package enum AtomRulesChecker {
    package static let namespace = "http://www.w3.org/2005/Atom"
    package static let mediaNamespace = "http://search.yahoo.com/mrss/"

    /// Every error and warning found in `data`; `selfURL`, when given, must be the `rel="self"` link.
    package static func violations(in data: Data, selfURL: URL? = nil, now: Date = Date()) -> [String] {
        var check = Check(now: now)
        check.run(data, selfURL: selfURL)
        return check.found
    }

    package struct Check {
        package let now: Date
        package var found: [String] = []

        package mutating func error(_ rule: String, _ place: String, _ message: String) {
            found.append("error [\(rule)] \(place): \(message)")
        }

        package mutating func warning(_ rule: String, _ place: String, _ message: String) {
            found.append("warning [\(rule)] \(place): \(message)")
        }

        package mutating func run(_ data: Data, selfURL: URL?) {
            guard String(data: data, encoding: .utf8) != nil else {
                error("utf-8", "document", "the bytes are not valid UTF-8")
                return
            }
            let parser = XMLParser(data: data)
            parser.shouldResolveExternalEntities = false
            if !parser.parse() || parser.parserError != nil {
                error("well-formed", "line \(parser.lineNumber)", "not well-formed XML")
                return
            }
            guard
                let document = try? XMLDocument(
                    data: data, options: [.nodePreserveWhitespace, .nodeLoadExternalEntitiesNever]),
                let feed = document.rootElement()
            else {
                error("well-formed", "document", "XMLDocument cannot parse it")
                return
            }
            guard Self.localName(feed) == "feed", feed.uri == AtomRulesChecker.namespace else {
                error("atom-root", "document", "the root is not <feed> in the Atom namespace")
                return
            }
            for prefix in ["media"] {
                if let bound = feed.namespace(forPrefix: prefix)?.stringValue, bound != AtomRulesChecker.mediaNamespace
                {
                    error("media-namespace", "<feed>", "prefix media is bound to \"\(bound)\"")
                }
            }
            if let language = Self.attribute("xml:lang", of: feed), !Self.isLanguageTag(language) {
                error("xml-lang", "<feed>", "xml:lang \"\(language)\" is not a language tag")
            }
            let children = Self.atomChildren(feed)
            checkCommon(children, place: "feed", selfURL: selfURL, isFeed: true)
            let entries = children.filter { Self.localName($0) == "entry" }
            let feedHasAuthor = children.contains { Self.localName($0) == "author" }
            var ids: [String: Int] = [:]
            for (index, entry) in entries.enumerated() {
                let place = "entry \(index + 1)"
                let entryChildren = Self.atomChildren(entry)
                checkCommon(entryChildren, place: place, selfURL: nil, isFeed: false)
                checkEntry(entry, entryChildren, place: place, feedHasAuthor: feedHasAuthor)
                if let id = Self.first("id", entryChildren)?.stringValue {
                    if let earlier = ids[id] {
                        error("duplicate-id", place, "id \(id) repeats entry \(earlier)")
                    } else {
                        ids[id] = index + 1
                    }
                }
            }
        }

        /// Rules feeds and entries share: one id, title, updated; dates; links; authors.
        private mutating func checkCommon(_ children: [XMLElement], place: String, selfURL: URL?, isFeed: Bool) {
            for name in ["id", "title", "updated"] {
                let count = children.filter { Self.localName($0) == name }.count
                if count != 1 {
                    error("\(isFeed ? "feed" : "entry")-\(name)", place, "has \(count) <\(name)>, needs one")
                }
            }
            for name in ["subtitle", "summary", "content", "published", "rights", "icon", "logo", "generator"] {
                if children.filter({ Self.localName($0) == name }).count > 1 {
                    error("duplicate-element", place, "more than one <\(name)>")
                }
            }
            if let id = Self.first("id", children)?.stringValue, !Self.isAbsolute(id) {
                error("id-iri", place, "id \"\(id)\" is not an absolute IRI")
            }
            for name in ["updated", "published"] {
                if let date = Self.first(name, children)?.stringValue {
                    checkDate(date, element: name, place: place)
                }
            }
            for name in ["title", "subtitle", "summary", "rights"] {
                guard let element = Self.first(name, children) else { continue }
                checkText(element, name: name, place: place)
            }
            for author in children where ["author", "contributor"].contains(Self.localName(author)) {
                let parts = Self.atomChildren(author)
                if parts.filter({ Self.localName($0) == "name" }).count != 1 {
                    error("author-name", place, "<\(Self.localName(author))> needs exactly one <name>")
                }
                if let uri = Self.first("uri", parts)?.stringValue, !Self.isAbsolute(uri) {
                    error("author-uri", place, "author uri \"\(uri)\" is not absolute")
                }
            }
            checkLinks(children.filter { Self.localName($0) == "link" }, place: place, selfURL: selfURL, isFeed: isFeed)
            for category in children where Self.localName(category) == "category" {
                if (Self.attribute("term", of: category) ?? "").isEmpty {
                    error("category-term", place, "<category> needs a term")
                }
                if let scheme = Self.attribute("scheme", of: category), !Self.isAbsolute(scheme) {
                    error("category-scheme", place, "category scheme \"\(scheme)\" is not an IRI")
                }
            }
        }

        private mutating func checkLinks(_ links: [XMLElement], place: String, selfURL: URL?, isFeed: Bool) {
            var alternates = Set<String>()
            var selfLinks: [String] = []
            for link in links {
                let rel = Self.attribute("rel", of: link) ?? "alternate"
                let type = Self.attribute("type", of: link) ?? ""
                let href = Self.attribute("href", of: link) ?? ""
                if href.isEmpty { error("link-href", place, "<link rel=\"\(rel)\"> has no href") }
                if !href.isEmpty, !Self.isAbsolute(href) {
                    warning("link-relative", place, "link href \"\(href)\" is relative")
                }
                if !type.isEmpty, !Self.isMIMEType(type) {
                    error("link-type", place, "link type \"\(type)\" is not a MIME type")
                }
                switch rel {
                case "alternate":
                    let key = type + "|" + (Self.attribute("hreflang", of: link) ?? "")
                    if !alternates.insert(key).inserted {
                        error("duplicate-alternate", place, "two rel=\"alternate\" links of type \"\(type)\"")
                    }
                case "self":
                    selfLinks.append(href)
                    if type != "application/atom+xml" {
                        warning("self-type", place, "self link type is \"\(type)\", not application/atom+xml")
                    }
                case "enclosure":
                    if type.isEmpty { warning("enclosure-type", place, "enclosure link without type") }
                    let length = Self.attribute("length", of: link)
                    if length == nil { warning("enclosure-length", place, "enclosure link without length") }
                    if let length, !(length.allSatisfy(\.isASCII) && Int(length).map { $0 >= 0 } == true) {
                        error("enclosure-length", place, "length \"\(length)\" is not a whole number")
                    }
                default:
                    break
                }
            }
            guard isFeed else { return }
            // WebSub §4: a feed naming a hub names exactly one self, the topic subscribers ask for.
            let hubs = links.filter { Self.attribute("rel", of: $0) == "hub" }
            if !hubs.isEmpty, selfLinks.count != 1 {
                error(
                    "websub-self", place,
                    "a feed with rel=\"hub\" needs exactly one rel=\"self\", not \(selfLinks.count)")
            }
            guard let href = selfLinks.first else {
                warning("feed-self", place, "no <link rel=\"self\">")
                return
            }
            if let selfURL, href != selfURL.absoluteString {
                warning("feed-self", place, "self link \(href) is not where the feed is served (\(selfURL))")
            }
        }

        private mutating func checkEntry(
            _ entry: XMLElement, _ children: [XMLElement], place: String, feedHasAuthor: Bool
        ) {
            if !feedHasAuthor, !children.contains(where: { Self.localName($0) == "author" }) {
                error("entry-author", place, "no <author> and the feed has none")
            }
            let hasContent = children.contains { Self.localName($0) == "content" }
            let hasAlternate = children.contains {
                Self.localName($0) == "link" && (Self.attribute("rel", of: $0) ?? "alternate") == "alternate"
            }
            if !hasContent, !hasAlternate {
                error("entry-content-or-alternate", place, "neither <content> nor <link rel=\"alternate\">")
            }
            if let content = Self.first("content", children) {
                checkText(content, name: "content", place: place)
            }
            for media in Self.elementChildren(entry) where media.uri == AtomRulesChecker.mediaNamespace {
                let name = Self.localName(media)
                if (Self.attribute("url", of: media)).map(Self.isAbsolute) != true {
                    error("media-url", place, "<media:\(name)> needs an absolute url")
                }
                if name == "content", let medium = Self.attribute("medium", of: media),
                    !["image", "audio", "video", "document", "executable"].contains(medium)
                {
                    error("media-medium", place, "medium \"\(medium)\" is not allowed")
                }
            }
        }

        /// Text constructs: `type` text, html or xhtml; plain text without markup; HTML safe.
        private mutating func checkText(_ element: XMLElement, name: String, place: String) {
            let type = Self.attribute("type", of: element) ?? "text"
            let value = element.stringValue ?? ""
            switch type {
            case "text":
                if let tag = HTMLTag.all(in: value).first {
                    warning("text-markup", place, "<\(name) type=\"text\"> contains markup <\(tag.name)>")
                }
            case "html":
                for tag in HTMLTag.all(in: value) {
                    if ["script", "object", "embed", "iframe"].contains(tag.name) {
                        warning("html-unsafe-tag", place, "<\(name)> contains <\(tag.name)>")
                    }
                    for (attribute, attributeValue) in tag.attributes {
                        if attribute.hasPrefix("on") {
                            warning("html-event-attribute", place, "<\(name)> has \(attribute)=…")
                        }
                        if attributeValue.lowercased().hasPrefix("javascript:") {
                            warning("html-javascript-url", place, "<\(name)> has a javascript: URL")
                        }
                    }
                }
            case "xhtml":
                break
            default:
                if name != "content" || !Self.isMIMEType(type) {
                    error("text-type", place, "<\(name)> type \"\(type)\" is not text, html or xhtml")
                }
            }
        }

        /// RFC 3339 `date-time`: `2025-01-06T09:30:00Z` or with `+hh:mm`, real calendar values,
        /// not in the future and not before 1990 ("implausible").
        private mutating func checkDate(_ text: String, element: String, place: String) {
            guard let date = Self.rfc3339(text) else {
                error("rfc3339", place, "<\(element)> \"\(text)\" is not an RFC 3339 date-time")
                return
            }
            if date > now.addingTimeInterval(86_400) || date < Date(timeIntervalSince1970: 631_152_000) {
                warning("implausible-date", place, "<\(element)> \(text) is implausible")
            }
        }

        package static func rfc3339(_ text: String) -> Date? {
            let pattern = #"^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$"#
            guard let match = text.range(of: pattern, options: .regularExpression),
                match == text.startIndex..<text.endIndex
            else { return nil }
            var components = DateComponents()
            let digits = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            guard digits.count >= 6 else { return nil }
            components.year = digits[0]
            components.month = digits[1]
            components.day = digits[2]
            components.hour = digits[3]
            components.minute = digits[4]
            components.second = digits[5]
            guard (1...12).contains(digits[1]), (1...31).contains(digits[2]), digits[3] < 24, digits[4] < 60,
                digits[5] < 61
            else { return nil }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = .gmt
            guard let date = calendar.date(from: components),
                calendar.component(.day, from: date) == digits[2]
            else { return nil }
            if text.hasSuffix("Z") { return date }
            let zone = text.suffix(6)
            let hours = Int(zone.dropFirst().prefix(2)) ?? 0
            let minutes = Int(zone.suffix(2)) ?? 0
            let offset = TimeInterval((hours * 60 + minutes) * 60)
            return zone.hasPrefix("-") ? date.addingTimeInterval(offset) : date.addingTimeInterval(-offset)
        }

        /// An attribute's value by name; FoundationXML's `attribute(forName:)` misses attributes of
        /// elements in a default namespace.
        package static func attribute(_ name: String, of element: XMLElement) -> String? {
            let local = name.split(separator: ":").last.map(String.init) ?? name
            return element.attributes?.first { $0.name == name || ($0.localName ?? $0.name) == local }?.stringValue
        }

        package static func localName(_ element: XMLElement) -> String {
            element.localName ?? element.name ?? ""
        }

        package static func elementChildren(_ element: XMLElement) -> [XMLElement] {
            (element.children ?? []).compactMap { $0 as? XMLElement }
        }

        package static func atomChildren(_ element: XMLElement) -> [XMLElement] {
            elementChildren(element).filter { $0.uri == AtomRulesChecker.namespace }
        }

        package static func first(_ name: String, _ children: [XMLElement]) -> XMLElement? {
            children.first { localName($0) == name }
        }

        package static func isAbsolute(_ text: String) -> Bool {
            guard let components = URLComponents(string: text), let scheme = components.scheme, !scheme.isEmpty else {
                return false
            }
            return !(components.host ?? "").isEmpty || ["mailto", "urn", "tag"].contains(scheme)
        }

        package static func isMIMEType(_ text: String) -> Bool {
            text.range(of: #"^[A-Za-z0-9!#$&^_.+-]+/[A-Za-z0-9!#$&^_.+-]+$"#, options: .regularExpression) != nil
        }

        package static func isLanguageTag(_ text: String) -> Bool {
            text.range(of: #"^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$"#, options: .regularExpression) != nil
        }
    }
}
