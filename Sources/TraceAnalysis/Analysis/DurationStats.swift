/// Body-time statistics of one view, in nanoseconds.
///
/// Percentiles are nearest-rank (`p`-th = the ⌈p·n⌉-th smallest sample): exact while a view has at
/// most `DurationAccumulator.exactLimit` samples, beyond that read from a log-linear histogram
/// (16 sub-buckets per power of two: within about 3 %, clamped to the observed min and max).
public struct DurationStats: Sendable, Hashable {
    public var count: Int
    public var total: Int64
    public var mean: Int64
    public var p50: Int64
    public var p95: Int64
    public var max: Int64
    /// Whether the percentiles are exact (false: from the histogram).
    public var exact: Bool

    /// Statistics with the given values.
    public init(count: Int = 0, total: Int64 = 0, mean: Int64 = 0, p50: Int64 = 0, p95: Int64 = 0, max: Int64 = 0, exact: Bool = true) {
        self.count = count
        self.total = total
        self.mean = mean
        self.p50 = p50
        self.p95 = p95
        self.max = max
        self.exact = exact
    }
}

/// Collects durations in memory bounded per view: exact samples up to a limit, then a histogram.
struct DurationAccumulator: Sendable {
    static let exactLimit = 4096
    private static let subBuckets = 16
    private static let bucketCount = 16 + 60 * 16

    private(set) var count = 0
    private(set) var total: Int64 = 0
    private(set) var minimum = Int64.max
    private(set) var maximum: Int64 = 0
    private var samples: [Int64] = []
    private var histogram: [Int] = []

    mutating func add(_ duration: Int64) {
        let value = Swift.max(duration, 0)
        count += 1
        total &+= value
        minimum = Swift.min(minimum, value)
        maximum = Swift.max(maximum, value)
        if histogram.isEmpty {
            samples.append(value)
            if samples.count > Self.exactLimit { foldSamples() }
        } else {
            histogram[Self.bucket(of: value)] += 1
        }
    }

    /// Adds every duration of `other`.
    mutating func merge(_ other: DurationAccumulator) {
        guard other.count > 0 else { return }
        count += other.count
        total &+= other.total
        minimum = Swift.min(minimum, other.minimum)
        maximum = Swift.max(maximum, other.maximum)
        if histogram.isEmpty && other.histogram.isEmpty && samples.count + other.samples.count <= Self.exactLimit {
            samples += other.samples
            return
        }
        foldSamples()
        for value in other.samples { histogram[Self.bucket(of: value)] += 1 }
        for (index, bucketCount) in other.histogram.enumerated() { histogram[index] += bucketCount }
    }

    private mutating func foldSamples() {
        if histogram.isEmpty { histogram = Array(repeating: 0, count: Self.bucketCount) }
        for value in samples { histogram[Self.bucket(of: value)] += 1 }
        samples = []
    }

    private static func bucket(of value: Int64) -> Int {
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
        let sorted = exact ? samples.sorted() : []
        func percentile(_ fraction: Double) -> Int64 {
            let rank = Swift.max(1, Int((fraction * Double(count)).rounded(.up)))
            if exact { return sorted[rank - 1] }
            var seen = 0
            for (index, bucketCount) in histogram.enumerated() {
                seen += bucketCount
                if seen >= rank { return Swift.min(Swift.max(Self.representative(of: index), minimum), maximum) }
            }
            return maximum
        }
        return DurationStats(
            count: count, total: total, mean: total / Int64(count), p50: percentile(0.5), p95: percentile(0.95),
            max: maximum, exact: exact)
    }
}
