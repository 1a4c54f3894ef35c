/// The one conversion of an input-dependent floating-point number to an integer: a figure of an
/// Instruments export, a command-line option, a budget value, an estimate scaled from a trace.
///
/// NB: Swift's `Int64(_: Double)` traps on NaN, on the infinities and on anything beyond the
/// type's range, so a value read from input could stop a command with a signal. Here a finite
/// value is truncated toward zero and clamped to the type's range (saturating, as the package's
/// sums do); NaN and the infinities are no number at all: nil, which a caller shows as "not
/// available" or reports as an error. Trace fields never pass through a double: the event parser
/// reads their digits exactly, and rejects an integer beyond `Int64`.
package enum CheckedInteger {
    /// `value` truncated toward zero and clamped to `Integer`'s range; nil for NaN and the
    /// infinities.
    @inlinable
    package static func saturating<Integer: FixedWidthInteger>(_ value: Double, as _: Integer.Type = Integer.self) -> Integer? {
        guard value.isFinite else { return nil }
        // NB: `Double(Integer.max)` is the power of two above it (2^63, 2^64) or the exact value,
        // so every double below it fits; `Integer.min` (0 or minus a power of two) is exact.
        if value >= Double(Integer.max) { return .max }
        if value <= Double(Integer.min) { return .min }
        return Integer(value)
    }

    /// `text` read as a decimal floating-point number (`12`, `1.5`, `2e3`), then converted as
    /// `saturating(_:as:)` does; nil when it is no number, NaN or infinite.
    @inlinable
    package static func saturating<Integer: FixedWidthInteger>(
        _ text: some StringProtocol, as _: Integer.Type = Integer.self
    ) -> Integer? {
        Double(text).flatMap { saturating($0, as: Integer.self) }
    }

    /// The whole nanoseconds in `seconds` (truncated): 0 for a negative duration, at most
    /// `Int64.max` (the longest `dur` a trace states); nil for NaN and the infinities.
    @inlinable
    package static func nanoseconds(seconds: Double) -> UInt64? {
        guard seconds.isFinite else { return nil }
        return saturating(Swift.max(seconds, 0) * 1e9, as: Int64.self).map { UInt64($0) }
    }
}
