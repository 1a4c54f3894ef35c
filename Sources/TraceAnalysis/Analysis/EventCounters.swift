/// Counts of the core events in some part of a trace (the whole trace, a mark interval).
public struct EventCounters: Sendable, Hashable, MetricCounted {
    /// Every event, of any kind.
    public var events = 0
    /// The counted metrics over the part (`evalsCausedByWrites` is per view only).
    public var counts = MetricCounts()
    /// The sum of `dur` over body evaluations, in nanoseconds.
    public var bodyTimeNs: Int64 = 0

    /// The metrics an interval's counters hold, in the order documents list them.
    public static let metrics: [Metric] = [.writes, .invalidations, .bodyEvals, .skips, .wastedEvals, .bodyTimeTotal]

    /// All zero.
    public init() {}

    /// `metric`'s figure over the part (`bodyTimeTotal` or a counted metric).
    public subscript(metric: Metric) -> Int64 {
        metric == .bodyTimeTotal ? bodyTimeNs : Int64(counts[metric])
    }

    /// Adds `other`'s counts to these.
    public mutating func add(_ other: EventCounters) {
        events += other.events
        counts.add(other.counts)
        bodyTimeNs &+= other.bodyTimeNs
    }
}
