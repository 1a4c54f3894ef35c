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
    static let knownKindCount = EventKind.allCases.count
    private static let slotCount = 64

    /// View paths.
    package var views = ByteInterner()
    /// Every other string; ids 1…`EventKind.allCases.count` are the known kinds, in order.
    package var strings = ByteInterner()
    var scratch: UnsafeMutablePointer<UInt8>
    var scratchCapacity = 256
    var containers: UnsafeMutablePointer<UInt8>
    /// The elements of the array being read, as one string (see `parseList`).
    var listBytes: [UInt8] = []
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
    ///
    /// NB: one function, not split: the hot path (one pass per line, once per event). A helper taken
    /// out of it stays a call, `@inline(__always)` or not (as `scanKey` and `parseKnownValue` do;
    /// the known values read through one cost `tracectl report` 7 % more instructions under
    /// callgrind), so the common values are read inline below.
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
}
