/// Writes integers as decimal digits: the one decimal writer of the package, under event lines,
/// the streaming exporters' blocks, JSON documents and capture output.
@usableFromInline package struct DecimalDigits: @unchecked Sendable {
    /// The most digits a `UInt64` has.
    @usableFromInline package static let maximumCount = 20

    /// The tables, built once; a hot loop holds its own copy of this value (`EncodedKeys`).
    @usableFromInline package static let shared = DecimalDigits()

    // NB: immutable after init and never freed, hence @unchecked Sendable.
    /// `00`, `01`, … `99`: two digits at a time.
    @usableFromInline let digitPairs: UnsafeMutablePointer<UInt8>
    /// 10⁰ … 10¹⁹.
    @usableFromInline let powersOfTen: UnsafeMutablePointer<UInt64>

    private init() {
        digitPairs = .allocate(capacity: 200)
        for value in 0..<100 {
            digitPairs[2 * value] = UInt8(0x30 + value / 10)
            digitPairs[2 * value + 1] = UInt8(0x30 + value % 10)
        }
        powersOfTen = .allocate(capacity: 20)
        powersOfTen[0] = 1
        for exponent in 1..<20 { powersOfTen[exponent] = powersOfTen[exponent - 1] * 10 }
    }

    /// Writes the decimal digits of `value` at `cursor` (room for `maximumCount` bytes); returns
    /// where they end.
    @inlinable @inline(__always)
    package static func put(_ value: UInt64, at cursor: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        shared.put(value, at: cursor)
    }

    /// Writes the decimal digits of `value` at `cursor` (room for `maximumCount` bytes); returns
    /// where they end.
    ///
    /// NB: the length comes from the bit length (× 1233 / 4096 ≈ log₁₀ 2) and one compare with a
    /// power of ten rather than a division per digit, and the digits are written two at a time.
    @inlinable @inline(__always)
    package func put(_ value: UInt64, at cursor: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let estimate = ((64 &- (value | 1).leadingZeroBitCount) &* 1233) &>> 12
        let digits = estimate &+ ((value | 1) >= powersOfTen[estimate] ? 1 : 0)
        var rest = value
        var position = cursor + digits
        while rest >= 100 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            position -= 2
            position[0] = digitPairs[pair]
            position[1] = digitPairs[pair &+ 1]
        }
        if rest >= 10 {
            let pair = Int(truncatingIfNeeded: rest) &* 2
            position[-2] = digitPairs[pair]
            position[-1] = digitPairs[pair &+ 1]
        } else {
            position[-1] = UInt8(truncatingIfNeeded: rest) &+ 0x30
        }
        return cursor + digits
    }
}
