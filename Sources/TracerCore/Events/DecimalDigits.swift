/// Writes integers as decimal digits: the one decimal writer of the package, under event lines,
/// the streaming exporters' blocks, JSON documents and capture output.
@usableFromInline package enum DecimalDigits {
    /// The most digits a `UInt64` has.
    @usableFromInline package static let maximumCount = 20

    /// Writes the decimal digits of `value` at `cursor` (room for `maximumCount` bytes); returns
    /// where they end.
    ///
    /// NB: counts the digits first, then writes them backwards in place: no scratch buffer.
    @inlinable @inline(__always)
    package static func put(_ value: UInt64, at cursor: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var digits = 1
        var probe = value
        while probe >= 10 {
            probe /= 10
            digits += 1
        }
        var rest = value
        var position = cursor + digits
        repeat {
            position -= 1
            position.pointee = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
            rest /= 10
        } while rest > 0
        return cursor + digits
    }
}
