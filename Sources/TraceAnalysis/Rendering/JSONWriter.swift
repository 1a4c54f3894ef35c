import Tracer

/// Writes JSON text by hand, in the order fields are written (so output is deterministic).
///
/// NB: the text is gathered as UTF-8 bytes: appending to a `String` piece by piece made up most
/// of the time to render a large report.
struct JSONWriter {
    private var bytes: [UInt8] = []
    /// The writers whose values `fragments` wrote, each run of them to go in at `offset` of
    /// `bytes` (with commas between them) when the text is made.
    ///
    /// NB: not copied into `bytes`: a million views' JSON is 300 MB, which a copy here and another
    /// into the document's `String` held three times over at once.
    private var splices: [(offset: Int, parts: [JSONWriter])] = []
    private var needsComma = false
    /// Whether strings also escape `<`, `>` and `&`, so that the text can sit in an HTML page.
    private let embeddable: Bool

    /// An empty writer with room for `capacity` bytes; `embeddable` text may go inside a `<script>`.
    init(capacity: Int = 0, embeddable: Bool = false) {
        self.embeddable = embeddable
        bytes.reserveCapacity(capacity)
    }

    /// The JSON written so far and a newline: a document as a file holds it.
    ///
    /// NB: for a document of megabytes, each copy of it is felt: the newline goes in before the
    /// one conversion to `String`.
    func document() -> String { text(ending: "\n") }

    /// The text written (splices included), then `ending`, made into a `String` in one copy.
    private func text(ending: StaticString) -> String {
        let count = textCount
        guard count + ending.utf8CodeUnitCount > 0 else { return "" }
        return String(unsafeUninitializedCapacity: count + ending.utf8CodeUnitCount) { buffer in
            let written = copyText(to: buffer.baseAddress!)
            (buffer.baseAddress! + written).update(from: ending.utf8Start, count: ending.utf8CodeUnitCount)
            return written + ending.utf8CodeUnitCount
        }
    }

    /// The length of the text: `bytes` and the parts spliced in, with their commas.
    private var textCount: Int {
        splices.reduce(bytes.count) { total, splice in
            splice.parts.reduce(total + splice.parts.count - 1) { $0 + $1.textCount }
        }
    }

    /// Copies the text (splices included) to `destination`; returns the bytes copied.
    private func copyText(to destination: UnsafeMutablePointer<UInt8>) -> Int {
        var written = 0
        var copied = 0
        bytes.withUnsafeBufferPointer { source in
            func copy(upTo end: Int) {
                guard end > copied else { return }
                (destination + written).update(from: source.baseAddress! + copied, count: end - copied)
                written += end - copied
                copied = end
            }
            for splice in splices {
                copy(upTo: splice.offset)
                for (index, part) in splice.parts.enumerated() {
                    if index > 0 {
                        destination[written] = UInt8(ascii: ",")
                        written += 1
                    }
                    written += part.copyText(to: destination + written)
                }
            }
            copy(upTo: source.count)
        }
        return written
    }

    mutating func beginObject() { open("{") }
    mutating func endObject() { close("}") }
    mutating func beginArray() { open("[") }
    mutating func endArray() { close("]") }

    /// Writes `"name":` inside an object.
    mutating func key(_ name: String) {
        separate()
        appendString(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    mutating func string(_ value: String) {
        separate()
        appendString(value)
    }

    mutating func number(_ value: Int64) {
        separate()
        JSONLineEncoder.appendDecimal(value, to: &bytes)
    }

    mutating func number(_ value: Int) { number(Int64(value)) }

    /// A finite double with up to 4 decimals, trailing zeros dropped.
    mutating func number(_ value: Double) {
        separate()
        var fixed = Formatting.fixed(value, decimals: 4)
        while fixed.hasSuffix("0") { fixed.removeLast() }
        if fixed.hasSuffix(".") { fixed.removeLast() }
        bytes += fixed.utf8
    }

    /// Writes the values `others` wrote (as elements here); they are copied once, into the text.
    mutating func fragments(_ others: [JSONWriter]) {
        guard !others.isEmpty else { return }
        separate()
        splices.append((bytes.count, others))
    }

    mutating func bool(_ value: Bool) {
        separate()
        bytes += (value ? "true" : "false").utf8
    }

    mutating func null() {
        separate()
        bytes += "null".utf8
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

    /// Puts the next value on a line of its own (after its comma), when a value came before it:
    /// one array element per line, for JSON a person may read.
    mutating func lineBreak() {
        guard needsComma else { return }
        bytes.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: "\n")])
        needsComma = false
    }

    /// `"name":[n,…]`: the integers in order.
    mutating func numbers(_ name: String, _ values: some Sequence<Int>) {
        key(name)
        beginArray()
        for value in values { number(value) }
        endArray()
    }

    /// The JSON written so far, without the newline a document ends with.
    var text: String { text(ending: "") }

    /// `"name":["…",…]`: the strings in order.
    mutating func strings(_ name: String, _ values: some Sequence<String>) {
        key(name)
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    /// `"name":[…]`: one object per item, its fields written by `fields`.
    mutating func objects<Items: Sequence>(_ name: String, _ items: Items, _ fields: (inout JSONWriter, Items.Element) -> Void) {
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
        JSONText.appendQuoted(value, embeddable: embeddable, to: &bytes)
    }
}
