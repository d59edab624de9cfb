import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Checks RSS bytes against every rule of feed-rules.md that can be checked offline.
///
/// Independent of newsfeed's own libxml2 code: it parses with FoundationXML's `XMLDocument` and
/// re-derives dates, weekdays, URLs and HTML safety itself, so a bug in the renderer cannot hide
/// behind the same bug here. Each violation is one line: `error [rule-id] where: what`, or
/// `warning [rule-id] …`; the bar for newsfeed is an empty list.
package enum FeedRulesChecker {
    /// Every error and warning found in `data`.
    ///
    /// - Parameters:
    ///   - selfURL: where the feed is served; when given, `atom:link rel="self"` must equal it.
    ///   - now: dates after this are implausible.
    package static func violations(in data: Data, selfURL: URL? = nil, now: Date = Date()) -> [String] {
        var check = Check(now: now)
        check.run(data, selfURL: selfURL)
        return check.found
    }

    package static let atomNamespace = "http://www.w3.org/2005/Atom"
    package static let mediaNamespace = "http://search.yahoo.com/mrss/"
    package static let expectedNamespaces = [
        "atom": atomNamespace,
        "dc": "http://purl.org/dc/elements/1.1/",
        "content": "http://purl.org/rss/1.0/modules/content/",
        "media": mediaNamespace,
    ]
}

extension FeedRulesChecker {
    fileprivate struct Check {
        let now: Date
        var found: [String] = []
        private let calendar: Calendar = {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? .gmt
            return calendar
        }()

        init(now: Date) { self.now = now }

        mutating func error(_ rule: String, _ place: String, _ message: String) {
            found.append("error [\(rule)] \(place): \(message)")
        }

        mutating func warning(_ rule: String, _ place: String, _ message: String) {
            found.append("warning [\(rule)] \(place): \(message)")
        }

        mutating func run(_ data: Data, selfURL: URL?) {
            guard let text = String(data: data, encoding: .utf8) else {
                error("utf-8", "document", "the bytes are not valid UTF-8")
                return
            }
            checkDeclaration(text)
            checkForbiddenCharacters(text)
            // XMLDocument parses in libxml2's recover mode and accepts broken XML, so well-formedness
            // is decided by XMLParser, whose `parserError` is set even when `parse()` returns true.
            let parser = XMLParser(data: data)
            parser.shouldResolveExternalEntities = false
            let parsed = parser.parse()
            if !parsed || parser.parserError != nil {
                let cause = parser.parserError.map { "\($0)" } ?? "XMLParser failed"
                error(
                    "well-formed", "line \(parser.lineNumber), column \(parser.columnNumber)",
                    "not well-formed XML: \(cause)")
                return
            }
            let document: XMLDocument
            do {
                document = try XMLDocument(
                    data: data, options: [.nodePreserveWhitespace, .nodeLoadExternalEntitiesNever])
            } catch let parseError {
                error("well-formed", "document", "XMLDocument cannot parse it: \(parseError)")
                return
            }
            guard let root = document.rootElement(), root.name == "rss" else {
                error("rss-root", "document", "the root element is not <rss>")
                return
            }
            if root.attribute(forName: "version")?.stringValue != "2.0" {
                error("rss-version", "<rss>", "version must be \"2.0\"")
            }
            checkNamespaces(root)
            let channels = Self.childElements(of: root).filter { $0.name == "channel" }
            guard channels.count == 1, let channel = channels.first else {
                error("channel-count", "<rss>", "has \(channels.count) <channel> elements, needs exactly one")
                return
            }
            checkChannel(channel, selfURL: selfURL)
            var guids: [String: Int] = [:]
            for (index, item) in Self.childElements(of: channel).filter({ $0.name == "item" }).enumerated() {
                checkItem(item, number: index + 1, guids: &guids)
            }
        }

        // MARK: Document

        private mutating func checkDeclaration(_ text: String) {
            guard text.hasPrefix("<?xml"), let end = text.range(of: "?>") else { return }
            let declaration = text[..<end.lowerBound]
            guard let encoding = declaration.range(of: "encoding=") else { return }
            let value = declaration[encoding.upperBound...].dropFirst().prefix { $0 != "\"" && $0 != "'" }
            if value.lowercased() != "utf-8" {
                error("utf-8", "XML declaration", "encoding is \(value), must be UTF-8")
            }
        }

        private static func isXMLChar(_ value: UInt32) -> Bool {
            value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
                || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
        }

        /// Raw and escaped (`&#1;`) forbidden characters, with their line.
        private mutating func checkForbiddenCharacters(_ text: String) {
            var line = 1
            var scalars = text.unicodeScalars[...]
            while let scalar = scalars.first {
                scalars = scalars.dropFirst()
                if scalar == "\n" { line += 1 }
                if !Self.isXMLChar(scalar.value) {
                    error("forbidden-character", "line \(line)", "U+\(hex(scalar.value)) is not allowed in XML 1.0")
                } else if scalar == "&", scalars.first == "#" {
                    let body = String(scalars.dropFirst().prefix { $0 != ";" && $0 != "<" && $0 != " " })
                    let isHex = body.hasPrefix("x") || body.hasPrefix("X")
                    if let value = UInt32(isHex ? String(body.dropFirst()) : body, radix: isHex ? 16 : 10),
                        !Self.isXMLChar(value)
                    {
                        error("forbidden-character", "line \(line)", "&#\(body); escapes a character XML 1.0 forbids")
                    }
                }
            }
        }

        private func hex(_ value: UInt32) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }

