/// A metric counted per view and per interval: what `CountVector` stores, one lane each.
///
/// NB: `CountVector` has `CountVector.capacity` lanes (8); a case past them fails the
/// aggregation tests' capacity test, and the lane subscript traps rather than read past them.
public enum CountedMetric: Int, CaseIterable, Sendable, Hashable {
    // NB: `Metric`'s first cases, in its order; each is documented there.
    /// The counted metrics, in `Metric`'s order, and state inits.
    case bodyEvals, skips, wastedEvals, invalidations, writes, evalsCausedByWrites, stateInits

    /// The metric in the table.
    ///
    /// NB: the counted metrics come first in `Metric`, in this order, so a raw value names the
    /// same metric in both (the metric table's tests hold them to it).
    public var metric: Metric { Metric(rawValue: rawValue)! }
}

extension Metric {
    /// This metric as a counted one; nil for a ratio or a body time.
    public var counted: CountedMetric? { CountedMetric(rawValue: rawValue) }
}
