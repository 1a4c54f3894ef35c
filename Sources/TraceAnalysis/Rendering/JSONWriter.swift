/// Writes JSON text by hand, in the order fields are written (so output is deterministic).
struct JSONWriter {
    private(set) var text = ""
    private var needsComma = false

    mutating func beginObject() { open("{") }
    mutating func endObject() { close("}") }
    mutating func beginArray() { open("[") }
    mutating func endArray() { close("]") }

    /// Writes `"name":` inside an object.
    mutating func key(_ name: String) {
        separate()
        appendString(name)
        text += ":"
        needsComma = false
    }

    mutating func string(_ value: String) {
        separate()
        appendString(value)
    }

    mutating func number(_ value: Int64) {
        separate()
        text += String(value)
    }

    mutating func number(_ value: Int) { number(Int64(value)) }

    /// A finite double with up to 4 decimals, trailing zeros dropped.
    mutating func number(_ value: Double) {
        separate()
        var fixed = ReportTable.fixed(value, decimals: 4)
        while fixed.hasSuffix("0") { fixed.removeLast() }
        if fixed.hasSuffix(".") { fixed.removeLast() }
        text += fixed
    }

    mutating func bool(_ value: Bool) {
        separate()
        text += value ? "true" : "false"
    }

    mutating func null() {
        separate()
        text += "null"
    }

    /// `"name": value` for an optional string (null when nil).
    mutating func field(_ name: String, _ value: String?) {
        key(name)
        if let value { string(value) } else { null() }
    }

    mutating func field(_ name: String, _ value: Int) {
        key(name)
        number(value)
    }

    mutating func field(_ name: String, _ value: Int64) {
        key(name)
        number(value)
    }

    /// An object of counts, keys sorted.
    mutating func counts(_ name: String, _ counts: [String: Int]) {
        key(name)
        beginObject()
        for (countKey, value) in counts.sorted(by: { $0.key < $1.key }) { field(countKey, value) }
        endObject()
    }

    private mutating func open(_ bracket: String) {
        separate()
        text += bracket
        needsComma = false
    }

    private mutating func close(_ bracket: String) {
        text += bracket
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { text += "," }
        needsComma = true
    }

    private mutating func appendString(_ value: String) {
        text += JSONText.quoted(value, embeddable: false)
    }
}
