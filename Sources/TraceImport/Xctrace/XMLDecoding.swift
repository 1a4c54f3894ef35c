#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceSupport

/// Decoding what the scanner found: text and attribute values with their entities and character
/// references (as UTF-8), and bytes as strings.
extension XMLScanner {
    /// Appends the text `start..<stop` of the buffer to `into`, entities decoded (raw: as is).
    mutating func decode(_ start: Int, _ stop: Int, raw: Bool = false, into text: inout FlatArray<UInt8>) throws(XctraceReadError) {
        let base = input.base
        guard !raw, let amp = memchr(base + start, Int32(UInt8(ascii: "&")), stop - start) else {
            text.append(base + start, count: stop - start)
            return
        }
        var p = start
        var next = base.distance(to: amp.assumingMemoryBound(to: UInt8.self))
        while true {
            text.append(base + p, count: next - p)
            p = try decodeEntity(at: next, stop, into: &text)
            guard p < stop, let found = memchr(base + p, Int32(UInt8(ascii: "&")), stop - p) else { break }
            next = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        text.append(base + p, count: stop - p)
    }

    /// Decodes the entity at `at` (an '&'); returns the offset after its ';'.
    private mutating func decodeEntity(at: Int, _ stop: Int, into text: inout FlatArray<UInt8>) throws(XctraceReadError) -> Int {
        let base = input.base
        var semicolon = at + 1
        while semicolon < stop && semicolon - at <= 12 && base[semicolon] != UInt8(ascii: ";") { semicolon += 1 }
        guard semicolon < stop, base[semicolon] == UInt8(ascii: ";") else {
            throw error("expected an entity ('&amp;', '&lt;', '&#N;' …) after '&'", at: at)
        }
        let name = base + at + 1
        let length = semicolon - at - 1
        func literal(_ byte: UInt8) -> Int { text.append(byte); return semicolon + 1 }
        switch length {
        case 2 where name[1] == UInt8(ascii: "t"):
            if name[0] == UInt8(ascii: "l") { return literal(UInt8(ascii: "<")) }
            if name[0] == UInt8(ascii: "g") { return literal(UInt8(ascii: ">")) }
        case 3 where Self.startsWith(name, 3, "amp"): return literal(UInt8(ascii: "&"))
        case 4 where Self.startsWith(name, 4, "quot"): return literal(UInt8(ascii: "\""))
        case 4 where Self.startsWith(name, 4, "apos"): return literal(UInt8(ascii: "'"))
        default: break
        }
        if length >= 2 && name[0] == UInt8(ascii: "#") {
            let hex = name[1] == UInt8(ascii: "x")
            var value: UInt32 = 0
            var digits = 0
            for offset in (hex ? 2 : 1)..<length {
                let byte = name[offset]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw error("expected a \(hex ? "hexadecimal" : "decimal") digit in a character reference", at: at + 1 + offset)
                }
                value = value * (hex ? 16 : 10) + digit
                digits += 1
                if value > 0x10FFFF { break }
            }
            guard digits > 0, value > 0, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else {
                throw error("character reference '&\(Self.string(name, length));' is not a character", at: at)
            }
            Self.appendUTF8(value, into: &text)
            return semicolon + 1
        }
        throw error("unknown entity '&\(Self.string(name, length));'", at: at)
    }

    private static func appendUTF8(_ scalar: UInt32, into text: inout FlatArray<UInt8>) {
        switch scalar {
        case 0..<0x80:
            text.append(UInt8(scalar))
        case 0x80..<0x800:
            text.append(UInt8(0xC0 | scalar >> 6))
            text.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            text.append(UInt8(0xE0 | scalar >> 12))
            text.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            text.append(UInt8(0x80 | scalar & 0x3F))
        default:
            text.append(UInt8(0xF0 | scalar >> 18))
            text.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            text.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            text.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Checks the entities of the text `start..<stop` of the buffer, decoding none.
    @inline(__always)
    mutating func checkEntities(_ start: Int, _ stop: Int) throws(XctraceReadError) {
        guard stop > start, memchr(input.base + start, Int32(UInt8(ascii: "&")), stop - start) != nil else { return }
        var scratch = FlatArray<UInt8>(capacity: stop - start)
        try decode(start, stop, into: &scratch)
    }

    /// An attribute's value, entities decoded, appended to `text`.
    mutating func decode(_ attribute: XMLAttribute, into text: inout FlatArray<UInt8>) throws(XctraceReadError) {
        try decode(attribute.valueStart, attribute.valueStart + attribute.valueLength, into: &text)
    }

    /// An attribute's name.
    func name(of attribute: XMLAttribute) -> String {
        Self.string(input.base + attribute.nameStart, attribute.nameLength)
    }

    /// The bytes `bytes[0..<length]` as a string (ill-formed UTF-8 sequences replaced by U+FFFD).
    static func string(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    /// Whether `bytes[0..<length]` begins with `prefix`.
    static func startsWith(_ bytes: UnsafePointer<UInt8>, _ length: Int, _ prefix: StaticString) -> Bool {
        prefix.utf8CodeUnitCount <= length && memcmp(bytes, prefix.utf8Start, prefix.utf8CodeUnitCount) == 0
    }
}
