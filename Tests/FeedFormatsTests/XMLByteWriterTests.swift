import FeedFormats
import Foundation
import TestSupport
import Testing

/// ``XMLByteWriter`` must write exactly what ``XMLWriter`` (libxml2's text writer) writes for the
/// same calls: the golden files of every feed depend on it.
@Suite struct XMLByteWriterTests {
    /// One writer call, applied to both writers alike.
    enum Step: CustomStringConvertible {
        case start(StaticString)
        case attribute(StaticString, String)
        case text(String)
        case utf8Text(String)
        case end

        var description: String {
            switch self {
            case .start(let name): "start(\(name))"
            case .attribute(let name, let value): "attribute(\(name), \(value.debugDescription))"
            case .text(let value): "text(\(value.debugDescription))"
            case .utf8Text(let value): "utf8Text(\(value.debugDescription))"
            case .end: "end"
            }
        }
    }

    private static func viaLibXML2(_ steps: [Step], piecesEvery: Int = 0) throws -> Data {
        var writer = try XMLWriter()
        var data = Data()
        try writer.startDocument()
        for (index, step) in steps.enumerated() {
            switch step {
            case .start(let name): try writer.startElement(name.description)
            case .attribute(let name, let value): try writer.attribute(name.description, value, escapedByLibXML2: true)
            case .text(let value): try writer.text(value, escapedByLibXML2: true)
            case .utf8Text(let value): try writer.text(value, escapedByLibXML2: true)
            case .end: try writer.endElement()
            }
            if piecesEvery > 0, index % piecesEvery == 0 { data.append(try writer.takeWrittenBytes()) }
        }
        data.append(try writer.finish())
        return data
    }

    private static func viaBytes(_ steps: [Step], piecesEvery: Int = 0) throws -> Data {
        var writer = try XMLByteWriter()
        var data = Data()
        try writer.startDocument()
        for (index, step) in steps.enumerated() {
            switch step {
            case .start(let name): try writer.startElement(name)
            case .attribute(let name, let value): try writer.attribute(name, value)
            case .text(let value): try writer.text(value)
            case .utf8Text(let value):
                var bytes = Array(value.utf8)
                try writer.text(utf8: &bytes)
            case .end: try writer.endElement()
            }
            if piecesEvery > 0, index % piecesEvery == 0 { data.append(try writer.takeWrittenBytes()) }
        }
        data.append(try writer.finish())
        return data
    }

    @Test func writesAFeedShapedDocumentAsLibXML2Does() throws {
        let steps: [Step] = [
            .start("rss"), .attribute("version", "2.0"), .attribute("xmlns:dc", "http://purl.org/dc/elements/1.1/"),
            .start("channel"), .start("title"), .text("Héadlines & more"), .end, .start("atom:link"),
            .attribute("href", "https://feeds.example.com/us/health.rss"), .end, .start("item"), .start("title"),
            .text(""), .end, .start("description"), .utf8Text("<p>a</p>"), .end, .start("guid"),
            .attribute("isPermaLink", "true"), .text("https://a.example/x?b=1&c=2"), .end, .start("enclosure"),
            .attribute("url", "https://img.example/é.jpg"), .attribute("length", "0"), .end, .end,
            // Left open: finishing closes them, indented as libxml2 does.
        ]
        let expected = try Self.viaLibXML2(steps)
        #expect(try Self.viaBytes(steps) == expected)
        #expect(try Self.viaBytes(steps, piecesEvery: 3) == expected)
        #expect(try Self.viaLibXML2(steps, piecesEvery: 3) == expected)
    }

    @Test(arguments: XMLWriterTests.escapingSamples)
    func escapesTextAndAttributesAsLibXML2Does(_ value: String) throws {
        let steps: [Step] = [
            .start("e"), .attribute("a", value), .start("t"), .text(value), .end, .start("u"), .utf8Text(value), .end,
            .start("v"), .attribute("b", value), .end,
        ]
        #expect(try Self.viaBytes(steps) == Self.viaLibXML2(steps))
    }

