/// The number tokens: short integers read 8 digits at a time, any JSON number scanned, and the
/// exact integer value of one written with a fraction or an exponent.
extension EventParser {
    /// A scanned number: its value when it is a plain integer that fits `Int64`, and the index after it.
    struct ScannedNumber {
        var integer: Int64?
        var next: Int
    }

    /// A non-negative integer of 1…16 digits without fraction or exponent at `start`, read 8
    /// digits at a time; nil for anything else (the general scanner decides).
    ///
    /// NB: the byte after the line is `\n` or 0, which ends the digits inside the line.
    @inline(__always)
    static func shortInteger(_ bytes: UnsafePointer<UInt8>, _ start: Int) -> ScannedNumber? {
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
    func scanNumber(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ count: Int) throws(ParseFailure) -> ScannedNumber {
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

    /// The exact value of a number written with a fraction, an exponent or 19 digits (`1e3`,
    /// `12.0`, `-1.5e1`), or nil when it is not an integer or does not fit `Int64`.
    ///
    /// NB: computed in integers, never through a double: `1234567890987654321.0` stays exact.
    /// `number` is a valid JSON number (`scanNumber` checked it).
    static func integralValue(_ number: UnsafePointer<UInt8>, _ length: Int) -> Int64? {
        let negative = number[0] == UInt8(ascii: "-")
        guard let digits = readSignificand(number, from: negative ? 1 : 0, length) else { return nil }
        let exponent = readExponent(number, at: digits.end, length)
        guard digits.value != 0 else { return 0 }
        let scale = exponent - digits.fractionDigits + digits.pendingZeros
        guard scale >= 0 else { return nil }
        var significand = digits.value
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

    /// The digits of a number before its exponent: their value without their trailing zeros, how
    /// many zeros were dropped, how many of the digits (zeros included) follow the decimal point,
    /// and the index where they end (the `e` or `E`, or the number's length).
    private struct Significand {
        var value: UInt64
        var pendingZeros: Int
        var fractionDigits: Int
        var end: Int
    }

    /// The significand of `number` from `start` (after its sign); nil when it does not fit 64 bits.
    @inline(__always)
    private static func readSignificand(_ number: UnsafePointer<UInt8>, from start: Int, _ length: Int) -> Significand? {
        var index = start
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
        return Significand(value: significand, pendingZeros: pendingZeros, fractionDigits: fractionDigits, end: index)
    }

    /// The exponent after the `e` or `E` at `marker`, clamped to ±400; 0 when `marker` is the
    /// number's length (no exponent).
    @inline(__always)
    private static func readExponent(_ number: UnsafePointer<UInt8>, at marker: Int, _ length: Int) -> Int {
        guard marker < length else { return 0 }
        var index = marker + 1
        var exponent = 0
        let negativeExponent = number[index] == UInt8(ascii: "-")
        if number[index] == UInt8(ascii: "-") || number[index] == UInt8(ascii: "+") { index += 1 }
        while index < length {
            // NB: clamped: beyond 400 the answer no longer changes.
            exponent = Swift.min(exponent * 10 + Int(number[index] - UInt8(ascii: "0")), 400)
            index += 1
        }
        return negativeExponent ? -exponent : exponent
    }
}