        private mutating func checkNamespaces(_ root: XMLElement) {
            var pending: [XMLElement] = [root]
            var reported: Set<String> = []
            while let element = pending.popLast() {
                pending += Self.childElements(of: element)
                let prefix = Self.prefix(of: element)
                let uri = Self.namespaceURI(of: element)
                guard !prefix.isEmpty, let expected = FeedRulesChecker.expectedNamespaces[prefix], uri != expected,
                    reported.insert(prefix).inserted
                else { continue }
                let rule = prefix == "media" ? "media-namespace" : "namespace"
                error(
                    rule, "<\(element.name ?? prefix)>", "prefix \(prefix) is bound to \"\(uri)\", not \"\(expected)\"")
            }
        }

        // MARK: Channel

        private mutating func checkChannel(_ channel: XMLElement, selfURL: URL?) {
            let children = Self.childElements(of: channel)
            checkDuplicates(children, place: "channel", allowed: ["item", "category", "atom:link"])
            for required in ["title", "link", "description"] where first(required, in: children) == nil {
                error("channel-\(required)", "channel", "<\(required)> is required")
            }
            if let title = first("title", in: children) {
                checkPlainText(title.stringValue ?? "", element: "title", place: "channel")
            }
            if let link = first("link", in: children), !isAbsolute(link.stringValue ?? "") {
                error("channel-link", "channel", "<link> \"\(link.stringValue ?? "")\" is not an absolute URL")
            }
            for name in ["lastBuildDate", "pubDate"] {
                if let date = first(name, in: children) {
                    checkDate(date.stringValue ?? "", element: name, place: "channel")
                }
            }
            if let ttl = first("ttl", in: children) {
                let value = ttl.stringValue ?? ""
                if !(value.allSatisfy(\.isASCII) && (Int(value) ?? 0) > 0) {
                    error("ttl", "channel", "<ttl> \"\(value)\" is not a positive whole number of minutes")
                }
            }
            if let image = first("image", in: children) { checkImage(image, channel: children) }
            checkSelfLink(children, selfURL: selfURL)
        }

        /// RSS 2.0's `<image>`: `url`, `title` and `link` required, the URL absolute; the W3C validator warns when
        /// its title or link differ from the channel's.
        private mutating func checkImage(_ image: XMLElement, channel: [XMLElement]) {
            let parts = Self.childElements(of: image)
            for required in ["url", "title", "link"] where first(required, in: parts) == nil {
                error("image-\(required)", "channel image", "<\(required)> is required")
            }
            if let url = first("url", in: parts), !isAbsolute(url.stringValue ?? "") {
                error("image-url", "channel image", "<url> \"\(url.stringValue ?? "")\" is not an absolute URL")
            }
            for name in ["title", "link"] {
                let own = first(name, in: parts)?.stringValue
                if let own, own != first(name, in: channel)?.stringValue {
                    warning("image-\(name)", "channel image", "<\(name)> \"\(own)\" differs from the channel's")
                }
            }
        }

