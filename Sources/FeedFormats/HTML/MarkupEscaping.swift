/// Escaping for text and attribute values in the HTML index and the OPML list.
///
/// Both are written as strings because they are tiny and fixed in shape; every value
/// that comes from a feed or a path passes through here.
package enum MarkupEscaping {
    /// Escapes `&`, `<` and `>` and drops characters XML 1.0 forbids.
    package static func text(_ value: String) -> String {
        escape(value, attribute: false)
    }

    /// Also escapes both quotes, and line breaks and tabs as character references
    /// so attribute-value normalisation keeps them.
    package static func attribute(_ value: String) -> String {
        escape(value, attribute: true)
    }

    private static func escape(_ value: String, attribute: Bool) -> String {
        var result = ""
        result.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where attribute: result += "&quot;"
            case "'" where attribute: result += "&#39;"
            case "\n" where attribute: result += "&#10;"
            case "\r" where attribute: result += "&#13;"
            case "\t" where attribute: result += "&#9;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                // C0 controls, DEL..C1 controls and the two non-characters are not
                // allowed (or not wanted) in XML or HTML text.
                if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xFFFE || value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
