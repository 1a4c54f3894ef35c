#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TracerCore
import TraceSupport

/// Parses one JSON line into a `ParsedEvent`, byte by byte, interning strings by their bytes.
///
/// Accepts any RFC 8259 object (escapes, surrogate pairs, every number form, unknown fields with
/// nested values, whitespace between tokens) and checks the known fields' types.
///
/// NB: strings are scanned 8 bytes at a time for a quote, backslash, control or non-ASCII byte;
/// only strings holding escapes or non-ASCII bytes are decoded (into `scratch`). The line's
/// buffer must have 16 readable bytes past the line, the first of them `\n` or 0.
package struct EventParser: ~Copyable {
    static let maximumDepth = 512
    /// How many kinds this reader knows (their ids come first in `strings`).
    private static let knownKindCount = EventKind.allCases.count
    private static let slotCount = 64

    /// View paths.
    package var views = ByteInterner()
    /// Every other string; ids 1…`EventKind.allCases.count` are the known kinds, in order.
    package var strings = ByteInterner()
    private var scratch: UnsafeMutablePointer<UInt8>
    private var scratchCapacity = 256
    private var containers: UnsafeMutablePointer<UInt8>
    /// Known keys by hash of their first (≤ 8) bytes: `key word`, `field + 1` (0 = empty slot).
    private var keyWords: UnsafeMutablePointer<UInt64>
    private var keyFields: UnsafeMutablePointer<UInt8>
    /// The byte offset of each known field's value in the last line.
    private(set) var fieldOffsets: UnsafeMutablePointer<Int>
    /// The separator and key last seen after each known field, after an unknown one and first in
    /// an object.
    private var keyGuesses: UnsafeMutablePointer<KeyGuess>
    private static let unknownKeySlot = TraceField.allCases.count
    private static let firstKeySlot = TraceField.allCases.count + 1

    /// A known key as its whole `,"key":` token (`{"key":` first in an object), so that the key a
    /// writer puts next is matched with one compare of two words.
    private struct KeyGuess {
        /// The token's first 8 bytes and the rest (zero-padded), as read by `loadUnaligned`.
        var low: UInt64 = 0
        var high: UInt64 = 0
        var lowMask: UInt64 = 0
        var highMask: UInt64 = 0
        /// The token's length; 0 for no guess.
        var length = 0
        var field = TraceField.seq

        /// The token of `length` bytes (at most 16) whose words are `low` and `high`.
        init(low: UInt64, high: UInt64, length: Int, field: TraceField) {
            lowMask = UInt64.max.keepingBytes(length)
            highMask = UInt64.max.keepingBytes(Swift.max(length - 8, 0))
            self.low = low & lowMask
            self.high = high & highMask
            self.length = length
            self.field = field
        }

        init() {}

        /// Whether the bytes whose words are `low` and `high` start with this token.
        @inline(__always)
        func matches(_ low: UInt64, _ high: UInt64) -> Bool {
            length != 0 && ((low ^ self.low) & lowMask) | ((high ^ self.high) & highMask) == 0
        }
    }

    package init() {
        scratch = .allocate(capacity: scratchCapacity + LineSource.padding)
        scratch.initialize(repeating: 0, count: scratchCapacity + LineSource.padding)
        containers = .allocate(capacity: Self.maximumDepth)
        keyWords = .allocate(capacity: Self.slotCount)
        keyWords.initialize(repeating: 0, count: Self.slotCount)
        keyFields = .allocate(capacity: Self.slotCount)
        keyFields.initialize(repeating: 0, count: Self.slotCount)
        fieldOffsets = .allocate(capacity: TraceField.allCases.count)
        fieldOffsets.initialize(repeating: 0, count: TraceField.allCases.count)
        keyGuesses = .allocate(capacity: Self.firstKeySlot + 1)
        keyGuesses.initialize(repeating: KeyGuess(), count: Self.firstKeySlot + 1)
        // NB: keys, short strings and the interner's hashes are read as little-endian words, and
        // the fields a line held are bits of one `TraceFieldSet` word.
        precondition(UInt64(1).littleEndian == 1, "the trace reader's word reads need a little-endian machine")
        precondition(TraceField.allCases.count <= TraceFieldSet.RawValue.bitWidth, "every known field has a bit")
        for kind in EventKind.allCases {
            let id = strings.intern(kind.name)
            precondition(Int(id) == Int(kind.rawValue) + 1, "known kinds are interned first, in order")
        }
        for field in TraceField.allCases {
            var bytes = Array(field.key.utf8)
            precondition(bytes.count <= 8, "known keys fit one word")
            bytes += repeatElement(0, count: 8 - bytes.count)
            let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            var slot = Self.keySlot(word)
            while keyFields[slot] != 0 { slot = (slot + 1) & (Self.slotCount - 1) }
            keyWords[slot] = word
            keyFields[slot] = field.rawValue + 1
        }
    }

    deinit {
        scratch.deallocate()
        containers.deallocate()
        keyWords.deallocate()
        keyFields.deallocate()
        fieldOffsets.deallocate()
        keyGuesses.deallocate()
    }

    @inline(__always)
    private static func keySlot(_ word: UInt64) -> Int {
        Int(truncatingIfNeeded: (word &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }

    // MARK: Lines

    /// Parses `bytes[0..<count]` into `event`; false for a blank line.
    package mutating func parse(
        _ bytes: UnsafePointer<UInt8>, count: Int, into event: inout ParsedEvent
    ) throws(ParseFailure) -> Bool {
        event = ParsedEvent()
        var index = skipWhitespace(bytes, 0, count)
        if index == count { return false }
        guard bytes[index] == UInt8(ascii: "{") else { throw ParseFailure(offset: index, problem: .expectedObjectStart) }
        let objectStart = index
        var previous = Self.firstKeySlot
        // NB: each round starts at the `{` or `,` before a key. The separator and key a writer puts
        // after the previous key are matched whole, as one token; anything else takes `scanKey`.
        while true {
            let field: TraceField?
            let guess = keyGuesses[previous]
            if guess.matches(
                UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self),
                UnsafeRawPointer(bytes + index + 8).loadUnaligned(as: UInt64.self))
            {
                field = guess.field
                index += guess.length
            } else {
                guard let key = try scanKey(bytes, separator: index, count, guessSlot: previous) else {
                    index = skipWhitespace(bytes, index + 1, count) + 1
                    break
                }
                field = key.field
                index = key.next
            }
            previous = field.map { Int($0.rawValue) } ?? Self.unknownKeySlot
            index = skipWhitespace(bytes, index, count)
            if let field {
                fieldOffsets[Int(field.rawValue)] = index
                // NB: a plain integer or a plain string of at most 15 bytes (most values but view
                // paths) is read here, without a call; strings from the two words they are read in.
                if field.valueType.takesIntegers, let short = Self.shortInteger(bytes, index), let value = short.integer {
                    event.fields.insert(field.bit)
                    try Self.setInteger(value, of: field, at: index, in: &event)
                    index = short.next
                } else if field.valueType == .string && bytes[index] == UInt8(ascii: "\""), let short = Self.shortString(bytes, index) {
                    event.fields.insert(field.bit)
                    let id = field == .view
                        ? views.intern(low: short.low, high: short.high, length: short.length, at: bytes + index + 1)
                        : strings.intern(low: short.low, high: short.high, length: short.length, at: bytes + index + 1)
                    Self.setString(id, of: field, in: &event)
                    index += short.length + 2
                } else {
                    index = try parseKnownValue(field, bytes, index, count, &event)
                }
            } else {
                index = try skipValue(bytes, index, count)
            }
            if bytes[index] == UInt8(ascii: ",") { continue }
            index = skipWhitespace(bytes, index, count)
            guard index < count else { throw ParseFailure(offset: index, problem: .expectedFieldSeparator) }
            if bytes[index] == UInt8(ascii: ",") { continue }
            guard bytes[index] == UInt8(ascii: "}") else {
                throw ParseFailure(offset: index, problem: .expectedFieldSeparator)
            }
            index += 1
            break
        }
        index = skipWhitespace(bytes, index, count)
        guard index == count else { throw ParseFailure(offset: index, problem: .expectedLineEnd) }
        guard event.has(.kind) else { throw ParseFailure(offset: objectStart, problem: .missingKind) }
        if let kind = event.kind, kind.requiresView, !event.has(.view) {
            throw ParseFailure(offset: fieldOffsets[Int(TraceField.kind.rawValue)], problem: .missingView(kind))
        }
        return true
    }

    /// A key read by `scanKey`: the known field it names (nil for another key) and the index
    /// after its `:`.
    private struct ScannedKey {
        var field: TraceField?
        var next: Int
    }

    /// Reads the key after the `{` or `,` at `separator`, up to and including its `:`; nil for the
    /// `}` of an empty object.
    ///
    /// NB: a plain key of at most 7 bytes, right after the separator and with `:` right after it,
    /// is matched in one word and becomes the guess of `guessSlot`; any other key takes the
    /// general path.
    @inline(__always)
    private mutating func scanKey(
        _ bytes: UnsafePointer<UInt8>, separator: Int, _ count: Int, guessSlot: Int
    ) throws(ParseFailure) -> ScannedKey? {
        let isFirst = bytes[separator] == UInt8(ascii: "{")
        let index = skipWhitespace(bytes, separator + 1, count)
        if isFirst && index < count && bytes[index] == UInt8(ascii: "}") { return nil }
        guard index < count && bytes[index] == UInt8(ascii: "\"") else {
            throw ParseFailure(offset: index, problem: isFirst ? .expectedKeyOrEnd : .expectedKey)
        }
        let word = UnsafeRawPointer(bytes + index + 1).loadUnaligned(as: UInt64.self)
        let keyLength = Self.specialBytes(word).trailingZeroBitCount >> 3
        if keyLength < 8 && bytes[index + 1 + keyLength] == UInt8(ascii: "\"")
            && bytes[index + 2 + keyLength] == UInt8(ascii: ":")
        {
            let field = knownField(word, keyLength)
            if let field, index == separator + 1 {
                keyGuesses[guessSlot] = KeyGuess(
                    low: UnsafeRawPointer(bytes + separator).loadUnaligned(as: UInt64.self),
                    high: UnsafeRawPointer(bytes + separator + 8).loadUnaligned(as: UInt64.self),
                    length: keyLength + 4, field: field)
            }
            return ScannedKey(field: field, next: index + 3 + keyLength)
        }
        let key = try scanString(bytes, index, count)
        let colon = skipWhitespace(bytes, key.next, count)
        guard colon < count && bytes[colon] == UInt8(ascii: ":") else {
            throw ParseFailure(offset: colon, problem: .expectedColon)
        }
        return ScannedKey(field: knownField(key.start, key.count), next: colon + 1)
    }

    @inline(__always)
    private func skipWhitespace(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ count: Int) -> Int {
        // NB: JSON whitespace is at most 0x20, and so are the `\n` or 0 after the line: a larger
        // byte at `start` (the usual case) needs no bounds check.
        if bytes[start] > 0x20 { return start }
        var index = start
        while index < count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A else { break }
            index += 1
        }
        return index
    }

    @inline(__always)
    private func knownField(_ start: UnsafePointer<UInt8>, _ length: Int) -> TraceField? {
        guard length <= 8 else { return nil }
        return knownField(UnsafeRawPointer(start).loadUnaligned(as: UInt64.self), length)
    }

    /// The known field whose key is the first `length` (≤ 8) bytes of `word`.
    @inline(__always)
    private func knownField(_ word: UInt64, _ length: Int) -> TraceField? {
        guard length > 0 else { return nil }
        let word = word.keepingBytes(length)
        var slot = Self.keySlot(word)
        while true {
            let field = keyFields[slot]
            if field == 0 { return nil }
            // NB: `keyFields` only holds raw values + 1 of real fields (no failable init per key).
            if keyWords[slot] == word { return unsafeBitCast(field - 1, to: TraceField.self) }
            slot = (slot + 1) & (Self.slotCount - 1)
        }
    }

    // MARK: Known fields

    @inline(__always)
    private mutating func parseKnownValue(
        _ field: TraceField, _ bytes: UnsafePointer<UInt8>, _ index: Int, _ count: Int, _ event: inout ParsedEvent
    ) throws(ParseFailure) -> Int {
        guard index < count else { throw ParseFailure(offset: index, problem: .expectedValue) }
        let first = bytes[index]
        event.fields.insert(field.bit)
        switch field.valueType {
        case .string:
            guard first == UInt8(ascii: "\"") else { throw wrongTypeOrGarbage(field, first, index) }
            let text = try scanString(bytes, index, count)
            Self.setString(field == .view ? views.intern(text.start, text.count) : strings.intern(text.start, text.count), of: field, in: &event)
            return text.next
        case .boolean:
            guard first == UInt8(ascii: "t") || first == UInt8(ascii: "f") else { throw wrongTypeOrGarbage(field, first, index) }
            let isTrue = first == UInt8(ascii: "t")
            event.system = isTrue
            return try expectLiteral(isTrue ? "true" : "false", bytes, index, count)
        case .booleanOrInteger:
            if first == UInt8(ascii: "t") || first == UInt8(ascii: "f") {
                let isTrue = first == UInt8(ascii: "t")
                event.changed = isTrue ? 1 : 0
                event.changedIsBoolean = true
                return try expectLiteral(isTrue ? "true" : "false", bytes, index, count)
            }
            fallthrough
        case .integer:
            guard first == UInt8(ascii: "-") || (first &- 0x30) < 10 else { throw wrongTypeOrGarbage(field, first, index) }
            let number: ScannedNumber
            if let short = Self.shortInteger(bytes, index) { number = short } else { number = try scanNumber(bytes, index, count) }
            let value: Int64
            if let integer = number.integer {
                value = integer
            } else {
                guard let converted = Self.integralValue(bytes + index, number.next - index) else {
                    throw ParseFailure(offset: index, problem: .wrongType(field))
                }
                value = converted
            }
            try Self.setInteger(value, of: field, at: index, in: &event)
            return number.next
        }
    }

    /// Stores interned string `id` as string `field` of `event`.
    @inline(__always)
    private static func setString(_ id: UInt32, of field: TraceField, in event: inout ParsedEvent) {
        switch field {
        case .view: event.view = id
        case .kind:
            event.kindName = id
            event.kind = id <= knownKindCount ? EventKind(rawValue: UInt8(id - 1)) : nil
        case .prop: event.prop = id
        case .wrapper: event.wrapper = id
        case .site: event.site = id
        case .reason: event.reason = id
        case .name: event.name = id
        case .message: event.message = id
        case .schema: event.schema = id
        case .tool: event.tool = id
        case .scenario: event.scenario = id
        case .variant: event.variant = id
        case .unit: event.unit = id
        case .seq, .ts, .tid, .tx, .changed, .cause, .dur, .count, .pid, .conn, .built, .extractable, .group, .system:
            // NB: listed, not `default:`, so that a new field must be given its place here.
            internalCheck(false, "\(field) is not a string field")
        }
    }

    /// Stores `value` as integer `field` (whose value starts at `index`) of `event`.
    @inline(__always)
    private static func setInteger(
        _ value: Int64, of field: TraceField, at index: Int, in event: inout ParsedEvent
    ) throws(ParseFailure) {
        switch field {
        case .seq: event.seq = value
        case .ts: event.ts = value
        case .tid: event.tid = value
        case .tx: event.tx = value
        case .cause: event.cause = value
        // NB: a negative duration or count would silently lower every figure built on it.
        case .dur: event.dur = try nonNegative(value, field, at: index)
        case .built: event.built = try nonNegative(value, field, at: index)
        case .extractable: event.extractable = try nonNegative(value, field, at: index)
        case .changed: event.changed = value
        case .count: event.count = value
        case .pid: event.pid = value
        case .conn: event.conn = value
        case .group: event.group = try nonNegative(value, field, at: index)
        case .kind, .system, .view, .prop, .wrapper, .site, .reason, .name, .message, .schema, .tool, .scenario, .variant, .unit:
            // NB: listed, not `default:`, so that a new field must be given its place here.
            internalCheck(false, "\(field) is not an integer field")
        }
    }

    /// `value`, or a failure when it is negative.
    @inline(__always)
    private static func nonNegative(_ value: Int64, _ field: TraceField, at index: Int) throws(ParseFailure) -> Int64 {
        guard value >= 0 else { throw ParseFailure(offset: index, problem: .negative(field)) }
        return value
    }

    private func wrongTypeOrGarbage(_ field: TraceField, _ first: UInt8, _ index: Int) -> ParseFailure {
        let startsValue = "\"{[tfn-0123456789".utf8.contains(first)
        return ParseFailure(offset: index, problem: startsValue ? .wrongType(field) : .expectedValue)
    }

    /// The exact value of a number written with a fraction, an exponent or 19 digits (`1e3`,
    /// `12.0`, `-1.5e1`), or nil when it is not an integer or does not fit `Int64`.
    ///
    /// NB: computed in integers, never through a double: `1234567890987654321.0` stays exact.
    /// `number` is a valid JSON number (`scanNumber` checked it).
    private static func integralValue(_ number: UnsafePointer<UInt8>, _ length: Int) -> Int64? {
        var index = 0
        let negative = number[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        // The digits without their trailing zeros, how many zeros were dropped, and how many of
        // the digits (zeros included) follow the decimal point.
        var significand: UInt64 = 0
        var pendingZeros = 0
        var fractionDigits = 0
        var inFraction = false
        while index < length {
            let byte = number[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if byte | 0x20 == UInt8(ascii: "e") {
                break
            } else {
                if inFraction { fractionDigits += 1 }
                if byte == UInt8(ascii: "0") {
                    pendingZeros += 1
                } else {
                    // NB: a significand beyond 19 digits is too large (or not integral) anyway.
                    for _ in 0...pendingZeros {
                        let (shifted, overflow) = significand.multipliedReportingOverflow(by: 10)
                        guard !overflow else { return nil }
                        significand = shifted
                    }
                    let (sum, overflow) = significand.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
                    guard !overflow else { return nil }
                    significand = sum
                    pendingZeros = 0
                }
            }
            index += 1
        }
        var exponent = 0
        if index < length {
            index += 1
            let negativeExponent = number[index] == UInt8(ascii: "-")
            if number[index] == UInt8(ascii: "-") || number[index] == UInt8(ascii: "+") { index += 1 }
            while index < length {
                // NB: clamped: beyond 400 the answer no longer changes.
                exponent = Swift.min(exponent * 10 + Int(number[index] - UInt8(ascii: "0")), 400)
                index += 1
            }
            if negativeExponent { exponent = -exponent }
        }
        guard significand != 0 else { return 0 }
        let scale = exponent - fractionDigits + pendingZeros
        guard scale >= 0 else { return nil }
        for _ in 0..<scale {
            let (shifted, overflow) = significand.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            significand = shifted
        }
        if negative {
            guard significand <= UInt64(Int64.max) + 1 else { return nil }
            return Int64(truncatingIfNeeded: 0 &- significand)
        }
        guard significand <= UInt64(Int64.max) else { return nil }
        return Int64(significand)
    }

    // MARK: Tokens

    /// A scanned string: its decoded bytes (in the line or in `scratch`) and the index after it.
    private struct ScannedString {
        var start: UnsafePointer<UInt8>
        var count: Int
        var next: Int
    }

    /// Scans the string whose opening quote is at `quote`.
    @inline(__always)
    private mutating func scanString(
        _ bytes: UnsafePointer<UInt8>, _ quote: Int, _ count: Int
    ) throws(ParseFailure) -> ScannedString {
        var index = quote + 1
        while true {
            let word = UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self)
            let special = Self.specialBytes(word)
            if special != 0 {
                index += special.trailingZeroBitCount >> 3
                break
            }
            index += 8
        }
        // NB: the byte after the line is `\n` or 0, both special, so `index <= count` here.
        if index < count && bytes[index] == UInt8(ascii: "\"") {
            return ScannedString(start: bytes + quote + 1, count: index - quote - 1, next: index + 1)
        }
        return try decodeString(bytes, quote, index, count)
    }

    /// The string whose opening quote is at `quote` when it is plain (no escape, control or
    /// non-ASCII byte) and at most 15 bytes: its words zero-padded past its length, and its length.
    ///
    /// NB: reads 16 bytes past the quote, within the padding after the line.
    @inline(__always)
    private static func shortString(
        _ bytes: UnsafePointer<UInt8>, _ quote: Int
    ) -> (low: UInt64, high: UInt64, length: Int)? {
        let low = UnsafeRawPointer(bytes + quote + 1).loadUnaligned(as: UInt64.self)
        let high = UnsafeRawPointer(bytes + quote + 9).loadUnaligned(as: UInt64.self)
        let specialLow = specialBytes(low)
        let length = specialLow != 0
            ? specialLow.trailingZeroBitCount &>> 3
            : 8 &+ specialBytes(high).trailingZeroBitCount &>> 3
        guard length < 16 && bytes[quote &+ 1 &+ length] == UInt8(ascii: "\"") else { return nil }
        return (low.keepingBytes(length), high.keepingBytes(Swift.max(length &- 8, 0)), length)
    }

    /// The high bit of each byte of `word` that is `"`, `\`, below 0x20 or at least 0x80 (the
    /// lowest such bit is exact; higher ones may be spurious).
    @inline(__always)
    private static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let zeroQuote = (quotes &- ones) & ~quotes
        let zeroBackslash = (backslashes &- ones) & ~backslashes
        let control = word &- (ones &* 0x20)
        return (zeroQuote | zeroBackslash | control | word) & highs
    }

    /// Decodes a string with escapes or non-ASCII bytes into `scratch`, validating UTF-8.
    private mutating func decodeString(
        _ bytes: UnsafePointer<UInt8>, _ quote: Int, _ firstSpecial: Int, _ count: Int
    ) throws(ParseFailure) -> ScannedString {
        ensureScratch(count - quote)
        let prefix = firstSpecial - quote - 1
        scratch.update(from: bytes + quote + 1, count: prefix)
        var length = prefix
        var index = firstSpecial
        while true {
            guard index < count else { throw ParseFailure(offset: index, problem: .unterminatedString) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < count else { throw ParseFailure(offset: index, problem: .invalidEscape) }
                let escaped: UInt8
                switch bytes[index + 1] {
                case UInt8(ascii: "\""): escaped = 0x22
                case UInt8(ascii: "\\"): escaped = 0x5C
                case UInt8(ascii: "/"): escaped = 0x2F
                case UInt8(ascii: "b"): escaped = 0x08
                case UInt8(ascii: "f"): escaped = 0x0C
                case UInt8(ascii: "n"): escaped = 0x0A
                case UInt8(ascii: "r"): escaped = 0x0D
                case UInt8(ascii: "t"): escaped = 0x09
                case UInt8(ascii: "u"):
                    var scalar = try hex4(bytes, index + 2, count)
                    var consumed = 6
                    if scalar >= 0xDC00 && scalar <= 0xDFFF {
                        throw ParseFailure(offset: index, problem: .unpairedLowSurrogate)
                    }
                    if scalar >= 0xD800 && scalar <= 0xDBFF {
                        guard index + 7 < count, bytes[index + 6] == UInt8(ascii: "\\"), bytes[index + 7] == UInt8(ascii: "u")
                        else { throw ParseFailure(offset: index + 6, problem: .expectedLowSurrogate) }
                        let low = try hex4(bytes, index + 8, count)
                        guard low >= 0xDC00 && low <= 0xDFFF else {
                            throw ParseFailure(offset: index + 6, problem: .expectedLowSurrogate)
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        consumed = 12
                    }
                    length += encodeUTF8(scalar, into: scratch + length)
                    index += consumed
                    continue
                default: throw ParseFailure(offset: index, problem: .invalidEscape)
                }
                scratch[length] = escaped
                length += 1
                index += 2
                continue
            }
            if byte < 0x20 { throw ParseFailure(offset: index, problem: .controlCharacter) }
            let sequence = byte < 0x80 ? 1 : try utf8SequenceLength(bytes, index, count)
            (scratch + length).update(from: bytes + index, count: sequence)
            length += sequence
            index += sequence
        }
        (scratch + length).initialize(repeating: 0, count: 8)
        return ScannedString(start: UnsafePointer(scratch), count: length, next: index + 1)
    }

    private func hex4(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ count: Int) throws(ParseFailure) -> UInt32 {
        guard start + 4 <= count else { throw ParseFailure(offset: start, problem: .expectedHexDigits) }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[start + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw ParseFailure(offset: start, problem: .expectedHexDigits)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private func encodeUTF8(_ scalar: UInt32, into out: UnsafeMutablePointer<UInt8>) -> Int {
        switch scalar {
        case 0..<0x80:
            out[0] = UInt8(scalar)
            return 1
        case 0x80..<0x800:
            out[0] = UInt8(0xC0 | scalar >> 6)
            out[1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case 0x800..<0x10000:
            out[0] = UInt8(0xE0 | scalar >> 12)
            out[1] = UInt8(0x80 | (scalar >> 6) & 0x3F)
            out[2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            out[0] = UInt8(0xF0 | scalar >> 18)
            out[1] = UInt8(0x80 | (scalar >> 12) & 0x3F)
            out[2] = UInt8(0x80 | (scalar >> 6) & 0x3F)
            out[3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }

    /// The length of the valid UTF-8 sequence starting with a non-ASCII byte at `index`.
    private func utf8SequenceLength(_ bytes: UnsafePointer<UInt8>, _ index: Int, _ count: Int) throws(ParseFailure) -> Int {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        case 0xF1...0xF3: length = 4
        default: throw ParseFailure(offset: index, problem: .invalidUTF8)
        }
        guard index + length <= count, secondRange.contains(bytes[index + 1]) else {
            throw ParseFailure(offset: index, problem: .invalidUTF8)
        }
        for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 {
            throw ParseFailure(offset: index, problem: .invalidUTF8)
        }
        return length
    }

    private mutating func ensureScratch(_ needed: Int) {
        guard needed > scratchCapacity else { return }
        scratch.deallocate()
        scratchCapacity = max(needed, scratchCapacity * 2)
        scratch = .allocate(capacity: scratchCapacity + LineSource.padding)
        scratch.initialize(repeating: 0, count: scratchCapacity + LineSource.padding)
    }

    /// A scanned number: its value when it is a plain integer that fits `Int64`, and the index after it.
    private struct ScannedNumber {
        var integer: Int64?
        var next: Int
    }

    /// A non-negative integer of 1…16 digits without fraction or exponent at `start`, read 8
    /// digits at a time; nil for anything else (the general scanner decides).
    ///
    /// NB: the byte after the line is `\n` or 0, which ends the digits inside the line.
    @inline(__always)
    private static func shortInteger(_ bytes: UnsafePointer<UInt8>, _ start: Int) -> ScannedNumber? {
        // NB: one digit (ids, flags, counts) is common enough to skip the word arithmetic.
        let first = bytes[start] &- 0x30
        let second = bytes[start &+ 1]
        if first < 10 && (second &- 0x30) >= 10 && second != UInt8(ascii: ".") && second | 0x20 != UInt8(ascii: "e") {
            return ScannedNumber(integer: Int64(first), next: start &+ 1)
        }
        var value: UInt64 = 0
        var index = start
        for _ in 0..<2 {
            let word = UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self)
            let digits = word ^ 0x3030_3030_3030_3030
            // NB: a byte is a digit when it is 0…9 after the xor and adding 6 keeps it below 16;
            // carries only run upwards from a non-digit, so the lowest flag is exact.
            let nonDigits = (digits | (digits &+ 0x0606_0606_0606_0606)) & 0xF0F0_F0F0_F0F0_F0F0
            let length = nonDigits.trailingZeroBitCount >> 3
            if length > 0 {
                value = value &* powersOfTen[length] &+ eightDigits(digits &<< UInt64(truncatingIfNeeded: 64 &- 8 &* length))
                index += length
            }
            guard length == 8 else { break }
        }
        let after = bytes[index]
        let digitCount = index - start
        let fitsAll = digitCount < 16 || (after &- 0x30) >= 10
        let leadingZeroAlone = digitCount == 1 || bytes[start] != UInt8(ascii: "0")
        let integral = after != UInt8(ascii: ".") && after | 0x20 != UInt8(ascii: "e")
        guard digitCount > 0 && fitsAll && leadingZeroAlone && integral else { return nil }
        return ScannedNumber(integer: Int64(value), next: index)
    }

    private static let powersOfTen: [UInt64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000]

    /// The value of 8 decimal digits (0…9 per byte, the most significant in the lowest byte).
    @inline(__always)
    private static func eightDigits(_ digits: UInt64) -> UInt64 {
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        let pairs = (digits &* 10) &+ (digits >> 8)
        let low = (pairs & mask) &* 0x000F_4240_0000_0064  // 100 + (1_000_000 << 32)
        let high = ((pairs >> 16) & mask) &* 0x0000_2710_0000_0001  // 1 + (10_000 << 32)
        return ((low &+ high) >> 32) & 0xFFFF_FFFF
    }

    @inline(__always)
    private func scanNumber(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ count: Int) throws(ParseFailure) -> ScannedNumber {
        var index = start
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < count, (bytes[index] &- 0x30) < 10 else { throw ParseFailure(offset: index, problem: .expectedDigit) }
        var magnitude: UInt64 = 0
        let digitsStart = index
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < count {
                let digit = bytes[index] &- 0x30
                guard digit < 10 else { break }
                magnitude = magnitude &* 10 &+ UInt64(digit)
                index += 1
            }
        }
        var plain = index - digitsStart <= 18
        if index < count && bytes[index] == UInt8(ascii: ".") {
            plain = false
            index += 1
            index = try skipDigits(bytes, index, count)
        }
        if index < count && (bytes[index] | 0x20) == UInt8(ascii: "e") {
            plain = false
            index += 1
            if index < count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            index = try skipDigits(bytes, index, count)
        }
        guard plain else { return ScannedNumber(integer: nil, next: index) }
        let value = Int64(magnitude)
        return ScannedNumber(integer: negative ? -value : value, next: index)
    }

    private func skipDigits(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ count: Int) throws(ParseFailure) -> Int {
        guard start < count, (bytes[start] &- 0x30) < 10 else { throw ParseFailure(offset: start, problem: .expectedDigit) }
        var index = start + 1
        while index < count && (bytes[index] &- 0x30) < 10 { index += 1 }
        return index
    }

    private func expectLiteral(
        _ literal: StaticString, _ bytes: UnsafePointer<UInt8>, _ start: Int, _ count: Int
    ) throws(ParseFailure) -> Int {
        let length = literal.utf8CodeUnitCount
        guard start + length <= count, memcmp(bytes + start, literal.utf8Start, length) == 0 else {
            throw ParseFailure(offset: start, problem: .expectedLiteral(literal.description))
        }
        return start + length
    }

    // MARK: Unknown values

    private static let objectContainer: UInt8 = 1
    private static let arrayContainer: UInt8 = 2

    /// Skips (and validates) any JSON value at `start`, nested objects and arrays included.
    private mutating func skipValue(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ count: Int) throws(ParseFailure) -> Int {
        var index = start
        var depth = 0
        while true {
            // A value is expected at `index`.
            guard index < count else { throw ParseFailure(offset: index, problem: .expectedValue) }
            var opened = false
            switch bytes[index] {
            case UInt8(ascii: "\""): index = try scanString(bytes, index, count).next
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): index = try scanNumber(bytes, index, count).next
            case UInt8(ascii: "t"): index = try expectLiteral("true", bytes, index, count)
            case UInt8(ascii: "f"): index = try expectLiteral("false", bytes, index, count)
            case UInt8(ascii: "n"): index = try expectLiteral("null", bytes, index, count)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[index] == UInt8(ascii: "{")
                let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                index = skipWhitespace(bytes, index + 1, count)
                if index < count && bytes[index] == close {
                    index += 1
                } else {
                    guard depth < Self.maximumDepth else { throw ParseFailure(offset: index, problem: .tooDeep) }
                    containers[depth] = isObject ? Self.objectContainer : Self.arrayContainer
                    depth += 1
                    if isObject { index = try skipKeyAndColon(bytes, index, count, first: true) }
                    opened = true
                }
            default: throw ParseFailure(offset: index, problem: .expectedValue)
            }
            if opened { continue }
            // After a value: close containers or move to the next element.
            var nextValue = false
            while depth > 0 && !nextValue {
                index = skipWhitespace(bytes, index, count)
                let isObject = containers[depth - 1] == Self.objectContainer
                let separatorProblem: ParseFailure.Problem = isObject ? .expectedFieldSeparator : .expectedElementSeparator
                guard index < count else { throw ParseFailure(offset: index, problem: separatorProblem) }
                switch bytes[index] {
                case UInt8(ascii: ","):
                    index = skipWhitespace(bytes, index + 1, count)
                    if isObject { index = try skipKeyAndColon(bytes, index, count, first: false) }
                    nextValue = true
                case isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"):
                    index += 1
                    depth -= 1
                default: throw ParseFailure(offset: index, problem: separatorProblem)
                }
            }
            if !nextValue { return index }
        }
    }

    /// Skips `"key" :` and the whitespace after it, inside an unknown object.
    private mutating func skipKeyAndColon(
        _ bytes: UnsafePointer<UInt8>, _ start: Int, _ count: Int, first: Bool
    ) throws(ParseFailure) -> Int {
        guard start < count && bytes[start] == UInt8(ascii: "\"") else {
            throw ParseFailure(offset: start, problem: first ? .expectedKeyOrEnd : .expectedKey)
        }
        let index = skipWhitespace(bytes, try scanString(bytes, start, count).next, count)
        guard index < count && bytes[index] == UInt8(ascii: ":") else {
            throw ParseFailure(offset: index, problem: .expectedColon)
        }
        return skipWhitespace(bytes, index + 1, count)
    }
}
