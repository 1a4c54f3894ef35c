/// Names from a trace made safe to print on a terminal.
///
/// A trace is data from elsewhere: a view or property name may hold an escape sequence that
/// recolours or clears the terminal, a tab or line break that breaks a table's layout, or a bidi
/// override that shows text in another order than it has. Every such character is written
/// visibly as `\u{1B}` instead; everything else passes through.
package enum TerminalText {
    /// `text` with each C0/C1 control character, DEL, line or paragraph separator and bidi
    /// control written as `\u{HEX}`: an ESC prints as the six characters `\u{1B}`.
    package static func sanitize(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `scalar` would change the terminal's state or the text's layout when printed.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x2028, 0x2029: true
        // NB: bidi embeddings, overrides and isolates reorder what follows them on the line.
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
