/// Something that holds counted metrics (a view's statistics, an interval's counters), with a
/// named accessor for each.
public protocol CountedFigures {
    /// The counted metrics, stored by metric.
    var counts: CountVector { get set }
}

// NB: one line each, as the metric table has one row each.
extension CountedFigures {
    /// Body evaluations.
    public var bodyEvals: Int { get { counts[.bodyEvals] } set { counts[.bodyEvals] = newValue } }
    /// Skips.
    public var skips: Int { get { counts[.skips] } set { counts[.skips] = newValue } }
    /// Body evaluations with `changed: 0`: nothing in the output differed.
    public var wastedEvals: Int { get { counts[.wastedEvals] } set { counts[.wastedEvals] = newValue } }
    /// Invalidations received.
    public var invalidations: Int { get { counts[.invalidations] } set { counts[.invalidations] = newValue } }
    /// Writes to properties (a view's own, or any in an interval).
    public var writes: Int { get { counts[.writes] } set { counts[.writes] = newValue } }
}
