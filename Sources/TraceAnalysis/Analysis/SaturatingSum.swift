/// How Tracer adds up durations and weights: a sum that would pass `Int64.max` stays at it.
///
/// `dur` may be any integer from 0 to `Int64.max` (the `tracectl report` article, "Body time beyond 292 years"), so a
/// view's total, an interval's, the trace's or a flame frame's can pass `Int64.max` ns. Such a
/// total is shown as 9223372036854775807 (`saturatedTotal`) and the summary carries a warning
/// saying so; means and percentiles are always exact.
extension FixedWidthInteger {
    /// The figure a saturated total shows: `Int64.max`.
    static var saturatedTotal: Self { Self(truncatingIfNeeded: Int64.max) }

    /// `self + other` for two non-negative figures, or `saturatedTotal` when the sum would pass it.
    ///
    /// NB: one overflow-reporting add and one compare, both without a branch on the hot path.
    @inline(__always)
    func addingSaturated(_ other: Self) -> Self {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow || sum > Self.saturatedTotal ? Self.saturatedTotal : sum
    }
}
