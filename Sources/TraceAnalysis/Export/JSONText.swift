/// JSON string literals safe to embed anywhere: in a file, in HTML, inside a `<script>` block.
///
/// NB: `<`, `>` and `&` are written as `\u003c`, `\u003e`, `\u0026` so a name like
/// `</script>` can never end a script element; U+2028/2029 are escaped for old JS parsers.
public enum JSONText {
    /// `text` as a quoted JSON string literal; `embeddable: false` leaves `<`, `>`, `&` and
    /// U+2028/2029 as they are, for JSON that is never embedded in a page.
    public static func quoted(_ text: String, embeddable: Bool = true) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "<" where embeddable: result += "\\u003c"
            case ">" where embeddable: result += "\\u003e"
            case "&" where embeddable: result += "\\u0026"
            case "\u{2028}" where embeddable: result += "\\u2028"
            case "\u{2029}" where embeddable: result += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A number of nanoseconds as microseconds with up to three decimals (`1.5`, `12`, `0.001`).
    public static func microseconds(_ nanoseconds: Int64) -> String {
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
    public static func decimal(_ value: Double, places: Int = 3) -> String {
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
