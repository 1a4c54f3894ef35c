import TracerCore

/// Writes JSON text by hand, in the order fields are written (so output is deterministic).
///
/// NB: the text is gathered as UTF-8 bytes in a `ByteBlock`, neither a `String` appended to piece
/// by piece nor an `[UInt8]`, which pays a uniqueness check per append. A copy of a writer shares
/// its block: a writer is made, written and read by one owner.
///
/// NB: `@unchecked Sendable`: a writer filled on one thread is handed whole to the thread that
/// reads it (a report's runs of views); no two threads ever hold it at once.
package struct JSONWriter: @unchecked Sendable {
    private let bytes: ByteBlock
    private var needsComma = false
    /// Whether strings also escape `<`, `>` and `&`, so that the text can sit in an HTML page.
    private let embeddable: Bool

    /// An empty writer with room for `capacity` bytes; `embeddable` text may go inside a `<script>`.
    package init(capacity: Int = 0, embeddable: Bool = false) {
        self.embeddable = embeddable
        bytes = ByteBlock(capacity: Swift.max(capacity, 64))
    }

    /// The JSON written so far and a newline: a document as a file holds it.
    package func document() -> String {
        String(unsafeUninitializedCapacity: bytes.count + 1) { buffer in
            _ = buffer.initialize(from: bytes.bytes)
            buffer[bytes.count] = UInt8(ascii: "\n")
            return bytes.count + 1
        }
    }

    /// Hands the text written so far to `output` and forgets it; what is written next continues
    /// the same document (a comma goes before the next value if one is due).
    ///
    /// NB: a document of megabytes goes out piece by piece instead of being held whole.
    package mutating func drain(into output: (UnsafeRawBufferPointer) -> Void) {
        output(UnsafeRawBufferPointer(bytes.bytes))
        bytes.removeAll()
    }

    package mutating func beginObject() { open("{") }
    package mutating func endObject() { close("}") }
    package mutating func beginArray() { open("[") }
    package mutating func endArray() { close("]") }

    /// Writes `"name":` inside an object.
    package mutating func key(_ name: String) {
        separate()
        appendString(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    package mutating func string(_ value: String) {
        separate()
        appendString(value)
    }

    package mutating func number(_ value: Int64) {
        separate()
        bytes.appendDecimal(value)
    }

    package mutating func number(_ value: Int) { number(Int64(value)) }

    /// A finite double with up to 4 decimals, trailing zeros dropped; from 10^14 on (where a
    /// `Double` holds fewer decimals than that) its integer digits, exactly as the `Double` holds
    /// them (rounded), in exponent form only beyond 2^64.
    package mutating func number(_ value: Double) {
        separate()
        guard value.magnitude < 1e14 else {
            if let integer = Int64(exactly: value.rounded()) {
                bytes.appendDecimal(integer)
            } else if let integer = UInt64(exactly: value.rounded()) {
                bytes.appendDecimal(integer)
            } else {
                bytes.append(value.description)
            }
            return
        }
        bytes.append(JSONText.decimal(value, places: 4))
    }

    package mutating func bool(_ value: Bool) {
        separate()
        bytes.append(value ? "true" : "false")
    }

    package mutating func null() {
        separate()
        bytes.append("null")
    }

    /// `"name": value` for an optional string (null when nil).
    package mutating func field(_ name: String, _ value: String?) {
        key(name)
        if let value { string(value) } else { null() }
    }

    package mutating func field(_ name: String, _ value: Int) {
        key(name)
        number(value)
    }

    package mutating func field(_ name: String, _ value: Int64) {
        key(name)
        number(value)
    }

    /// An object of counts, keys sorted.
    package mutating func counts(_ name: String, _ counts: [String: Int]) {
        key(name)
        beginObject()
        for (countKey, value) in counts.sorted(by: { $0.key < $1.key }) { field(countKey, value) }
        endObject()
    }

    /// Ends a document: a newline after its value.
    package mutating func newline() { bytes.append(UInt8(ascii: "\n")) }

    /// Puts the next value on a line of its own (after its comma), when a value came before it:
    /// one array element per line, for JSON a person may read.
    package mutating func lineBreak() {
        guard needsComma else { return }
        bytes.append(",\n")
        needsComma = false
    }

    /// `"name":[n,…]`: the integers in order.
    package mutating func numbers(_ name: String, _ values: some Sequence<Int>) {
        key(name)
        beginArray()
        for value in values { number(value) }
        endArray()
    }

    /// The JSON written so far, without the newline a document ends with.
    package var text: String { String(decoding: bytes.bytes, as: UTF8.self) }

    /// `"name":["…",…]`: the strings in order.
    package mutating func strings(_ name: String, _ values: some Sequence<String>) {
        key(name)
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    /// `"name":[…]`: one object per item, its fields written by `fields`.
    package mutating func objects<Items: Sequence>(_ name: String, _ items: Items, _ fields: (inout JSONWriter, Items.Element) -> Void) {
        key(name)
        beginArray()
        for item in items {
            beginObject()
            fields(&self, item)
            endObject()
        }
        endArray()
    }

    private mutating func open(_ bracket: Unicode.Scalar) {
        separate()
        bytes.append(UInt8(ascii: bracket))
        needsComma = false
    }

    private mutating func close(_ bracket: Unicode.Scalar) {
        bytes.append(UInt8(ascii: bracket))
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
    }

    private mutating func appendString(_ value: String) {
        bytes.appendQuoted(value, embeddable: embeddable)
    }
}
