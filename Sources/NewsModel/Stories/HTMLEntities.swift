/// The HTML character references newsfeed decodes: the ones news text actually uses.
///
/// Not HTML's full list of 2,231 names: an unknown reference is left as written,
/// which reads fine and is escaped correctly by the XML writer.
package enum HTMLEntities {
    /// Name (without `&` and `;`) to its text.
    package static let named: [String: String] = [
        "amp": "\u{26}", "lt": "\u{3C}", "gt": "\u{3E}", "quot": "\u{22}", "apos": "\u{27}", "nbsp": "\u{A0}",
        "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}", "shy": "\u{AD}", "ndash": "\u{2013}",
        "mdash": "\u{2014}", "hellip": "\u{2026}", "lsquo": "\u{2018}", "rsquo": "\u{2019}", "sbquo": "\u{201A}",
        "ldquo": "\u{201C}", "rdquo": "\u{201D}", "bdquo": "\u{201E}", "laquo": "\u{AB}", "raquo": "\u{BB}",
        "lsaquo": "\u{2039}", "rsaquo": "\u{203A}", "prime": "\u{2032}", "Prime": "\u{2033}", "bull": "\u{2022}",
        "middot": "\u{B7}", "copy": "\u{A9}", "reg": "\u{AE}", "trade": "\u{2122}", "deg": "\u{B0}",
        "plusmn": "\u{B1}", "times": "\u{D7}", "divide": "\u{F7}", "frac12": "\u{BD}", "frac14": "\u{BC}",
        "frac34": "\u{BE}", "sup1": "\u{B9}", "sup2": "\u{B2}", "sup3": "\u{B3}", "micro": "\u{B5}",
        "para": "\u{B6}", "sect": "\u{A7}", "cent": "\u{A2}", "pound": "\u{A3}", "euro": "\u{20AC}",
        "yen": "\u{A5}", "curren": "\u{A4}", "iexcl": "\u{A1}", "iquest": "\u{BF}", "dagger": "\u{2020}",
        "Dagger": "\u{2021}", "permil": "\u{2030}", "larr": "\u{2190}", "rarr": "\u{2192}", "uarr": "\u{2191}",
        "darr": "\u{2193}", "harr": "\u{2194}", "minus": "\u{2212}", "le": "\u{2264}", "ge": "\u{2265}",
        "ne": "\u{2260}", "asymp": "\u{2248}", "infin": "\u{221E}", "zwnj": "\u{200C}", "zwj": "\u{200D}",
        "lrm": "\u{200E}", "rlm": "\u{200F}", "ordf": "\u{AA}", "ordm": "\u{BA}", "acute": "\u{B4}",
        "uml": "\u{A8}", "cedil": "\u{B8}", "macr": "\u{AF}", "not": "\u{AC}", "brvbar": "\u{A6}",
        "hearts": "\u{2665}", "spades": "\u{2660}", "clubs": "\u{2663}", "diams": "\u{2666}", "check": "\u{2713}",
        "star": "\u{2606}", "Agrave": "\u{C0}", "Aacute": "\u{C1}", "Acirc": "\u{C2}", "Atilde": "\u{C3}",
        "Auml": "\u{C4}", "Aring": "\u{C5}", "AElig": "\u{C6}", "Ccedil": "\u{C7}", "Egrave": "\u{C8}",
        "Eacute": "\u{C9}", "Ecirc": "\u{CA}", "Euml": "\u{CB}", "Igrave": "\u{CC}", "Iacute": "\u{CD}",
        "Icirc": "\u{CE}", "Iuml": "\u{CF}", "ETH": "\u{D0}", "Ntilde": "\u{D1}", "Ograve": "\u{D2}",
        "Oacute": "\u{D3}", "Ocirc": "\u{D4}", "Otilde": "\u{D5}", "Ouml": "\u{D6}", "Oslash": "\u{D8}",
        "Ugrave": "\u{D9}", "Uacute": "\u{DA}", "Ucirc": "\u{DB}", "Uuml": "\u{DC}", "Yacute": "\u{DD}",
        "THORN": "\u{DE}", "szlig": "\u{DF}", "agrave": "\u{E0}", "aacute": "\u{E1}", "acirc": "\u{E2}",
        "atilde": "\u{E3}", "auml": "\u{E4}", "aring": "\u{E5}", "aelig": "\u{E6}", "ccedil": "\u{E7}",
        "egrave": "\u{E8}", "eacute": "\u{E9}", "ecirc": "\u{EA}", "euml": "\u{EB}", "igrave": "\u{EC}",
        "iacute": "\u{ED}", "icirc": "\u{EE}", "iuml": "\u{EF}", "eth": "\u{F0}", "ntilde": "\u{F1}",
        "ograve": "\u{F2}", "oacute": "\u{F3}", "ocirc": "\u{F4}", "otilde": "\u{F5}", "ouml": "\u{F6}",
        "oslash": "\u{F8}", "ugrave": "\u{F9}", "uacute": "\u{FA}", "ucirc": "\u{FB}", "uuml": "\u{FC}",
        "yacute": "\u{FD}", "thorn": "\u{FE}", "yuml": "\u{FF}", "OElig": "\u{152}", "oelig": "\u{153}",
        "Scaron": "\u{160}", "scaron": "\u{161}", "Yuml": "\u{178}", "fnof": "\u{192}", "circ": "\u{2C6}",
        "tilde": "\u{2DC}", "alpha": "\u{3B1}", "beta": "\u{3B2}", "gamma": "\u{3B3}", "delta": "\u{3B4}",
        "pi": "\u{3C0}", "mu": "\u{3BC}", "sigma": "\u{3C3}", "omega": "\u{3C9}", "Alpha": "\u{391}",
        "Beta": "\u{392}", "Gamma": "\u{393}", "Delta": "\u{394}", "Pi": "\u{3A0}", "Sigma": "\u{3A3}",
        "Omega": "\u{3A9}",
    ]

    /// What HTML makes of numeric references in 0x80–0x9F: the Windows-1252 characters people meant.
    package static let windows1252: [UInt32: Unicode.Scalar] = [
        0x80: "\u{20AC}", 0x82: "\u{201A}", 0x83: "\u{192}", 0x84: "\u{201E}", 0x85: "\u{2026}", 0x86: "\u{2020}",
        0x87: "\u{2021}", 0x88: "\u{2C6}", 0x89: "\u{2030}", 0x8A: "\u{160}", 0x8B: "\u{2039}", 0x8C: "\u{152}",
        0x8E: "\u{17D}", 0x91: "\u{2018}", 0x92: "\u{2019}", 0x93: "\u{201C}", 0x94: "\u{201D}", 0x95: "\u{2022}",
        0x96: "\u{2013}", 0x97: "\u{2014}", 0x98: "\u{2DC}", 0x99: "\u{2122}", 0x9A: "\u{161}", 0x9B: "\u{203A}",
        0x9C: "\u{153}", 0x9E: "\u{17E}", 0x9F: "\u{178}",
    ]
}
