/// Body durations by small integer id (an interned view id), gathered on the hot path and read out
/// as one `DurationAccumulator` per id.
///
/// Each id keeps its count, total and extremes, and its exact samples until it has more than
/// `DurationAccumulator.exactLimit`; then they are folded into a histogram, so that memory per id
/// stays bounded.
///
/// NB: an id's count, capacity and buffer address sit side by side in one dense table, so adding a
/// duration touches that table and the end of the id's buffer. An `[Int64]` per id first reads the
/// header of its buffer (for the uniqueness check and the capacity): a cache miss per evaluation
/// once a trace has more views than the cache holds buffers.
final class DurationTable {
    private struct Entry {
        var count = 0
        var total: Int64 = 0
        var minimum = Int64.max
        var maximum: Int64 = 0
        /// Samples while `count <= exactLimit`, then `bucketCount` histogram counts.
        var buffer: UnsafeMutablePointer<Int64>?
        var capacity = 0
    }

    private let entries = DenseTable(count: 64, filler: Entry())

    /// No durations for any id.
    init() {}

    deinit {
        for id in 0..<entries.count { entries[id].buffer?.deallocate() }
    }

    /// Adds `duration` (a negative one counts as 0) to id `id`'s.
    @inline(__always)
    func add(_ duration: Int64, for id: Int) {
        entries.reserve(id)
        let value = Swift.max(duration, 0)
        entries[id].count += 1
        entries[id].total &+= value
        entries[id].minimum = Swift.min(entries[id].minimum, value)
        entries[id].maximum = Swift.max(entries[id].maximum, value)
        let count = entries[id].count
        if count <= DurationAccumulator.exactLimit {
            if count > entries[id].capacity { grow(id) }
            entries[id].buffer![count - 1] = value
        } else {
            if count == DurationAccumulator.exactLimit + 1 { fold(id) }
            entries[id].buffer![DurationAccumulator.bucket(of: value)] += 1
        }
    }

    @inline(never)
    private func grow(_ id: Int) {
        let capacity = Swift.max(16, entries[id].capacity * 2)
        let grown = UnsafeMutablePointer<Int64>.allocate(capacity: capacity)
        if let old = entries[id].buffer {
            grown.moveInitialize(from: old, count: entries[id].count - 1)
            old.deallocate()
        }
        entries[id].buffer = grown
        entries[id].capacity = capacity
    }

    /// Replaces id `id`'s samples by their histogram.
    @inline(never)
    private func fold(_ id: Int) {
        let histogram = UnsafeMutablePointer<Int64>.allocate(capacity: DurationAccumulator.bucketCount)
        histogram.initialize(repeating: 0, count: DurationAccumulator.bucketCount)
        if let samples = entries[id].buffer {
            for index in 0..<entries[id].count - 1 { histogram[DurationAccumulator.bucket(of: samples[index])] += 1 }
            samples.deallocate()
        }
        entries[id].buffer = histogram
        entries[id].capacity = DurationAccumulator.bucketCount
    }

    /// The durations added for `id`.
    func accumulator(for id: Int) -> DurationAccumulator {
        guard id < entries.count, entries[id].count > 0 else { return DurationAccumulator() }
        let entry = entries[id]
        let exact = entry.count <= DurationAccumulator.exactLimit
        let values = UnsafeBufferPointer(start: entry.buffer, count: exact ? entry.count : DurationAccumulator.bucketCount)
        return DurationAccumulator(
            count: entry.count, total: entry.total, minimum: entry.minimum, maximum: entry.maximum,
            samples: exact ? Array(values) : [], histogram: exact ? [] : values.map { Int($0) })
    }
}
