import CLibXML2
import Foundation

/// What the index needs from an RSS file: the channel's title and link and how
/// many items it holds, read with libxml2's streaming reader (no network, no DTD,
/// no entity expansion).
package struct FeedFileSummary: Sendable, Hashable {
    package var title: String?
    package var link: String?
    package var itemCount: Int
    /// The channel's `<lastBuildDate>` as written: when the feed last changed.
    package var lastBuildDate: String?

    /// Nil when the bytes are not a well-formed RSS document.
    package static func read(_ bytes: Data) -> FeedFileSummary? {
        guard bytes.count <= Int(Int32.max) else { return nil }
        _ = LibXML2Setup.done
        return bytes.withUnsafeBytes { raw -> FeedFileSummary? in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self) else { return nil }
            let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
            guard let reader = xmlReaderForMemory(base, Int32(raw.count), nil, nil, options) else { return nil }
            defer { xmlFreeTextReader(reader) }
            return summarize(reader)
        }
    }

    private enum Capture { case none, title, link, lastBuildDate }

    private static func summarize(_ reader: xmlTextReaderPtr) -> FeedFileSummary? {
        var summary = FeedFileSummary(title: nil, link: nil, itemCount: 0)
        var capture = Capture.none
        var captured = ""
        var inChannel = false
        while true {
            let status = xmlTextReaderRead(reader)
            guard status == 1 else { return status == 0 && inChannel ? summary : nil }
            let depth = xmlTextReaderDepth(reader)
            switch Int32(xmlTextReaderNodeType(reader)) {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                let name = xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? ""
                let namespaced = xmlTextReaderConstNamespaceUri(reader) != nil
                if depth == 0, name != "rss" { return nil }
                if depth == 1, name == "channel" { inChannel = true }
                guard depth == 2, inChannel, !namespaced else { continue }
                switch name {
                case "item": summary.itemCount += 1
                case "title" where summary.title == nil: capture = .title
                case "link" where summary.link == nil: capture = .link
                case "lastBuildDate" where summary.lastBuildDate == nil: capture = .lastBuildDate
                default: break
                }
                captured = ""
                if xmlTextReaderIsEmptyElement(reader) == 1 { capture = .none }
            case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue):
                if capture != .none, let value = xmlTextReaderConstValue(reader) {
                    captured += String(cString: value)
                }
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue) where depth == 2:
                let text = captured.trimmingCharacters(in: .whitespacesAndNewlines)
                switch capture {
                case .title: summary.title = text
                case .link: summary.link = text
                case .lastBuildDate: summary.lastBuildDate = text
                case .none: break
                }
                capture = .none
            default:
                break
            }
        }
    }
}
