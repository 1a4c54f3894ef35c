/// One view's event counts, keyed by interned id on the hot path (the whole trace's, or one mark
/// name's intervals').
struct ViewCounters: Sendable {
    var bodyEvals = 0
    var skips = 0
    var wastedEvals = 0
    var invalidations = 0
    var writes = 0
    var evalsCausedByWrites = 0

    /// Adds `other`'s counts.
    mutating func add(_ other: ViewCounters) {
        bodyEvals += other.bodyEvals
        skips += other.skips
        wastedEvals += other.wastedEvals
        invalidations += other.invalidations
        writes += other.writes
        evalsCausedByWrites += other.evalsCausedByWrites
    }

    /// Whether the view received an evaluation, skip, invalidation or write.
    var hasEvents: Bool { bodyEvals + skips + invalidations + writes > 0 }

    /// Statistics for `view` holding these counts (body times and origins left empty).
    func stats(view: String) -> ViewStats {
        var stats = ViewStats(view: view)
        stats.bodyEvals = bodyEvals
        stats.skips = skips
        stats.wastedEvals = wastedEvals
        stats.invalidations = invalidations
        stats.writes = writes
        stats.evalsCausedByWrites = evalsCausedByWrites
        return stats
    }
}

/// One view's counts and body times, as a range of the trace hands them on to be merged.
struct ViewTally: Sendable {
    var counters = ViewCounters()
    var durations = DurationAccumulator()

    /// Adds `other`'s counts and body times.
    mutating func add(_ other: ViewTally) {
        counters.add(other.counters)
        durations.merge(other.durations)
    }
}
