/// One view's event counts, keyed by interned id on the hot path (the whole trace's, or one mark
/// name's intervals').
struct ViewCounters: Sendable {
    var counts = MetricCounts()

    /// Adds `other`'s counts.
    mutating func add(_ other: ViewCounters) { counts.add(other.counts) }

    /// Whether the view received an evaluation, skip, invalidation or write.
    var hasEvents: Bool { counts[.bodyEvals] + counts[.skips] + counts[.invalidations] + counts[.writes] > 0 }

    /// Statistics for `view` holding these counts (body times and origins left empty).
    func stats(view: String) -> ViewStats {
        var stats = ViewStats(view: view)
        stats.counts = counts
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
