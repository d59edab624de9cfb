import CLibXML2
import Foundation

/// A thin owner of one libxml2 `xmlTextReader` over bytes that outlive it.
///
/// Streaming keeps memory flat for big feeds. The network and external entities stay off, no
/// DTD is loaded and entities are not substituted, so a hostile file can neither reach out nor
/// expand. libxml2's own error message is kept instead of printed, to name the cause.
package struct XMLStreamReader: ~Copyable {
    /// What libxml2 reported, kept by its C callback.
    private final class ErrorLog {
        var firstError: String?
    }

    private let reader: xmlTextReaderPtr
    private let log: ErrorLog

    /// Nil when libxml2 cannot even start (out of memory).
    ///
    /// - Parameter bytes: the document; must stay valid until this reader is gone.
    package init?(bytes: UnsafeRawBufferPointer) {
        let options = Int32(
            XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        _ = LibXML2Setup.done
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count <= Int32.max,
            let reader = xmlReaderForMemory(base, Int32(bytes.count), nil, nil, options)
        else { return nil }
        let log = ErrorLog()
        let handler: xmlStructuredErrorFunc = { context, error in
            guard let context, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            let log = Unmanaged<ErrorLog>.fromOpaque(context).takeUnretainedValue()
            guard log.firstError == nil else { return }
            let message = error.pointee.message.map { String(cString: $0) } ?? "unknown libxml2 error"
            let text = message.trimmingCharacters(in: .whitespacesAndNewlines)
            log.firstError = "line \(error.pointee.line), column \(error.pointee.int2): \(text)"
        }
        xmlTextReaderSetStructuredErrorHandler(reader, handler, Unmanaged.passUnretained(log).toOpaque())
        self.reader = reader
        self.log = log
    }

    deinit {
        xmlFreeTextReader(reader)
    }

    /// The first error libxml2 reported, with its line and column.
    var firstError: String? { log.firstError }

    /// Moves to the next node: 1 when there is one, 0 at the end, -1 on an error.
    package func advance() -> Int32 { xmlTextReaderRead(reader) }

    var nodeType: xmlReaderTypes { xmlReaderTypes(UInt32(max(0, xmlTextReaderNodeType(reader)))) }
    package var depth: Int { Int(xmlTextReaderDepth(reader)) }
    var isEmptyElement: Bool { xmlTextReaderIsEmptyElement(reader) == 1 }
    package var localName: String { xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? "" }
    /// Empty for elements in no namespace.
    package var namespaceURI: String { xmlTextReaderConstNamespaceUri(reader).map { String(cString: $0) } ?? "" }
    /// The text of a text or CDATA node.
    package var value: String { xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? "" }

    /// The value of the current element's attribute `name` (no prefix), if present.
    package func attribute(_ name: String) -> String? {
        guard xmlTextReaderMoveToAttribute(reader, name) == 1 else { return nil }
        defer { xmlTextReaderMoveToElement(reader) }
        return xmlTextReaderConstValue(reader).map { String(cString: $0) }
    }
}
