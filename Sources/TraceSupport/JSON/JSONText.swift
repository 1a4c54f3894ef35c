/// JSON string literals safe to embed anywhere: in a file, in HTML, inside a `<script>` block.
///
/// NB: `<`, `>` and `&` are written as `\u003c`, `\u003e`, `\u0026` so a name like
/// `</script>` can never end a script element; U+2028/2029 are escaped for old JS parsers.
package enum JSONText {
    /// `text` as a quoted JSON string literal; `embeddable: false` leaves `<`, `>`, `&` and
    /// U+2028/2029 as they are, for JSON that is never embedded in a page.
    package static func quoted(_ text: String, embeddable: Bool = true) -> String {
        // NB: names rarely need escaping; those that don't are copied whole.
        guard needsEscaping(text, embeddable: embeddable) else { return "\"\(text)\"" }
        var result: [UInt8] = []
        appendQuoted(text, embeddable: embeddable, to: &result)
        return String(decoding: result, as: UTF8.self)
    }

    /// Appends `text` as a quoted JSON string literal (see `quoted`) to the UTF-8 `output`.
    package static func appendQuoted(_ text: String, embeddable: Bool = true, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        defer { output.append(UInt8(ascii: "\"")) }
        // NB: names rarely need escaping; those that don't are copied whole, in one pass.
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard !bytes.contains(where: { needsEscape($0, embeddable: embeddable) }) else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        if copied == true { return }
        // NB: the rest (strings to escape, or without contiguous UTF-8) goes byte by byte.
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): output += [0x5C, 0x22]
            case UInt8(ascii: "\\"): output += [0x5C, 0x5C]
            case 0x0A: output += [0x5C, UInt8(ascii: "n")]
            case 0x0D: output += [0x5C, UInt8(ascii: "r")]
            case 0x09: output += [0x5C, UInt8(ascii: "t")]
            case UInt8(ascii: "<") where embeddable: output += "\\u003c".utf8
            case UInt8(ascii: ">") where embeddable: output += "\\u003e".utf8
            case UInt8(ascii: "&") where embeddable: output += "\\u0026".utf8
            // NB: U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
            case 0xE2 where embeddable && index + 1 < bytes.count && bytes[index] == 0x80
                && (bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9):
                output += (bytes[index + 1] == 0xA8 ? "\\u2028" : "\\u2029").utf8
                index += 2
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output += "\\u00".utf8
                output += [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: output.append(byte)
            }
        }
    }

    /// Whether any byte of `text` starts something `quoted` must escape.
    @inline(__always)
    private static func needsEscaping(_ text: String, embeddable: Bool) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { needsEscaping($0, embeddable: embeddable) }
            ?? text.utf8.contains { needsEscape($0, embeddable: embeddable) }
    }

    /// Whether any of the UTF-8 `bytes` starts something `quoted` must escape.
    @inline(__always)
    package static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>, embeddable: Bool) -> Bool {
        bytes.contains { needsEscape($0, embeddable: embeddable) }
    }

    /// Whether `byte` (of a UTF-8 string) starts something `quoted` must escape.
    @inline(__always)
    private static func needsEscape(_ byte: UInt8, embeddable: Bool) -> Bool {
        switch byte {
        case ..<0x20, UInt8(ascii: "\""), UInt8(ascii: "\\"): return true
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), 0xE2: return embeddable
        default: return false
        }
    }

    /// A number of nanoseconds as microseconds with up to three decimals (`1.5`, `12`, `0.001`).
    package static func microseconds(_ nanoseconds: Int64) -> String {
        let sign = nanoseconds < 0 ? "-" : ""
        let magnitude = nanoseconds.magnitude
        let whole = magnitude / 1000
        let fraction = magnitude % 1000
        guard fraction > 0 else { return "\(sign)\(whole)" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(sign)\(whole).\(digits)"
    }

    /// A ratio with a fixed number of decimals, without locale or exponent (`0.996`).
    package static func decimal(_ value: Double, places: Int = 3) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (value * scale).rounded()
        let negative = scaled < 0
        let integer = Int64(abs(scaled))
        let divisor = Int64(scale)
        var fraction = String(integer % divisor)
        fraction = String(repeating: "0", count: places - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let whole = "\(negative ? "-" : "")\(integer / divisor)"
        return fraction.isEmpty ? whole : "\(whole).\(fraction)"
    }
}
