/// One view's event counts, keyed by interned id on the hot path (the whole trace's, or one mark
/// name's intervals').
struct ViewCounts: Sendable {
    var counts = CountVector()

    /// Adds `other`'s counts.
    mutating func add(_ other: ViewCounts) { counts.add(other.counts) }

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
struct ViewPartial: Sendable {
    var counters = ViewCounts()
    var durations = DurationAccumulator()

    /// Adds `other`'s counts and body times.
    mutating func add(_ other: ViewPartial) {
        counters.add(other.counters)
        durations.merge(other.durations)
    }
}

/// One view's event counts as the aggregator's table keeps them: 32 bits a metric, half the
/// memory of a `CountVector`.
///
/// NB: a count passes 2^32 - 1 only with billions of events of one view in one range of a trace;
/// `increment` then wraps to 0 and says so, and the owner carries 2^32 into a side table
/// (`widened(carried:)` adds it back), so counts stay exact.
struct NarrowCounts {
    private var lanes: SIMD8<UInt32>

    /// The counts `lanes` holds, by `CountedMetric.rawValue` (all zero by default).
    init(lanes: SIMD8<UInt32> = SIMD8()) { self.lanes = lanes }

    /// Whether every count is 0.
    @inline(__always)
    var isZero: Bool { lanes == SIMD8() }

    /// Adds 1 to `metric`'s count; false when it wrapped from 2^32 - 1 to 0.
    @inline(__always)
    mutating func increment(_ metric: CountedMetric) -> Bool {
        withUnsafeMutableBytes(of: &lanes) { bytes in
            let offset = CountVector.byteOffset(of: metric, stride: MemoryLayout<UInt32>.stride)
            let (sum, wrapped) = bytes.load(fromByteOffset: offset, as: UInt32.self).addingReportingOverflow(1)
            bytes.storeBytes(of: sum, toByteOffset: offset, as: UInt32.self)
            return !wrapped
        }
    }

    /// The counts, plus `carried` (the 2^32s the owner carried for this view).
    func widened(carried: CountVector?) -> ViewCounts {
        var counters = ViewCounts()
        counters.counts.lanes = SIMD8<Int>(truncatingIfNeeded: lanes)
        if let carried { counters.counts.add(carried) }
        return counters
    }
}