        private mutating func checkSelfLink(_ children: [XMLElement], selfURL: URL?) {
            let selfLinks = children.filter {
                Self.localName(of: $0) == "link" && Self.namespaceURI(of: $0) == FeedRulesChecker.atomNamespace
                    && $0.attribute(forName: "rel")?.stringValue == "self"
            }
            // WebSub §4: a feed naming a hub names exactly one self, the topic subscribers ask for.
            let hubLinks = children.filter {
                Self.localName(of: $0) == "link" && Self.namespaceURI(of: $0) == FeedRulesChecker.atomNamespace
                    && $0.attribute(forName: "rel")?.stringValue == "hub"
            }
            if !hubLinks.isEmpty, selfLinks.count != 1 {
                error(
                    "websub-self", "channel",
                    "a feed with rel=\"hub\" needs exactly one rel=\"self\", not \(selfLinks.count)")
            }
            for hub in hubLinks where !isAbsolute(hub.attribute(forName: "href")?.stringValue ?? "") {
                error("websub-hub", "channel", "atom:link hub href is not absolute")
            }
            guard let link = selfLinks.first else {
                warning("atom-self", "channel", "no <atom:link rel=\"self\">")
                return
            }
            let href = link.attribute(forName: "href")?.stringValue ?? ""
            if !isAbsolute(href) {
                warning("atom-self", "channel", "atom:link self href \"\(href)\" is not absolute")
            } else if let selfURL, href != selfURL.absoluteString {
                error("atom-self", "channel", "atom:link self href \"\(href)\" is not \(selfURL.absoluteString)")
            }
            if link.attribute(forName: "type")?.stringValue != "application/rss+xml" {
                warning("atom-self", "channel", "atom:link self type should be application/rss+xml")
            }
        }

        // MARK: Items

        private mutating func checkItem(_ item: XMLElement, number: Int, guids: inout [String: Int]) {
            let children = Self.childElements(of: item)
            let title = first("title", in: children)?.stringValue
            let place = "item \(number)" + (title.map { " \"\($0.prefix(40))\"" } ?? "")
            checkDuplicates(children, place: place, allowed: ["category", "enclosure"])
            let description = first("description", in: children)
            if title == nil && description == nil {
                error("item-title-or-description", place, "needs a <title> or a <description>")
            }
            if let title { checkPlainText(title, element: "title", place: place) }
            if let link = first("link", in: children), !isAbsolute(link.stringValue ?? "") {
                error("item-link", place, "<link> \"\(link.stringValue ?? "")\" is not an absolute URL")
            }
            checkGuid(first("guid", in: children), place: place, number: number, guids: &guids)
            if let date = first("pubDate", in: children) {
                checkDate(date.stringValue ?? "", element: "pubDate", place: place)
            }
            checkEnclosures(children.filter { $0.name == "enclosure" }, place: place)
            checkSource(first("source", in: children), place: place)
            checkAuthor(children, place: place)
            if let description { checkHTML(description.stringValue ?? "", element: "description", place: place) }
            if let index = children.firstIndex(where: { $0.name == "content:encoded" }) {
                checkHTML(children[index].stringValue ?? "", element: "content:encoded", place: place)
                if let descriptionIndex = children.firstIndex(where: { $0.name == "description" }),
                    descriptionIndex > index
                {
                    warning("content-order", place, "<content:encoded> must come after <description>")
                }
            }
            checkMedia(children, place: place)
        }

        private mutating func checkGuid(_ guid: XMLElement?, place: String, number: Int, guids: inout [String: Int]) {
            guard let guid else {
                warning("guid-missing", place, "no <guid>")
                return
            }
            let value = guid.stringValue ?? ""
            switch guid.attribute(forName: "isPermaLink")?.stringValue ?? "true" {
            case "true":
                if !isAbsolute(value) {
                    error("guid-permalink", place, "guid \"\(value)\" is a permalink but not an absolute URL")
                }
            case "false":
                break
            case let other:
                error("guid-permalink", place, "isPermaLink=\"\(other)\" must be true or false")
            }
            if let earlier = guids[value] {
                error("guid-duplicate", place, "guid \"\(value)\" repeats item \(earlier)")
            } else {
                guids[value] = number
            }
        }

