#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceSupport

/// Splits an XML document into start tags, end tags and text runs, checking that it is well
/// formed (names, quoting, nesting) and reporting where it is not.
///
/// NB: a unit (tag, text run, comment) is scanned only when it is whole in the buffer: when it is
/// cut off, the buffer is refilled keeping the unit's start and the unit is scanned again, so
/// offsets stay valid until the next call. Comments, processing instructions and the XML
/// declaration are skipped; a DOCTYPE is an error (xctrace never writes one), so no entity is
/// declared: an entity other than the five predefined ones and character references is an error
/// (in every text run, and in the attribute values that are read).
struct XMLScanner: ~Copyable {
    var input: XMLInput
    let fileName: String
    /// The next byte to scan.
    private(set) var pos = 0
    /// Where the last unit began.
    private(set) var unitStart = 0
    private(set) var tags = XMLTagTable()
    /// The open elements' tags, outermost first.
    private var open = FlatArray<UInt16>(capacity: 64)
    private var rootSeen = false
    // The last start or end tag.
    private(set) var tag: UInt16 = 0
    private(set) var selfClosing = false
    private var pendingEnd = false
    private(set) var attributes = FlatArray<XMLAttribute>(capacity: 8)
    private(set) var textStart = 0
    private(set) var textEnd = 0
    /// What a unit cut off at the end of the input lacks.
    private var expected = ""

    static let maximumDepth = 1 << 16

    init(input: consuming XMLInput, fileName: String) {
        self.input = input
        self.fileName = fileName
    }

    /// Closes the self-closing element just returned by `.start`, without returning its `.end`.
    @inline(__always)
    mutating func closeSelfClosing() {
        pendingEnd = false
        open.count -= 1
    }

    /// The index of the element name `name`.
    mutating func tagIndex(_ name: StaticString) -> UInt16 { tags.index(of: name) }

    /// The number of open elements.
    var depth: Int { open.count }

    /// The error `message` at `offset` in the buffer.
    func error(_ message: String, at offset: Int) -> XctraceReadError {
        let (line, column) = input.position(of: offset)
        return XctraceReadError(file: fileName, line: line, column: column, message: message)
    }

    /// `file:line:column` of `offset` in the buffer.
    func location(of offset: Int) -> String {
        let (line, column) = input.position(of: offset)
        return "\(fileName):\(line):\(column)"
    }

    /// The next unit of the document.
    @inline(__always)
    mutating func next() throws(XctraceReadError) -> XMLUnit {
        if pendingEnd {
            pendingEnd = false
            open.count -= 1
            return .end
        }
        while true {
            unitStart = pos
            if let unit = try scan() { return unit }
            // NB: the unit is cut off: keep it, read more, scan it again.
            let keep = unitStart
            let more = input.refill(keeping: keep)
            pos = 0
            if !more {
                if input.readError != 0 {
                    throw error("read error: \(String(cString: strerror(input.readError)))", at: input.end)
                }
                if let unit = try endOfInput() { return unit }
            }
        }
    }

    /// The unit at `pos`, or nil when it is cut off by the end of the buffer.
    ///
    /// NB: a loop, never recursion: comments, processing instructions and text outside the root
    /// are skipped here however many follow each other, and each one skipped may then be dropped.
    @inline(__always)
    private mutating func scan() throws(XctraceReadError) -> XMLUnit? {
        let base = input.base
        let end = input.end
        while true {
            if pos >= end { return nil }
            if base[pos] != UInt8(ascii: "<") {
                if open.count > 0 { return try scanText() }
                guard try skipTextOutsideRoot() else { return nil }
            } else {
                if pos + 1 >= end { expected = "expected a name after '<'"; return nil }
                switch base[pos + 1] {
                case UInt8(ascii: "/"): return try scanEndTag()
                case UInt8(ascii: "!"):
                    if end - pos < 9 && !input.atEOF { expected = "expected '--' or '[CDATA[' after '<!'"; return nil }
                    guard Self.startsWith(base + pos, end - pos, "<!--") else { return try scanBang() }
                    guard skip(from: pos + 4, past: "-->", expected: "expected '-->' closing a comment") else { return nil }
                case UInt8(ascii: "?"):
                    guard skip(from: pos + 2, past: "?>", expected: "expected '?>' closing a processing instruction") else { return nil }
                default: return try scanStartTag()
                }
            }
            unitStart = pos
        }
    }

