import TraceSupport

/// How deltas are written: signed numbers and percentages with a real minus sign (`−99.6%`).
package enum DeltaFormat {
    /// `variant - base` with its sign (`+12`, `−481`, `0`).
    package static func signed(_ delta: Int64) -> String {
        delta > 0 ? "+\(delta)" : delta < 0 ? "−\(delta.magnitude)" : "0"
    }

    /// A duration's change with its sign (`+1.5 µs`, `−437 µs`, `0 ns`).
    package static func signedDuration(_ delta: Int64) -> String {
        let magnitude = Formatting.duration(Int64(clamping: delta.magnitude), zeros: .trimmed)
        return delta > 0 ? "+\(magnitude)" : delta < 0 ? "−\(magnitude)" : magnitude
    }

    /// The change from `base` to `variant` as a percentage of `base` (`−99.6%`, `+50.0%`), `new`
    /// when `base` is 0 and `variant` is not, `0.0%` when both are 0.
    package static func percent(base: UInt64, variant: UInt64) -> String {
        guard let ratio = ratio(base: base, variant: variant) else { return variant == 0 ? "0.0%" : "new" }
        let text = JSONText.decimal(abs(ratio) * 100, places: 1)
        let padded = text.contains(".") ? text : text + ".0"
        return ratio > 0 ? "+\(padded)%" : ratio < 0 ? "−\(padded)%" : "0.0%"
    }

    /// `(variant - base) / base`, or nil when `base` is 0.
    package static func ratio(base: UInt64, variant: UInt64) -> Double? {
        base == 0 ? nil : (Double(variant) - Double(base)) / Double(base)
    }
}