        private mutating func checkEnclosures(_ enclosures: [XMLElement], place: String) {
            if enclosures.count > 1 {
                warning("enclosure-count", place, "\(enclosures.count) enclosures; use one")
            }
            for enclosure in enclosures {
                let url = enclosure.attribute(forName: "url")?.stringValue ?? ""
                if let components = URLComponents(string: url), ["http", "https"].contains(components.scheme ?? ""),
                    let host = components.host, host.contains(".")
                {
                } else {
                    error("enclosure-url", place, "enclosure url \"\(url)\" is not absolute http(s) with a dotted host")
                }
                let length = enclosure.attribute(forName: "length")?.stringValue
                if !(length.map { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } } ?? false) {
                    error(
                        "enclosure-length", place,
                        "enclosure length \"\(length ?? "missing")\" is not a whole number ≥ 0")
                }
                let type = enclosure.attribute(forName: "type")?.stringValue ?? ""
                if !isMIMEType(type) {
                    error("enclosure-type", place, "enclosure type \"\(type)\" is not a MIME type")
                }
            }
        }

        private mutating func checkSource(_ source: XMLElement?, place: String) {
            guard let source else { return }
            let url = source.attribute(forName: "url")?.stringValue
            if !(url.map(isAbsolute) ?? false) {
                error("source-url", place, "<source> needs an absolute url attribute, has \"\(url ?? "none")\"")
            }
            if (source.stringValue ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
                warning("source-name", place, "<source> should name the source")
            }
        }

        private mutating func checkAuthor(_ children: [XMLElement], place: String) {
            guard let author = first("author", in: children) else { return }
            let value = author.stringValue ?? ""
            let address = value.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
            let parts = address.split(separator: "@", omittingEmptySubsequences: false)
            if !(parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")) {
                error(
                    "author-email", place, "<author> \"\(value)\" is not an e-mail address; use dc:creator for a name")
            }
            if children.contains(where: { $0.name == "dc:creator" }) {
                error("author-and-creator", place, "has both <author> and <dc:creator>")
            }
        }

        private mutating func checkMedia(_ children: [XMLElement], place: String) {
            let media = children.filter { Self.namespaceURI(of: $0) == FeedRulesChecker.mediaNamespace }
            for content in media where Self.localName(of: content) == "content" {
                let url = content.attribute(forName: "url")?.stringValue
                if !(url.map(isAbsolute) ?? false) {
                    error("media-content-url", place, "media:content needs an absolute url, has \"\(url ?? "none")\"")
                }
                let allowed = ["image", "audio", "video", "document", "executable"]
                if let medium = content.attribute(forName: "medium")?.stringValue, !allowed.contains(medium) {
                    error("media-content-medium", place, "media:content medium \"\(medium)\" is not one of \(allowed)")
                }
            }
            for thumbnail in media where Self.localName(of: thumbnail) == "thumbnail" {
                if !(thumbnail.attribute(forName: "url")?.stringValue.map(isAbsolute) ?? false) {
                    error("media-thumbnail-url", place, "media:thumbnail needs an absolute url")
                }
            }
        }

        // MARK: Shared checks

        // FoundationXML on Linux crashes in `prefix`/`localName` and reports a declared namespace as
        // the `uri` of an unprefixed element, so names and namespaces are resolved here from the
        // qualified name and the `xmlns:` declarations in scope.

        /// Element children in order. Walks siblings because FoundationXML's `children` indexes
        /// the list from the start for every child, which is quadratic for a 10,000-item channel.
        private static func childElements(of element: XMLElement) -> [XMLElement] {
            var elements: [XMLElement] = []
            var node = element.childCount > 0 ? element.child(at: 0) : nil
            while let current = node {
                if let child = current as? XMLElement { elements.append(child) }
                node = current.nextSibling
            }
            return elements
        }

        private static func prefix(of element: XMLElement) -> String {
            let name = element.name ?? ""
            return name.firstIndex(of: ":").map { String(name[..<$0]) } ?? ""
        }

        private static func localName(of element: XMLElement) -> String {
            let name = element.name ?? ""
            return name.firstIndex(of: ":").map { String(name[name.index(after: $0)...]) } ?? name
        }

        /// The URI bound to the element's prefix by the nearest declaration; "" for none.
        private static func namespaceURI(of element: XMLElement) -> String {
            let prefix = prefix(of: element)
            var scope: XMLNode? = element
            while let node = scope {
                if let element = node as? XMLElement,
                    let declaration = element.namespaces?.first(where: { ($0.name ?? "") == prefix })
                {
                    return declaration.stringValue ?? ""
                }
                scope = node.parent
            }
            return ""
        }

        private func first(_ name: String, in children: [XMLElement]) -> XMLElement? {
            children.first { $0.name == name }
        }

        private mutating func checkDuplicates(_ children: [XMLElement], place: String, allowed: Set<String>) {
            var seen: Set<String> = []
            var reported: Set<String> = []
            for child in children {
                let name = child.name ?? ""
                if !allowed.contains(name), !seen.insert(name).inserted, reported.insert(name).inserted {
                    error("duplicate-element", place, "<\(name)> appears more than once")
                }
            }
        }

        private func isAbsolute(_ text: String) -> Bool {
            guard let components = URLComponents(string: text), let scheme = components.scheme, !scheme.isEmpty else {
                return false
            }
            return !(components.host ?? "").isEmpty || scheme == "mailto" || scheme == "urn"
        }

        private func isMIMEType(_ text: String) -> Bool {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            let token = { (part: Substring) in
                !part.isEmpty
                    && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "!#$&^_.+-".contains($0)) }
            }
            return parts.count == 2 && token(parts[0]) && token(parts[1])
        }

        /// Plain-text elements: no tags and no escaped entities left after XML unescaping.
        private mutating func checkPlainText(_ value: String, element: String, place: String) {
            if let tag = HTMLTag.all(in: value).first {
                warning("title-markup", place, "<\(element)> contains markup <\(tag.name)>")
            } else if let entity = Self.firstEntity(in: value) {
                warning("title-markup", place, "<\(element)> contains escaped HTML \(entity)")
            }
        }

        /// The first `&name;`, `&#123;` or `&#x1F;` in `text`: HTML that was escaped twice.
        private static func firstEntity(in text: String) -> String? {
            var rest = text[...]
            while let ampersand = rest.firstIndex(of: "&") {
                rest = rest[rest.index(after: ampersand)...]
                let body = rest.prefix { $0 != ";" && !$0.isWhitespace && $0 != "&" }
                guard body.endIndex < rest.endIndex, rest[body.endIndex] == ";", let first = body.first else {
                    continue
                }
                let isEntity: Bool
                if first == "#" {
                    let isHex = body.dropFirst().first.map { $0 == "x" || $0 == "X" } ?? false
                    let digits = body.dropFirst(isHex ? 2 : 1)
                    isEntity =
                        !digits.isEmpty && digits.allSatisfy { isHex ? $0.isHexDigit : ($0.isASCII && $0.isNumber) }
                } else {
                    isEntity = first.isLetter && body.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
                }
                if isEntity { return "&\(body);" }
            }
            return nil
        }

        /// HTML elements: nothing that runs code, no relative links.
        private mutating func checkHTML(_ html: String, element: String, place: String) {
            for tag in HTMLTag.all(in: html) {
                if ["script", "object", "embed", "iframe"].contains(tag.name) {
                    warning("html-unsafe-tag", place, "<\(element)> contains <\(tag.name)>")
                }
                for (name, value) in tag.attributes {
                    let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
                    if name.hasPrefix("on") {
                        warning("html-event-attribute", place, "<\(element)> has <\(tag.name) \(name)=…>")
                    }
                    if trimmed.hasPrefix("javascript:") || trimmed.hasPrefix("vbscript:") {
                        warning("html-javascript-url", place, "<\(element)> has \(name)=\"\(value)\"")
                    } else if ["href", "src"].contains(name), !isAbsolute(value) {
                        warning("html-relative-link", place, "<\(element)> has relative \(name)=\"\(value)\"")
                    }
                }
            }
        }

        /// RFC 822 with a four-digit year and numeric zone; weekday (when given) matches; plausible.
        private mutating func checkDate(_ text: String, element: String, place: String) {
            guard let date = StrictRFC822(text) else {
                error(
                    "date-format", place, "<\(element)> \"\(text)\" is not RFC 822 with 4-digit year and numeric zone")
                return
            }
            let components = DateComponents(
                year: date.year, month: date.month, day: date.day, hour: date.hour, minute: date.minute,
                second: date.second)
            guard let local = calendar.date(from: components), calendar.component(.day, from: local) == date.day else {
                error("date-format", place, "<\(element)> \"\(text)\" is not a real date")
                return
            }
            if let weekday = date.weekday {
                let actual = StrictRFC822.weekdays[calendar.component(.weekday, from: local) - 1]
                if weekday != actual {
                    error("date-weekday", place, "<\(element)> \"\(text)\" says \(weekday), the date is a \(actual)")
                }
            }
            if local.addingTimeInterval(TimeInterval(-date.offsetSeconds)) > now {
                warning("date-future", place, "<\(element)> \"\(text)\" is in the future")
            }
            if date.year < 1990 {
                warning("date-before-1990", place, "<\(element)> \"\(text)\" is implausibly old")
            }
        }
    }
}