    /// Character data inside the root element.
    private mutating func scanText() throws(XctraceReadError) -> XMLUnit? {
        let base = input.base
        guard let found = memchr(base + pos, Int32(UInt8(ascii: "<")), input.end - pos) else {
            expected = "expected </\(tags.name(open[open.count - 1]))>"
            return nil
        }
        let stop = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        textStart = pos
        textEnd = stop
        pos = stop
        return .text(raw: false)
    }

    /// Skips text before or after the root element (whitespace only); false when it runs to the
    /// end of the buffer.
    private mutating func skipTextOutsideRoot() throws(XctraceReadError) -> Bool {
        let base = input.base
        guard let found = memchr(base + pos, Int32(UInt8(ascii: "<")), input.end - pos) else {
            // NB: at the end of the input, text outside the root may be trailing whitespace.
            expected = ""
            return false
        }
        let stop = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        try checkOutsideRoot(pos, stop)
        pos = stop
        return true
    }

    /// Skips a comment or processing instruction whose body starts at `from`, up to and past
    /// `close`; false (with `expected` set to `message`) when `close` is not in the buffer.
    private mutating func skip(from: Int, past close: StaticString, expected message: String) -> Bool {
        guard let found = Self.find(input.base, from: from, to: input.end, close) else {
            expected = message
            return false
        }
        pos = found + close.utf8CodeUnitCount
        return true
    }

    private func checkOutsideRoot(_ start: Int, _ stop: Int) throws(XctraceReadError) {
        var offset = start
        if !rootSeen && input.baseOffset == 0 && start == 0 && stop >= 3
            && input.base[0] == 0xEF && input.base[1] == 0xBB && input.base[2] == 0xBF
        {
            offset = 3  // a UTF-8 byte order mark
        }
        while offset < stop {
            switch input.base[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default:
                throw error(rootSeen ? "expected nothing after the root element's end" : "expected '<' opening the root element", at: offset)
            }
        }
    }

    @inline(__always)
    static func isNameByte(_ byte: UInt8) -> Bool {
        // NB: letters, digits, '-', '.', ':', '_' and every byte of a multi-byte UTF-8 character
        // (leniently, also the ASCII punctuation between 'Z' and 'a' and after 'z'); below 'A',
        // the bits of '-', '.' and '0'…':' in a 64-bit map ('@', 0x40, shifts to bit 0: clear).
        byte >= 0x41 || (0x07FF_6000_0000_0000 as UInt64) &>> UInt64(byte) & 1 != 0
    }

