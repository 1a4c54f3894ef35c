/// Counts of the core events in some part of a trace (the whole trace, a mark interval).
public struct EventCounters: Sendable, Hashable, MetricCounted {
    /// Every event, of any kind.
    public var events = 0
    /// The counted metrics over the part (`evalsCausedByWrites` is per view only).
    public var counts = MetricCounts()
    /// The sum of `dur` over body evaluations, in nanoseconds; `Int64.max` when it reached or passed
    /// that (saturated).
    public var bodyTimeNs: Int64 = 0

    /// The metrics an interval's counters hold, in the order documents list them.
    public static let metrics: [Metric] = [.writes, .invalidations, .bodyEvals, .skips, .wastedEvals, .bodyTimeTotal]

    /// All zero.
    public init() {}

    /// `metric`'s figure over the part: body time or a count; nil for a figure a part does not
    /// have (a ratio, a percentile, `evalsCausedByWrites`).
    public subscript(metric: Metric) -> Int64? {
        if metric == .bodyTimeTotal { return bodyTimeNs }
        guard let counted = metric.counted, counted != .evalsCausedByWrites else { return nil }
        return Int64(counts[counted])
    }

    /// Adds `other`'s counts to these.
    public mutating func add(_ other: EventCounters) {
        events += other.events
        counts.add(other.counts)
        bodyTimeNs = bodyTimeNs.addingSaturated(other.bodyTimeNs)
    }
}