    /// Every scalar class text and attributes can hold: each width of UTF-8, C1 controls, the
    /// largest scalars, non-characters (removed), forbidden characters around them.
    @Test func writesEveryNonASCIICharacterOfAnAttributeAsLibXML2Does() throws {
        let scalars: [UInt32] = [
            0x80, 0x85, 0xA0, 0xFF, 0x100, 0x7FF, 0x800, 0xFFF, 0x1000, 0xD7FF, 0xE000, 0xFEFF, 0xFFFD, 0xFFFE, 0xFFFF,
            0x10000, 0x1F600, 0xFFFFF, 0x100000, 0x10FFFF,
        ]
        for value in scalars {
            let character = String(Character(try #require(Unicode.Scalar(value))))
            for sample in [character, "a\(character)", "abcdefg\(character)xyz", "\u{1}\(character)\u{7F}"] {
                let steps: [Step] = [.start("e"), .attribute("a", sample), .text(sample), .end]
                let viaBytes = String(decoding: try Self.viaBytes(steps), as: UTF8.self)
                let viaLibXML2 = String(decoding: try Self.viaLibXML2(steps), as: UTF8.self)
                #expect(viaBytes == viaLibXML2, "\(sample.debugDescription)")
            }
        }
    }

    /// Seeded random documents: nesting, empty elements, text before and after children, and
    /// values drawn from the escaping samples, written through both writers.
    @Test func randomDocumentsAreWrittenAsLibXML2WritesThem() throws {
        var random = SplitMix64(seed: 20_261_201)
        let names: [StaticString] = ["a", "item", "dc:creator", "media:content", "x"]
        let attributeNames: [StaticString] = ["k0", "k1", "k2"]
        let values = XMLWriterTests.escapingSamples
        for _ in 0..<300 {
            var steps: [Step] = [.start("root")]
            var depth = 1
            var startTagOpen = true
            for _ in 0..<Int(random.next() % 40) {
                switch random.next() % 6 {
                case 0, 1:
                    steps.append(.start(names[Int(random.next() % UInt64(names.count))]))
                    depth += 1
                    startTagOpen = true
                case 2 where startTagOpen:
                    let name = attributeNames[Int(random.next() % 3)]
                    steps.append(.attribute(name, values[Int(random.next() % UInt64(values.count))]))
                case 3:
                    let value = values[Int(random.next() % UInt64(values.count))]
                    steps.append(random.next() % 2 == 0 ? .text(value) : .utf8Text(value))
                    startTagOpen = false
                case 4 where depth > 1:
                    steps.append(.end)
                    depth -= 1
                    startTagOpen = false
                default:
                    break
                }
            }
            let pieces = Int(random.next() % 5)
            let expected = try Self.viaLibXML2(steps)
            #expect(try Self.viaBytes(steps, piecesEvery: pieces) == expected, "\(steps)")
        }
    }

    @Test func refusesAttributesOutsideStartTagsAndUnbalancedEnds() throws {
        var writer = try XMLByteWriter()
        try writer.startDocument()
        #expect(throws: FeedError.self) { try writer.attribute("a", "outside any element") }
        #expect(throws: FeedError.self) { try writer.text("outside any element") }
        #expect(throws: FeedError.self) { try writer.endElement() }
        try writer.startElement("e")
        try writer.text("t")
        #expect(throws: FeedError.self) { try writer.attribute("a", "after text") }
    }

    /// What a writer made inside open elements writes (``XMLByteWriter/init(inside:)``) is, appended there, what the
    /// writer with them open would have written: after a child of the innermost or right after its start tag.
    @Test(arguments: [false, true])
    func writingInsideOpenElementsIsWritingThere(afterAChild: Bool) throws {
        func children(_ writer: inout XMLByteWriter) throws(FeedError) {
            for number in 0..<3 {
                try writer.startElement("item")
                try writer.attribute("n", "\(number)\t\"")
                try writer.element("title", text: "T \(number) & <x>\r")
                try writer.startElement("empty")
                try writer.endElement()
                try writer.startElement("nested")
                try writer.startElement("deeper")
                try writer.text("text")
                try writer.endElement()
                try writer.endElement()
                try writer.endElement()
            }
        }
        func opening(_ writer: inout XMLByteWriter) throws(FeedError) {
            try writer.startDocument()
            try writer.startElement("rss")
            try writer.attribute("version", "2.0")
            try writer.startElement("channel")
            if afterAChild { try writer.element("title", text: "Channel") }
        }
        var direct = try XMLByteWriter()
        try opening(&direct)
        try children(&direct)
        try direct.endElement()
        try direct.element("after", text: "x")

        var inside = XMLByteWriter(inside: ["rss", "channel"])
        try children(&inside)
        let bytes = inside.takeWrittenArray()
        var joined = try XMLByteWriter()
        try opening(&joined)
        joined.appendWritten([0x20] + bytes + [0x20], in: 1..<(bytes.count + 1))
        try joined.endElement()
        try joined.element("after", text: "x")
        #expect(try joined.finish() == direct.finish())
    }
}

/// A small seeded generator, so a failing random document can be reproduced.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