    /// The index of the first byte at or after `start` that is not a name byte (`isNameByte`).
    ///
    /// NB: eight bytes at a time; the buffer's zero padding past its data ends every name, so no
    /// load reaches past the padding.
    @inline(__always)
    static func nameEnd(_ base: UnsafeMutablePointer<UInt8>, from start: Int) -> Int {
        let ones = XMLByteCounts.ones, high = XMLByteCounts.high
        var p = start
        while true {
            let word = UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self)
            // NB: `word | high` keeps every byte at 0x80 or more, so no subtraction borrows
            // across bytes; the high bit of each result byte says "at least the constant".
            let lifted = word | high
            let atLeastA = lifted &- ones &* 0x41, atLeastDash = lifted &- ones &* 0x2D, pastColon = lifted &- ones &* 0x3B
            let slash = XMLByteCounts.zeroBytes(word ^ ones &* 0x2F)
            let name = (atLeastA | atLeastDash & ~pastColon & ~slash | word) & high
            let stops = ~name & high
            if stops != 0 { return p + stops.trailingZeroBitCount / 8 }
            p += 8
        }
    }

    /// The index of the first `quote` in `base[start..<limit]`, or `limit` (at most 16 bytes on,
    /// within the buffer's zero padding, which holds no quote).
    @inline(__always)
    private static func quoteEnd(_ base: UnsafeMutablePointer<UInt8>, from start: Int, limit: Int, quote: UInt8) -> Int {
        let pattern = XMLByteCounts.ones &* UInt64(quote)
        let first = XMLByteCounts.zeroBytes(UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self) ^ pattern)
        if first != 0 { return min(limit, start + first.trailingZeroBitCount / 8) }
        let second = XMLByteCounts.zeroBytes(UnsafeRawPointer(base + start + 8).loadUnaligned(as: UInt64.self) ^ pattern)
        if second != 0 { return min(limit, start + 8 + second.trailingZeroBitCount / 8) }
        return limit
    }

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// A start tag: its name, its attributes, and whether it closes itself.
    ///
    /// NB: one function on purpose: it is the scanner's per-byte hot path (every start tag and
    /// attribute of the document), and the release build does not inline the attribute loop's
    /// body split out as an `@inline(__always)` throwing helper (tried: a call per attribute).
    private mutating func scanStartTag() throws(XctraceReadError) -> XMLUnit? {
        let base = input.base
        let end = input.end
        let nameStart = pos + 1
        var p = Self.nameEnd(base, from: nameStart)
        if p >= end { expected = "expected '>' closing <\(Self.string(base + nameStart, p - nameStart))>"; return nil }
        if p == nameStart || base[nameStart] < 0x41 && base[nameStart] != UInt8(ascii: "_") && base[nameStart] != UInt8(ascii: ":") {
            throw error("expected an element name after '<'", at: nameStart)
        }
        guard let found = tags.index(base + nameStart, p - nameStart) else {
            throw error("more than 65,535 distinct element names", at: nameStart)
        }
        attributes.count = 0
        while true {
            let before = p
            while Self.isSpace(base[p]) { p += 1 }
            if p >= end { expected = "expected '>' closing <\(tags.name(found))>"; return nil }
            let byte = base[p]
            if byte == UInt8(ascii: ">") {
                p += 1
                selfClosing = false
                break
            }
            if byte == UInt8(ascii: "/") {
                if p + 1 >= end { expected = "expected '>' closing <\(tags.name(found))>"; return nil }
                guard base[p + 1] == UInt8(ascii: ">") else {
                    throw error("expected '>' after '/' in <\(tags.name(found))>", at: p + 1)
                }
                p += 2
                selfClosing = true
                break
            }
            guard Self.isNameByte(byte) else {
                throw error("expected an attribute name, '>' or '/>' in <\(tags.name(found))>", at: p)
            }
            guard p > before else {
                throw error("expected a space before an attribute in <\(tags.name(found))>", at: p)
            }
            let attributeStart = p
            p = Self.nameEnd(base, from: p)
            let attributeLength = p - attributeStart
            while Self.isSpace(base[p]) { p += 1 }
            if p >= end { expected = "expected '>' closing <\(tags.name(found))>"; return nil }
            guard base[p] == UInt8(ascii: "=") else {
                throw error("expected '=' after attribute \(Self.string(base + attributeStart, attributeLength)) in <\(tags.name(found))>", at: p)
            }
            p += 1
            while Self.isSpace(base[p]) { p += 1 }
            if p >= end { expected = "expected '>' closing <\(tags.name(found))>"; return nil }
            let quote = base[p]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw error("expected a quoted value for attribute \(Self.string(base + attributeStart, attributeLength)) in <\(tags.name(found))>", at: p)
            }
            // NB: most values (ids, refs, numbers) are short: a few bytes are looked at before memchr.
            let inlineEnd = min(end, p + 17)
            var valueEnd = Self.quoteEnd(base, from: p + 1, limit: inlineEnd, quote: quote)
            if valueEnd == inlineEnd {
                guard valueEnd < end, let closing = memchr(base + valueEnd, Int32(quote), end - valueEnd) else {
                    expected = "expected a closing quote for attribute \(Self.string(base + attributeStart, attributeLength)) in <\(tags.name(found))>"
                    return nil
                }
                valueEnd = base.distance(to: closing.assumingMemoryBound(to: UInt8.self))
            }
            attributes.append(XMLAttribute(
                name: Self.attributeName(base + attributeStart, attributeLength),
                nameStart: attributeStart, nameLength: attributeLength, valueStart: p + 1, valueLength: valueEnd - p - 1))
            p = valueEnd + 1
        }
        if open.count == 0 {
            if rootSeen { throw error("expected nothing after the root element's end, found <\(tags.name(found))>", at: pos) }
            rootSeen = true
        }
        guard open.count < Self.maximumDepth else { throw error("elements nested more than \(Self.maximumDepth) deep", at: pos) }
        tag = found
        pos = p
        open.append(found)
        pendingEnd = selfClosing
        return .start
    }

    @inline(__always)
    private static func attributeName(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> XMLAttribute.Name {
        if length == 2 { return bytes[0] == UInt8(ascii: "i") && bytes[1] == UInt8(ascii: "d") ? .id : .other }
        if length == 3 {
            if bytes[0] == UInt8(ascii: "r") && bytes[1] == UInt8(ascii: "e") && bytes[2] == UInt8(ascii: "f") { return .ref }
            if bytes[0] == UInt8(ascii: "f") && bytes[1] == UInt8(ascii: "m") && bytes[2] == UInt8(ascii: "t") { return .fmt }
        }
        return .other
    }

    private mutating func scanEndTag() throws(XctraceReadError) -> XMLUnit? {
        let base = input.base
        let end = input.end
        let nameStart = pos + 2
        var p = Self.nameEnd(base, from: nameStart)
        let nameLength = p - nameStart
        while Self.isSpace(base[p]) { p += 1 }
        if p >= end { expected = "expected '>' closing an end tag"; return nil }
        guard open.count > 0 else {
            throw error("unexpected end tag </\(Self.string(base + nameStart, nameLength))>: no element is open", at: pos)
        }
        let innermost = open[open.count - 1]
        guard tags.matches(innermost, base + nameStart, nameLength) else {
            throw error("expected </\(tags.name(innermost))>, found </\(Self.string(base + nameStart, nameLength))>", at: pos)
        }
        guard base[p] == UInt8(ascii: ">") else {
            throw error("expected '>' closing </\(Self.string(base + nameStart, nameLength))>", at: p)
        }
        tag = innermost
        pos = p + 1
        open.count -= 1
        return .end
    }

    /// A CDATA section or DOCTYPE (comments are skipped by `scan`).
    private mutating func scanBang() throws(XctraceReadError) -> XMLUnit? {
        let base = input.base
        let end = input.end
        if Self.startsWith(base + pos, end - pos, "<![CDATA[") {
            guard open.count > 0 else { throw error("expected '<' opening the root element, found a CDATA section", at: pos) }
            guard let close = Self.find(base, from: pos + 9, to: end, "]]>") else { expected = "expected ']]>' closing a CDATA section"; return nil }
            textStart = pos + 9
            textEnd = close
            pos = close + 3
            return .text(raw: true)
        }
        if Self.startsWith(base + pos, end - pos, "<!DOCTYPE") {
            // NB: never skipped: its internal subset may declare entities, and none is ever expanded.
            throw error("a DOCTYPE, which xctrace export never writes: the document is not read (no entity "
                + "it declares is ever expanded); export the table again, or remove the DOCTYPE", at: pos)
        }
        throw error("expected '--' or '[CDATA[' after '<!'", at: pos + 2)
    }

    /// What the input's end means: the end of the document, or an error.
    private mutating func endOfInput() throws(XctraceReadError) -> XMLUnit? {
        let end = input.end
        if pos < end && open.count == 0 && expected.isEmpty {
            // NB: trailing text after the root element (or before it).
            try checkOutsideRoot(pos, end)
            pos = end
        }
        if pos >= end {
            if open.count > 0 {
                throw error("unexpected end of file: expected </\(tags.name(open[open.count - 1]))>", at: end)
            }
            guard rootSeen else { throw error("expected a root element; the file is empty", at: end) }
            input.finish()
            return .endOfDocument
        }
        throw error("unexpected end of file: \(expected)", at: end)
    }

    // MARK: - Helpers

    /// The offset of `needle` in `base[from..<to]`.
    private static func find(_ base: UnsafeMutablePointer<UInt8>, from: Int, to: Int, _ needle: StaticString) -> Int? {
        let first = Int32(needle.utf8Start[0])
        var p = from
        while p < to, let found = memchr(base + p, first, to - p) {
            let offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if to - offset < needle.utf8CodeUnitCount { return nil }
            if memcmp(base + offset, needle.utf8Start, needle.utf8CodeUnitCount) == 0 { return offset }
            p = offset + 1
        }
        return nil
    }
}
