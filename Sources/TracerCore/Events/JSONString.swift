/// Writes JSON string literals (RFC 8259): the one escaper of the package, under event lines,
/// interned names, reports, exports and pages.
///
/// Quotes and backslashes are escaped; control characters as `\n`, `\r`, `\t`, `\b`, `\f` or
/// `\u00XX`; DEL as `\u007f`, so that no literal holds a byte a terminal acts on. Every other
/// valid UTF-8 sequence passes through.
///
/// NB: an `embeddable` literal also writes `<`, `>` and `&` as `\u003c`, `\u003e`, `\u0026`, so
/// that a name like `</script>` can never end a script element, and U+2028/2029 as `\u2028` and
/// `\u2029` for old JavaScript parsers: such a literal can sit anywhere in an HTML page.
@usableFromInline package enum JSONString {
    /// Appends `text` as a quoted JSON string literal to the UTF-8 `output`.
    package static func appendQuoted(_ text: String, embeddable: Bool = false, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // NB: names rarely need escaping; those that don't are copied whole, in one pass.
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard !needsEscaping(bytes, embeddable: embeddable) else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        if copied != true { appendEscaped(Array(text.utf8), embeddable: embeddable, to: &output) }
        output.append(UInt8(ascii: "\""))
    }

    /// `text` as a quoted JSON string literal.
    package static func quoted(_ text: String, embeddable: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, embeddable: embeddable, to: &bytes)
        return bytes
    }

    /// Whether any of the UTF-8 `bytes` starts something a literal must escape.
    @inlinable @inline(__always)
    package static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>, embeddable: Bool) -> Bool {
        // NB: a plain loop, not `contains(where:)`, whose closure an unoptimised build (the test
        // suite's) calls once a byte.
        for byte in bytes where needsEscape(byte, embeddable: embeddable) { return true }
        return false
    }

    /// Whether `byte` (of a UTF-8 string) starts something a literal must escape.
    @inlinable @inline(__always)
    package static func needsEscape(_ byte: UInt8, embeddable: Bool) -> Bool {
        switch byte {
        case ..<0x20, UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x7F: return true
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), 0xE2: return embeddable
        default: return false
        }
    }

    /// Writes `bytes` (UTF-8) as a quoted JSON string literal at `cursor`, which has room for
    /// `maximumQuotedLength(of:)` bytes; returns the position after it.
    package static func putQuoted(_ bytes: UnsafeRawBufferPointer, at cursor: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var out = cursor
        out.pointee = UInt8(ascii: "\"")
        out += 1
        escape(bytes, embeddable: false) { byte in
            out.pointee = byte
            out += 1
        }
        out.pointee = UInt8(ascii: "\"")
        return out + 1
    }

    /// The most bytes `putQuoted` writes for `count` bytes of text: each escaped as `\u00XX`.
    package static func maximumQuotedLength(of count: Int) -> Int { 6 * count + 2 }

    /// Appends the UTF-8 `bytes` escaped, without quotes.
    private static func appendEscaped(_ bytes: [UInt8], embeddable: Bool, to output: inout [UInt8]) {
        bytes.withUnsafeBytes { bytes in escape(bytes, embeddable: embeddable) { output.append($0) } }
    }

    /// Hands the UTF-8 `bytes` escaped, without quotes, to `emit` byte by byte.
    @inline(__always)
    private static func escape(_ bytes: UnsafeRawBufferPointer, embeddable: Bool, emit: (UInt8) -> Void) {
        func emitAll(_ text: StaticString) {
            for index in 0..<text.utf8CodeUnitCount { emit(text.utf8Start[index]) }
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): emitAll("\\\"")
            case UInt8(ascii: "\\"): emitAll("\\\\")
            case 0x0A: emitAll("\\n")
            case 0x0D: emitAll("\\r")
            case 0x09: emitAll("\\t")
            case 0x08: emitAll("\\b")
            case 0x0C: emitAll("\\f")
            case UInt8(ascii: "<") where embeddable: emitAll("\\u003c")
            case UInt8(ascii: ">") where embeddable: emitAll("\\u003e")
            case UInt8(ascii: "&") where embeddable: emitAll("\\u0026")
            // NB: U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
            case 0xE2 where embeddable && index + 1 < bytes.count && bytes[index] == 0x80
                && (bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9):
                emitAll(bytes[index + 1] == 0xA8 ? "\\u2028" : "\\u2029")
                index += 2
            case ..<0x20, 0x7F:
                emitAll("\\u00")
                emit(hexDigit(byte >> 4))
                emit(hexDigit(byte & 0xF))
            default: emit(byte)
            }
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? nibble + 0x30 : nibble - 10 + UInt8(ascii: "a")
    }
}
