import TracerCore

/// Body evaluations per bucket of trace time (a display frame, by default 1/120 s), in bounded
/// memory; per transaction for a trace without timestamps (recorded scenarios are normalised
/// without `ts`, and each of their transactions is one frame's update).
///
/// When a trace outgrows `maximumBuckets`, neighbouring buckets are merged and the width doubles,
/// so a long trace costs at most `maximumBuckets` counters.
package struct EvalTimeline: Sendable, Hashable {
    /// What the buckets divide.
    package enum Axis: String, Sendable {
        /// `ts`, in nanoseconds.
        case time
        /// `tx`, in transactions.
        case transaction
    }

    /// The axis, chosen by the first evaluation or write: `time` when it has a `ts`, else
    /// `transaction` when it has a `tx`; nil while there is none.
    package private(set) var axis: Axis?
    /// The width of one bucket: nanoseconds on the time axis, transactions on the other.
    package private(set) var bucketWidth: Int64
    /// Where the first bucket starts (the first event's position, rounded down to a bucket).
    package private(set) var start: Int64?
    /// Body evaluations per bucket.
    package private(set) var evals: [Int] = []
    /// Wasted body evaluations (`changed: 0`) per bucket.
    package private(set) var wasted: [Int] = []
    /// Writes per bucket.
    package private(set) var writes: [Int] = []
    package let maximumBuckets: Int

    /// An empty timeline with time buckets of `bucketWidth` ns (default: one 120 Hz frame).
    package init(bucketWidth: Int64 = 8_333_333, maximumBuckets: Int = 2048) {
        self.bucketWidth = max(bucketWidth, 1)
        self.maximumBuckets = max(maximumBuckets, 2)
    }

    /// Counts `event` if it is a body evaluation or a write placed on the axis.
    package mutating func add(_ event: ParsedEvent) {
        guard event.kind == .bodyEval || event.kind == .write else { return }
        if axis == nil {
            if event.has(.ts) {
                axis = .time
            } else if event.has(.tx) {
                axis = .transaction
                bucketWidth = 1
            }
        }
        let position: Int64
        switch axis {
        case .time? where event.has(.ts): position = event.ts
        case .transaction? where event.has(.tx): position = event.tx
        default: return
        }
        let origin = start ?? (position - position % bucketWidth)
        start = origin
        guard position >= origin else { return }
        var index = Int((position - origin) / bucketWidth)
        while index >= maximumBuckets {
            halve()
            index = Int((position - origin) / bucketWidth)
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
