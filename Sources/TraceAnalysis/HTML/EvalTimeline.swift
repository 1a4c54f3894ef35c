import Tracer

/// Body evaluations per time bucket (a display frame, by default 1/120 s), in bounded memory.
///
/// When a trace outgrows `maximumBuckets`, neighbouring buckets are merged and the width doubles,
/// so a long trace costs at most `maximumBuckets` counters.
public struct EvalTimeline: Sendable, Hashable {
    /// The width of one bucket, in nanoseconds.
    public private(set) var bucketWidth: Int64
    /// The `ts` the first bucket starts at (the first event's, rounded down to a bucket).
    public private(set) var start: Int64?
    /// Body evaluations per bucket.
    public private(set) var evals: [Int] = []
    /// Wasted body evaluations (`changed: 0`) per bucket.
    public private(set) var wasted: [Int] = []
    /// Writes per bucket.
    public private(set) var writes: [Int] = []
    public let maximumBuckets: Int

    /// An empty timeline with buckets of `bucketWidth` ns (default: one 120 Hz frame).
    public init(bucketWidth: Int64 = 8_333_333, maximumBuckets: Int = 2048) {
        self.bucketWidth = max(bucketWidth, 1)
        self.maximumBuckets = max(maximumBuckets, 2)
    }

    /// Counts `event` if it is a body evaluation or a write.
    public mutating func add(_ event: ParsedEvent) {
        guard event.kind == .bodyEval || event.kind == .write, event.has(.ts) else { return }
        let origin = start ?? (event.ts - event.ts % bucketWidth)
        start = origin
        guard event.ts >= origin else { return }
        var index = Int((event.ts - origin) / bucketWidth)
        while index >= maximumBuckets {
            halve()
            index = Int((event.ts - origin) / bucketWidth)
        }
        if index >= evals.count {
            let missing = index + 1 - evals.count
            evals += repeatElement(0, count: missing)
            wasted += repeatElement(0, count: missing)
            writes += repeatElement(0, count: missing)
        }
        if event.kind == .write {
            writes[index] += 1
        } else {
            evals[index] += 1
            if event.has(.changed) && event.changed == 0 { wasted[index] += 1 }
        }
    }

    private mutating func halve() {
        func merged(_ counts: [Int]) -> [Int] {
            stride(from: 0, to: counts.count, by: 2).map { counts[$0] + ($0 + 1 < counts.count ? counts[$0 + 1] : 0) }
        }
        evals = merged(evals)
        wasted = merged(wasted)
        writes = merged(writes)
        bucketWidth *= 2
    }
}
