import TracerCore

/// Writes JSON text by hand, in the order fields are written (so output is deterministic).
///
/// NB: the text is gathered as UTF-8 bytes in a `ByteBlock`, neither a `String` appended to piece
/// by piece nor an `[UInt8]`, which pays a uniqueness check per append. A copy of a writer shares
/// its block: a writer is made, written and read by one owner.
///
/// NB: `@unchecked Sendable`: a writer filled on one thread is handed whole to the thread that
/// reads it (a report's runs of views); no two threads ever hold it at once.
@usableFromInline package struct JSONWriter: @unchecked Sendable {
    @usableFromInline let bytes: ByteBlock
    @usableFromInline var needsComma = false
    /// Whether strings also escape `<`, `>` and `&`, so that the text can sit in an HTML page.
    @usableFromInline let embeddable: Bool

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

    /// Hands the text written so far to `output` once it holds `size` bytes or more, and forgets it:
    /// a streaming exporter's block.
    @inlinable @inline(__always)
    package mutating func flush(into output: inout some TextOutputStream, atLeast size: Int = 0) {
        if bytes.count >= size { bytes.flush(into: &output) }
    }

    @inlinable @inline(__always) package mutating func beginObject() { open("{") }
    @inlinable @inline(__always) package mutating func endObject() { close("}") }
    @inlinable @inline(__always) package mutating func beginArray() { open("[") }
    @inlinable @inline(__always) package mutating func endArray() { close("]") }

    /// Writes `"name":` inside an object.
    @_disfavoredOverload
    package mutating func key(_ name: String) {
        separate()
        appendString(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes `"name":` inside an object, for a name that needs no escaping.
    @inlinable @inline(__always)
    package mutating func key(_ name: StaticString) {
        internalCheck(Self.isPlain(name, embeddable: embeddable), "a key that needs escaping: \(name)")
        bytes.append(needsComma ? ",\"" : "\"", name, "\":")
        needsComma = false
    }

    @_disfavoredOverload
    package mutating func string(_ value: String) {
        separate()
        appendString(value)
    }

    /// A string that needs no escaping.
    @inlinable @inline(__always)
    package mutating func string(_ value: StaticString) {
        internalCheck(Self.isPlain(value, embeddable: embeddable), "a string that needs escaping: \(value)")
        bytes.append(needsComma ? ",\"" : "\"", value, "\"")
        needsComma = true
    }

    /// A string literal escaped and quoted already (`JSONString`).
    @inlinable @inline(__always)
    package mutating func string(quoted literal: UnsafeBufferPointer<UInt8>) {
        separate()
        bytes.append(literal)
    }

    /// Whether escaping leaves `text` as it is (checked in debug builds only).
    @usableFromInline
    static func isPlain(_ text: StaticString, embeddable: Bool) -> Bool {
        let bytes = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        return JSONString.quoted(String(decoding: bytes, as: UTF8.self), embeddable: embeddable).dropFirst().dropLast().elementsEqual(bytes)
    }

    /// Opens a string written in parts (`stringPart`), closed by `endString()`.
    @inlinable @inline(__always)
    package mutating func beginString() {
        separate()
        bytes.append(UInt8(ascii: "\""))
    }

    /// Part of a string begun with `beginString()`: text that needs no escaping.
    @inlinable @inline(__always)
    package mutating func stringPart(_ text: StaticString) {
        internalCheck(Self.isPlain(text, embeddable: embeddable), "a string that needs escaping: \(text)")
        bytes.append(text)
    }

    /// Part of a string begun with `beginString()`: bytes escaped already (`JSONString`).
    @inlinable @inline(__always)
    package mutating func stringPart(escaped: UnsafeBufferPointer<UInt8>) { bytes.append(escaped) }

    /// Part of a string begun with `beginString()`: the decimal digits of `value`.
    @inlinable @inline(__always)
    package mutating func stringPart(_ value: Int64) { bytes.appendDecimal(value) }

    @inlinable @inline(__always)
    package mutating func endString() { bytes.append(UInt8(ascii: "\"")) }

    @inlinable @inline(__always)
    package mutating func number(_ value: Int64) {
        bytes.appendDecimal(value, after: needsComma ? UInt8(ascii: ",") : nil)
        needsComma = true
    }

    @inlinable @inline(__always)
    package mutating func number(_ value: UInt64) {
        bytes.appendDecimal(value, after: needsComma ? UInt8(ascii: ",") : nil)
        needsComma = true
    }

    /// A number of nanoseconds as microseconds with up to three decimals (`1.5`, `12`, `0.001`).
    @inlinable @inline(__always)
    package mutating func number(microseconds nanoseconds: Int64) {
        bytes.appendMicroseconds(nanoseconds, after: needsComma ? UInt8(ascii: ",") : nil)
        needsComma = true
    }

    @inlinable @inline(__always)
    package mutating func number(_ value: Int) { number(Int64(value)) }

    /// `"name":N` inside an object, for a name that needs no escaping: a key and an integer with
    /// one check for room.
    @inlinable @inline(__always)
    package mutating func field(_ name: StaticString, number value: Int64) {
        beginField(name, room: DecimalDigits.maximumCount + 1)
        bytes.putDecimal(value)
    }

    /// `"name":N` inside an object, for a name that needs no escaping: a key and a number of
    /// nanoseconds as microseconds (see `number(microseconds:)`) with one check for room.
    @inlinable @inline(__always)
    package mutating func field(_ name: StaticString, microseconds nanoseconds: Int64) {
        beginField(name, room: 2 * DecimalDigits.maximumCount)
        bytes.putMicroseconds(nanoseconds)
    }

    /// `"name":"value"` inside an object, for a name and a value that need no escaping, with one
    /// check for room.
    @inlinable @inline(__always)
    package mutating func field(_ name: StaticString, string value: StaticString) {
        internalCheck(Self.isPlain(value, embeddable: embeddable), "a string that needs escaping: \(value)")
        beginField(name, room: value.utf8CodeUnitCount + 2)
        bytes.put("\"", value, "\"")
    }

    /// `"name":` and a string literal escaped and quoted already (`JSONString`), for a name that
    /// needs no escaping, with one check for room.
    @inlinable @inline(__always)
    package mutating func field(_ name: StaticString, quoted literal: UnsafeBufferPointer<UInt8>) {
        beginField(name, room: literal.count)
        bytes.put(literal)
    }

    /// Writes `"name":` with room reserved for it and a value of up to `room` bytes after it; the
    /// value comes next.
    @inlinable @inline(__always)
    mutating func beginField(_ name: StaticString, room: Int) {
        internalCheck(Self.isPlain(name, embeddable: embeddable), "a key that needs escaping: \(name)")
        bytes.reserve(name.utf8CodeUnitCount + 4 + room)
        bytes.put(needsComma ? ",\"" : "\"", name, "\":")
        needsComma = true
    }

    /// A finite double with up to 4 decimals, trailing zeros dropped; from 10^14 on (where a
    /// `Double` holds fewer decimals than that) its integer digits, exactly as the `Double` holds
    /// them (rounded), in exponent form only beyond 2^64. NaN and the infinities, which JSON cannot
    /// write, are `null`: no figure, never a made-up one.
    package mutating func number(_ value: Double) {
        guard value.isFinite else { return null() }
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

    @inlinable @inline(__always)
    package mutating func bool(_ value: Bool) {
        bytes.append(needsComma ? "," : "", value ? "true" : "false", "")
        needsComma = true
    }

    @inlinable @inline(__always)
    package mutating func null() {
        bytes.append(needsComma ? "," : "", "null", "")
        needsComma = true
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

    /// `"name": value` for an optional number (null when nil: a figure the source does not have).
    package mutating func field(_ name: String, _ value: Int64?) {
        key(name)
        if let value { number(value) } else { null() }
    }

    /// An object of counts, keys sorted.
    package mutating func counts(_ name: String, _ counts: [String: Int]) {
        key(name)
        beginObject()
        for (countKey, value) in counts.sorted(by: { $0.key < $1.key }) { field(countKey, value) }
        endObject()
    }

    /// Ends a document: a newline after its value.
    @inlinable
    package mutating func newline() { bytes.append(UInt8(ascii: "\n")) }

    /// Puts the next value on a line of its own (after its comma), when a value came before it:
    /// one array element per line, for JSON a person may read.
    @inlinable @inline(__always)
    package mutating func lineBreak() {
        guard needsComma else { return }
        bytes.append(",\n")
        needsComma = false
    }

    /// Writes `layout`, spaces and line breaks (indentation, a space after a key), for a document
    /// a person edits.
    ///
    /// NB: no comma is written: the one due goes out with the next value, so a line that ends after
    /// a value and before another ends with `lineBreak()`.
    package mutating func whitespace(_ layout: StaticString) {
        internalCheck(
            layout.withUTF8Buffer { $0.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") } },
            "layout that is not spaces and line breaks: \(layout)")
        bytes.append(layout)
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

    @inlinable @inline(__always)
    mutating func open(_ bracket: Unicode.Scalar) {
        separate()
        bytes.append(UInt8(ascii: bracket))
        needsComma = false
    }

    @inlinable @inline(__always)
    mutating func close(_ bracket: Unicode.Scalar) {
        bytes.append(UInt8(ascii: bracket))
        needsComma = true
    }

    @inlinable @inline(__always)
    mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
    }

    private mutating func appendString(_ value: String) {
        bytes.appendQuoted(value, embeddable: embeddable)
    }
}

extension JSONWriter {
    /// Writes `text`, one JSON value already written (a document; its final newline dropped), as
    /// the next value.
    package mutating func value(json text: String) {
        separate()
        var text = text
        while text.last == "\n" { text.removeLast() }
        bytes.append(text)
    }

    /// Writes a parsed value back out (numbers as `number(_: Double)` writes them).
    package mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let number): self.number(number)
        case .string(let text): string(text)
        case .array(let items):
            beginArray()
            for item in items { self.value(item.value) }
            endArray()
        case .object(let members):
            beginObject()
            for member in members {
                key(member.key)
                self.value(member.node.value)
            }
            endObject()
        }
    }
}
