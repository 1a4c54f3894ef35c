/// The string tokens: plain strings found a word at a time, the rest decoded (escapes, UTF-8)
/// into the scratch buffer.
extension EventParser {
    /// A scanned string: its decoded bytes (in the line or in `scratch`) and the index after it.
    struct ScannedString {
        var start: UnsafePointer<UInt8>
        var count: Int
        var next: Int
    }

    /// Scans the string whose opening quote is at `quote`.
    @inline(__always)
    mutating func scanString(
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
    static func shortString(
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
    static func specialBytes(_ word: UInt64) -> UInt64 {
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
}
