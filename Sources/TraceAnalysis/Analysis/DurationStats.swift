/// Body-time statistics of one view, in nanoseconds.
///
/// The mean is exact (the sum is kept in 128 bits); `total` is exact up to `Int64.max` and shows
/// `Int64.max` beyond it (saturated: the trace's summary then carries a warning).
///
/// Percentiles are nearest-rank (`p`-th = the ⌈p·n⌉-th smallest sample): exact while a view has at
/// most `DurationAccumulator.exactLimit` samples, beyond that read from a log-linear histogram
/// (16 sub-buckets per power of two: within about 3 %, clamped to the observed min and max).
public struct DurationStats: Sendable, Hashable {
    /// The number of durations.
    public var count: Int
    /// The sum of the durations, or `Int64.max` when it reached or passed that.
    public var total: Int64
    /// The mean duration (always exact).
    public var mean: Int64
    /// The median duration.
    public var p50: Int64
    /// The 95th percentile.
    public var p95: Int64
    /// The longest duration.
    public var max: Int64
    /// Whether the percentiles are exact (false: from the histogram).
    public var exact: Bool

    /// Statistics with the given values.
    package init(count: Int = 0, total: Int64 = 0, mean: Int64 = 0, p50: Int64 = 0, p95: Int64 = 0, max: Int64 = 0, exact: Bool = true) {
        self.count = count
        self.total = total
        self.mean = mean
        self.p50 = p50
        self.p95 = p95
        self.max = max
        self.exact = exact
    }
}

/// One view's body durations in memory bounded per view: exact samples up to a limit, then a
/// histogram; merged across ranges of a trace and summarised as `DurationStats`.
///
/// `DurationTable` gathers them on the hot path. NB: the samples stay in the buffers the table
/// wrote them into, one run per range of the trace, so that neither handing them over nor merging
/// ranges copies them.
///
/// NB: up to `impliedLimit` durations are their minimum and maximum: they are kept in no buffer.
struct DurationAccumulator: Sendable {
    static let exactLimit = 4096
    /// The most durations that the extremes alone hold (1: the minimum; 2: both extremes).
    static let impliedLimit = 2
    private static let subBuckets = 16
    static let bucketCount = 16 + 60 * 16

    private(set) var count = 0
    /// The exact sum: at most `count` × `Int64.max`.
    private(set) var total: Int128 = 0
    private(set) var minimum = Int64.max
    private(set) var maximum: Int64 = 0
    /// The exact samples (at most `exactLimit` in all), while there is no histogram and there
    /// are more than `impliedLimit`.
    private var runs: [SampleRun] = []
    private var histogram: [Int64] = []

    /// No durations.
    init() {}

    /// `count` durations (each at least 0) adding up to `total`, from `minimum` to `maximum`: their
    /// samples while `count` is at most `exactLimit`, else their histogram (by `bucket(of:)`).
    init(count: Int, total: Int128, minimum: Int64, maximum: Int64, samples: SampleRun?, histogram: [Int64]) {
        (self.count, self.total, self.minimum, self.maximum) = (count, total, minimum, maximum)
        (self.runs, self.histogram) = (samples.map { [$0] } ?? [], histogram)
    }

    /// Adds every duration of `other`.
    mutating func merge(_ other: DurationAccumulator) {
        guard other.count > 0 else { return }
        guard count > 0 else {
            self = other
            return
        }
        let implied = impliedSamples + other.impliedSamples
        let all = runs + other.runs + (implied.isEmpty ? [] : [SampleRun(implied)])
        count += other.count
        total += other.total
        minimum = Swift.min(minimum, other.minimum)
        maximum = Swift.max(maximum, other.maximum)
        if histogram.isEmpty && other.histogram.isEmpty && count <= Self.exactLimit {
            runs = all
            return
        }
        var folded = histogram.isEmpty ? Array(repeating: 0, count: Self.bucketCount) : histogram
        folded.withUnsafeMutableBufferPointer { counts in
            for run in all { run.withSamples { Self.count($0, into: counts.baseAddress!) } }
        }
        for (index, bucketCount) in other.histogram.enumerated() { folded[index] += bucketCount }
        (runs, histogram) = ([], folded)
    }

    /// The samples that only the extremes hold: both (or the one) while there are at most
    /// `impliedLimit`, none otherwise.
    private var impliedSamples: [Int64] {
        guard count <= Self.impliedLimit && histogram.isEmpty && runs.isEmpty else { return [] }
        return count == 1 ? [minimum] : [minimum, maximum]
    }

    /// Adds each of `samples` to the histogram `counts` (`bucketCount` counts).
    static func count(_ samples: UnsafeBufferPointer<Int64>, into counts: UnsafeMutablePointer<Int64>) {
        for value in samples { counts[bucket(of: value)] += 1 }
    }

