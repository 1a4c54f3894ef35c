/// Counts of the core events in some part of a trace (the whole trace, a mark interval).
public struct EventCounters: Sendable, Hashable {
    /// Every event, of any kind.
    public var events = 0
    public var writes = 0
    public var invalidations = 0
    public var bodyEvals = 0
    public var skips = 0
    /// Body evaluations with `changed: 0`: nothing in the output differed.
    public var wastedEvals = 0
    /// The sum of `dur` over body evaluations, in nanoseconds; `Int64.max` when it reached or passed
    /// that (saturated).
    public var bodyTimeNs: Int64 = 0

    /// All zero.
    public init() {}

    /// Adds `other`'s counts to these.
    public mutating func add(_ other: EventCounters) {
        events += other.events
        writes += other.writes
        invalidations += other.invalidations
        bodyEvals += other.bodyEvals
        skips += other.skips
        wastedEvals += other.wastedEvals
        bodyTimeNs = bodyTimeNs.addingSaturated(other.bodyTimeNs)
    }
}
