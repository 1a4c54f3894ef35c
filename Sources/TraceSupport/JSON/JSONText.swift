import TracerCore

/// JSON text as `String`s: string literals safe to embed anywhere (in a file, in HTML, inside a
/// `<script>` block), and numbers written without locale or exponent.
package enum JSONText {
    /// `text` as a quoted JSON string literal (`JSONString`); `embeddable: false` leaves `<`, `>`,
    /// `&` and U+2028/2029 as they are, for JSON that is never embedded in a page.
    package static func quoted(_ text: String, embeddable: Bool = true) -> String {
        String(decoding: JSONString.quoted(text, embeddable: embeddable), as: UTF8.self)
    }

    /// A ratio with a fixed number of decimals, without locale or exponent (`0.996`); a value too
    /// large for them as its integer digits (`JSONWriter.number(_:)`'s), NaN and the infinities
    /// as `n/a`.
    package static func decimal(_ value: Double, places: Int = 3) -> String {
        guard value.isFinite else { return "n/a" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (value * scale).rounded()
        let negative = scaled < 0
        guard scaled.magnitude < 0x1p63, let integer = CheckedInteger.saturating(scaled.magnitude, as: Int64.self) else {
            var writer = JSONWriter()
            writer.number(value)
            return String(writer.document().dropLast())
        }
        let divisor = Int64(scale)
        var fraction = String(integer % divisor)
        fraction = String(repeating: "0", count: places - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let whole = "\(negative ? "-" : "")\(integer / divisor)"
        return fraction.isEmpty ? whole : "\(whole).\(fraction)"
    }
}