    /// The histogram bucket of a duration (at least 0).
    @inline(__always)
    static func bucket(of value: Int64) -> Int {
        guard value >= Int64(subBuckets) else { return Int(value) }
        let exponent = 63 - value.leadingZeroBitCount
        let sub = Int(value >> (exponent - 4)) & (subBuckets - 1)
        return subBuckets + (exponent - 4) * subBuckets + sub
    }

    /// The middle of a bucket's value range.
    private static func representative(of bucket: Int) -> Int64 {
        guard bucket >= subBuckets else { return Int64(bucket) }
        let exponent = (bucket - subBuckets) / subBuckets + 4
        let sub = Int64((bucket - subBuckets) % subBuckets)
        let width = Int64(1) << (exponent - 4)
        return (Int64(subBuckets) + sub) * width + width / 2
    }

    /// The statistics of the durations added so far.
    var stats: DurationStats {
        guard count > 0 else { return DurationStats() }
        let exact = histogram.isEmpty
        let rank50 = Self.rank(0.5, of: count)
        let rank95 = Self.rank(0.95, of: count)
        let p50: Int64
        let p95: Int64
        if count <= Self.impliedLimit {
            // NB: nearest ranks of one or two samples: p50 is the smaller, p95 the larger.
            (p50, p95) = (minimum, maximum)
        } else if exact {
            (p50, p95) = withExtendedLifetime(runs) {
                let samples = runs.map(\.samples)
                return (Self.select(rank: rank50, in: samples, minimum: minimum, maximum: maximum),
                        Self.select(rank: rank95, in: samples, minimum: minimum, maximum: maximum))
            }
        } else {
            (p50, p95) = (percentile(rank50), percentile(rank95))
        }
        return DurationStats(
            count: count, total: Int64(clamping: total), mean: Int64(total / Int128(count)), p50: p50, p95: p95,
            max: maximum, exact: exact)
    }

    /// The nearest rank (1-based) of percentile `fraction` among `count` samples.
    private static func rank(_ fraction: Double, of count: Int) -> Int {
        Swift.max(1, Int((fraction * Double(count)).rounded(.up)))
    }

    /// The `rank`-th smallest sample (1-based), read from the histogram.
    private func percentile(_ rank: Int) -> Int64 {
        var seen: Int64 = 0
        for (index, bucketCount) in histogram.enumerated() {
            seen += bucketCount
            if seen >= Int64(rank) { return Swift.min(Swift.max(Self.representative(of: index), minimum), maximum) }
        }
        return maximum
    }

    /// The `rank`-th smallest (1-based) of the values in `runs`, which all lie in
    /// `minimum...maximum` (and are at least 0), found without reordering or copying them (radix
    /// selection).
    ///
    /// NB: each round counts the candidates by the top 8 bits of their offset in the range that is
    /// left, keeps the bucket the rank falls into and narrows the range to it: two passes over the
    /// samples, the later rounds over a few of them, at most 8 rounds; no input makes it slower.
    static func select(rank: Int, in runs: [UnsafeBufferPointer<Int64>], minimum: Int64, maximum: Int64) -> Int64 {
        var rank = rank
        var (low, high) = (minimum, maximum)
        guard low != high else { return low }
        var kept = narrow(runs, rank: &rank, low: &low, high: &high)
        while low != high { kept = kept.withUnsafeBufferPointer { narrow([$0], rank: &rank, low: &low, high: &high) } }
        return low
    }

    /// One round of `select(rank:in:minimum:maximum:)`: the candidates in the bucket `rank` falls
    /// into, narrowing `low...high` to it and `rank` to the rank among them.
    private static func narrow(
        _ runs: [UnsafeBufferPointer<Int64>], rank: inout Int, low: inout Int64, high: inout Int64
    ) -> [Int64] {
        let shift = UInt64(Swift.max(0, Int64.bitWidth - UInt64(high - low).leadingZeroBitCount - 8))
        let base = low
        func bucket(_ value: Int64) -> Int { Int(truncatingIfNeeded: UInt64(value - base) >> shift) }
        var counts = [Int](repeating: 0, count: 256)
        for run in runs {
            for value in run { counts[bucket(value)] += 1 }
        }
        var chosen = 0
        while rank > counts[chosen] {
            rank -= counts[chosen]
            chosen += 1
        }
        low = base + Int64(chosen) << shift
        // NB: the bucket's end may lie past `Int64.max`; `high - low` is never negative.
        high = low + Swift.min(high - low, (Int64(1) << shift) - 1)
        var kept: [Int64] = []
        kept.reserveCapacity(counts[chosen])
        for run in runs {
            for value in run where bucket(value) == chosen { kept.append(value) }
        }
        return kept
    }
}
