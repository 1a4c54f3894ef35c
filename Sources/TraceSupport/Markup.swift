/// Escaping for HTML and SVG: every name from a trace goes through here before it reaches markup.
package enum Markup {
    /// `text` safe as element content or a quoted attribute value (`&`, `<`, `>`, `"`, `'` escaped;
    /// control characters other than tab and newline dropped, as XML does not allow them).
    package static func escape(_ text: String) -> String {
        // NB: names rarely hold anything to escape: those are returned as they are, after a scan
        // of their bytes (0xEF may start U+FFFE or U+FFFF, which the long way drops).
        let plain = text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0xEF: false
            case 0x09, 0x0A: true
            default: byte >= 0x20
            }
        }
        if plain { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
