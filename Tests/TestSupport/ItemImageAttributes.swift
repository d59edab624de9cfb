import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The image markup of one `<item>` as written in a feed file: the `<enclosure>` and `<media:content>` attributes,
/// read with FoundationXML independently of newsfeed's own reader.
package struct ItemImageAttributes: Sendable, Hashable {
    /// The item's `<link>`.
    package var link: String
    package var enclosure: [String: String]?
    package var mediaContent: [String: String]?
    package var mediaThumbnail: [String: String]?

    /// Every item of `data`, keyed by its link.
    package static func read(_ data: Data) -> [String: ItemImageAttributes] {
        let collector = Collector()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = collector
        _ = parser.parse()
        return Dictionary(collector.items.map { ($0.link, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var items: [ItemImageAttributes] = []
        private var current: ItemImageAttributes?
        private var text = ""

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            text = ""
            switch elementName {
            case "item": current = ItemImageAttributes(link: "")
            case "enclosure": current?.enclosure = attributes
            case "media:content": current?.mediaContent = attributes
            case "media:thumbnail": current?.mediaThumbnail = attributes
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text += string
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
        ) {
            if elementName == "link", current != nil {
                current?.link = text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            if elementName == "item", let item = current {
                items.append(item)
                current = nil
            }
        }
    }
}
