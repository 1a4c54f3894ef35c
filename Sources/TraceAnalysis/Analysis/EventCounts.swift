/// Counts of the core events in some part of a trace (the whole trace, a mark interval).
public struct EventCounts: Sendable, Hashable, CountedFigures {
    /// Every event, of any kind.
    public var events = 0
    /// The counted metrics over the part (`evalsCausedByWrites` is per view only).
    public var counts = CountVector()
    /// The sum of `dur` over body evaluations, in nanoseconds; `Int64.max` when it reached or passed
    /// that (saturated).
    public var bodyTimeNs: Int64 = 0
    /// Body evaluations without a `dur` (Instruments updates in flight when recording stopped or
    /// begun before it, a source without durations, a normalised trace): counted in `bodyEvals`,
    /// left out of `bodyTimeNs`.
    public var untimedEvals = 0
    /// Hitches (frames shown late) the app's work caused, and how late they were in all.
    public var hitches = HitchCounts()
    /// Hitches the system's work caused.
    public var systemHitches = HitchCounts()

    /// The metrics an interval's counters hold, in the order documents list them.
    package static let metrics: [Metric] = [.writes, .invalidations, .bodyEvals, .skips, .wastedEvals, .bodyTimeTotal]

    /// All zero.
    package init() {}

    /// `metric`'s figure over the part: body time or a count; nil for a figure a part does not
    /// have (a ratio, a percentile, `evalsCausedByWrites`).
    public subscript(metric: Metric) -> Int64? {
        if metric == .bodyTimeTotal { return bodyTimeNs }
        guard let counted = metric.counted, counted != .evalsCausedByWrites else { return nil }
        return Int64(counts[counted])
    }

    /// Adds `other`'s counts to these.
    package mutating func add(_ other: EventCounts) {
        events += other.events
        counts.add(other.counts)
        bodyTimeNs = bodyTimeNs.addingSaturated(other.bodyTimeNs)
        untimedEvals += other.untimedEvals
        hitches.add(other.hitches)
        systemHitches.add(other.systemHitches)
    }
}

/// Hitches in some part of a trace: how many, and their durations (how late each frame was) added up.
public struct HitchCounts: Sendable, Hashable {
    /// Every hitch, those without a `dur` too.
    public var count = 0
    /// Nanoseconds over the hitches with a `dur`; `Int64.max` when the sum reached or passed that (saturated).
    public var timeNs: Int64 = 0
    /// Hitches without a `dur` (Instruments' duration unreadable): in `count`, not in `timeNs`.
    public var untimed = 0

    package init(count: Int = 0, timeNs: Int64 = 0) {
        self.count = count
        self.timeNs = timeNs
    }

    /// Counts one hitch `duration` ns late.
    @inline(__always)
    package mutating func add(_ duration: Int64) {
        count += 1
        timeNs = timeNs.addingSaturated(duration)
    }

    /// Counts one hitch without a duration.
    @inline(__always)
    package mutating func addUntimed() {
        count += 1
        untimed += 1
    }

    /// Adds `other`'s hitches.
    package mutating func add(_ other: HitchCounts) {
        count += other.count
        timeNs = timeNs.addingSaturated(other.timeNs)
        untimed += other.untimed
    }
}