/// The fields of `[Ddd, ]d[d] Mon yyyy hh:mm[:ss] ±hhmm`, exactly as validators accept them.
private struct StrictRFC822 {
    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    var weekday: String?
    var day: Int
    var month: Int
    var year: Int
    var hour: Int
    var minute: Int
    var second: Int
    var offsetSeconds: Int

    init?(_ text: String) {
        var tokens = text.split(separator: " ", omittingEmptySubsequences: false)[...]
        if tokens.count == 6 {
            guard let first = tokens.first, first.hasSuffix(","), Self.weekdays.contains(String(first.dropLast()))
            else { return nil }
            weekday = String(first.dropLast())
            tokens = tokens.dropFirst()
        }
        let parts = Array(tokens)
        func number(_ text: Substring, digits: ClosedRange<Int>) -> Int? {
            guard digits.contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(text)
        }
        guard parts.count == 5, let day = number(parts[0], digits: 1...2),
            let monthIndex = Self.months.firstIndex(of: String(parts[1])),
            let year = number(parts[2], digits: 4...4)
        else { return nil }
        let time = parts[3].split(separator: ":", omittingEmptySubsequences: false)
        guard time.count == 2 || time.count == 3, let hour = number(time[0], digits: 2...2),
            let minute = number(time[1], digits: 2...2), hour < 24, minute < 60
        else { return nil }
        let second = time.count == 3 ? number(time[2], digits: 2...2) : 0
        let zone = parts[4]
        guard let second, second <= 60, let sign = zone.first, sign == "+" || sign == "-",
            let zoneValue = number(zone.dropFirst(), digits: 4...4), zoneValue % 100 < 60
        else { return nil }
        self.day = day
        self.month = monthIndex + 1
        self.year = year
        self.hour = hour
        self.minute = minute
        self.second = second
        let offset = (zoneValue / 100) * 3600 + (zoneValue % 100) * 60
        self.offsetSeconds = sign == "-" ? -offset : offset
    }
}

