import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What a feed reader should show for one `<item>` of an RSS file: its title, link and
/// enclosure. Read with FoundationXML, apart from newsfeed's own libxml2 reader, so the
/// expectations of the real-reader tests do not share a bug with the code under test.
package struct RSSItemSummary: Sendable, Hashable, CustomStringConvertible {
    package struct Unreadable: Error, CustomStringConvertible {
        package let description: String
    }

    package var title: String
    package var link: String
    package var enclosureURL: String?
    package var enclosureType: String?

    package var description: String { "\"\(title)\" <\(link)>" }

    /// Every item of the RSS document in `data`, in document order.
    package static func all(in data: Data) throws -> [RSSItemSummary] {
        let document: XMLDocument
        do {
            document = try XMLDocument(data: data, options: [.nodeLoadExternalEntitiesNever])
        } catch {
            throw Unreadable(description: "not an XML document: \(error)")
        }
        let items = try document.nodes(forXPath: "/rss/channel/item").compactMap { $0 as? XMLElement }
        return items.map { item in
            let enclosure = item.elements(forName: "enclosure").first
            return RSSItemSummary(
                title: item.elements(forName: "title").first?.stringValue ?? "",
                link: item.elements(forName: "link").first?.stringValue ?? "",
                enclosureURL: enclosure?.attribute(forName: "url")?.stringValue,
                enclosureType: enclosure?.attribute(forName: "type")?.stringValue)
        }
    }

    /// The items of the RSS file at `url`.
    package static func all(inFile url: URL) throws -> [RSSItemSummary] {
        try all(in: Data(contentsOf: url))
    }
}