/// A start tag found in an HTML string: its lowercased name and attributes.
package struct HTMLTag {
    package var name: String
    package var attributes: [(name: String, value: String)]

    /// Every start tag in `html`; end tags, comments and a bare `<` are skipped.
    package static func all(in html: String) -> [HTMLTag] {
        var tags: [HTMLTag] = []
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            guard let first = rest.first, first.isLetter else { continue }
            let name = rest.prefix { $0.isLetter || $0.isNumber }
            rest = rest[name.endIndex...]
            var attributes: [(name: String, value: String)] = []
            while true {
                rest = rest.drop { $0.isWhitespace || $0 == "/" }
                guard let next = rest.first, next != ">" else { break }
                let attributeName = rest.prefix { !$0.isWhitespace && $0 != "=" && $0 != ">" && $0 != "/" }
                rest = rest[attributeName.endIndex...].drop(while: \.isWhitespace)
                var value = ""
                if rest.first == "=" {
                    rest = rest.dropFirst().drop(while: \.isWhitespace)
                    if let quote = rest.first, quote == "\"" || quote == "'" {
                        let body = rest.dropFirst().prefix { $0 != quote }
                        value = String(body)
                        rest = rest.dropFirst(body.count + 2)
                    } else {
                        let body = rest.prefix { !$0.isWhitespace && $0 != ">" }
                        value = String(body)
                        rest = rest[body.endIndex...]
                    }
                }
                if attributeName.isEmpty {
                    rest = rest.dropFirst()
                } else {
                    attributes.append((attributeName.lowercased(), value))
                }
            }
            tags.append(HTMLTag(name: name.lowercased(), attributes: attributes))
        }
        return tags
    }
}
