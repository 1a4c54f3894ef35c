import TraceSupport

/// Body durations by small integer id (an interned view id), gathered on the hot path and read out
/// as one `DurationAccumulator` per id.
///
/// Each id keeps its count, total and extremes, and its exact samples from the third (the first
/// two are implied by the extremes) until it has more than `DurationAccumulator.exactLimit`; then they are folded into a histogram, so that memory per id
/// stays bounded.
///
/// NB: an id's count, capacity and buffer address sit side by side in one dense table, so adding a
/// duration touches that table and the end of the id's buffer. An `[Int64]` per id first reads the
/// header of its buffer (for the uniqueness check and the capacity): a cache miss per evaluation
/// once a trace has more views than the cache holds buffers.
final class DurationTable {
    private struct Entry {
        var count = 0
        /// The sum of the durations modulo 2^64; `carries` counts how often it wrapped.
        var total: UInt64 = 0
        /// The smallest duration (meaningless while `count` is 0: an empty entry is all zero).
        var minimum: Int64 = 0
        var maximum: Int64 = 0
        /// `buffers[id]`'s storage: samples while `count <= exactLimit` (room for
        /// `sampleCapacity(count)`), then `bucketCount` histogram counts.
        var storage: UnsafeMutablePointer<Int64>?
    }

    /// The samples an id's buffer has room for once it has `count` durations (from the third).
    ///
    /// NB: worked out, not stored (8 bytes an id): a buffer starts with 16 and doubles when full.
    @inline(__always)
    private static func sampleCapacity(_ count: Int) -> Int { Swift.max(16, 1 << (Int.bitWidth - (count - 1).leadingZeroBitCount)) }

    private let entries = DenseTable(count: 64, filler: Entry())
    /// The buffer each id's samples or histogram are in.
    private let buffers = DenseTable<SampleBuffer?>(count: 64, filler: nil)
    /// How often each id's `total` wrapped past 2^64: only ids whose body time passed 2^64 ns
    /// (584 years) have one.
    ///
    /// NB: kept out of `Entry`, so that the rare case costs the hot path neither memory nor work
    /// beyond the overflow flag of its add.
    private var carries: [Int: UInt64] = [:]

    /// No durations for any id.
    init() {}

    /// Adds `duration` (a negative one counts as 0) to id `id`'s.
    @inline(__always)
    func add(_ duration: Int64, for id: Int) {
        entries.reserve(id)
        let value = Swift.max(duration, 0)
        entries[id].count += 1
        let (total, wrapped) = entries[id].total.addingReportingOverflow(UInt64(value))
        entries[id].total = total
        if wrapped { carry(id) }
        let count = entries[id].count
        // NB: the first two samples are the minimum and the maximum: a view evaluated once or
        // twice (most views of a long list) needs no buffer. The third stores them in one.
        if count == DurationAccumulator.impliedLimit + 1 { grow(id) }
        entries[id].minimum = count == 1 ? value : Swift.min(entries[id].minimum, value)
        entries[id].maximum = Swift.max(entries[id].maximum, value)
        if count <= DurationAccumulator.impliedLimit {
            return
        } else if count <= DurationAccumulator.exactLimit {
            if count > Self.sampleCapacity(count - 1) { grow(id) }
            entries[id].storage![count - 1] = value
        } else {
            if count == DurationAccumulator.exactLimit + 1 { fold(id) }
            entries[id].storage![DurationAccumulator.bucket(of: value)] += 1
        }
    }

    /// Notes that id `id`'s total wrapped past 2^64.
    @inline(never)
    private func carry(_ id: Int) { carries[id, default: 0] += 1 }

    /// Moves id `id`'s samples to a buffer twice as large (the first: its implied samples, the
    /// minimum and the maximum, to a new one).
    ///
    /// NB: a new buffer, never a larger allocation in place: an accumulator handed out earlier
    /// may still read the old one.
    @inline(never)
    private func grow(_ id: Int) {
        let grown = SampleBuffer(capacity: Self.sampleCapacity(entries[id].count))
        if let old = entries[id].storage {
            grown.base.initialize(from: old, count: entries[id].count - 1)
        } else {
            grown.base[0] = entries[id].minimum
            grown.base[1] = entries[id].maximum
        }
        install(grown, for: id)
    }

    /// Replaces id `id`'s samples by their histogram.
    @inline(never)
    private func fold(_ id: Int) {
        let histogram = SampleBuffer(capacity: DurationAccumulator.bucketCount)
        histogram.base.initialize(repeating: 0, count: DurationAccumulator.bucketCount)
        if let samples = entries[id].storage {
            DurationAccumulator.count(UnsafeBufferPointer(start: samples, count: entries[id].count - 1), into: histogram.base)
        }
        install(histogram, for: id)
    }

    private func install(_ buffer: SampleBuffer, for id: Int) {
        buffers.reserve(id)
        buffers[id] = buffer
        entries[id].storage = buffer.base
    }

    /// The durations added for `id`.
    ///
    /// NB: its samples are the ones in this table's buffer, which this table only appends to.
    func accumulator(for id: Int) -> DurationAccumulator {
        guard id < entries.count, entries[id].count > 0 else { return DurationAccumulator() }
        let entry = entries[id]
        let buffer = entry.count > DurationAccumulator.impliedLimit ? buffers[id] : nil
        let exact = entry.count <= DurationAccumulator.exactLimit
        let histogram = exact ? [] : Array(UnsafeBufferPointer(start: buffer!.base, count: DurationAccumulator.bucketCount))
        return DurationAccumulator(
            count: entry.count, total: Int128(carries.isEmpty ? 0 : carries[id] ?? 0) << 64 | Int128(entry.total),
            minimum: entry.minimum, maximum: entry.maximum,
            samples: exact ? buffer.map { SampleRun(buffer: $0, count: entry.count) } : nil, histogram: histogram)
    }
}

/// A buffer of body-time samples that a `DurationTable` writes and accumulators read.
///
/// NB: `@unchecked Sendable`: the table writes only past the samples it has handed out, and only
/// until the accumulators leave its thread.
final class SampleBuffer: @unchecked Sendable {
    let base: UnsafeMutablePointer<Int64>
    let capacity: Int

    /// Room for `capacity` samples.
    init(capacity: Int) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    deinit { base.deallocate() }
}

/// The first `count` samples of a buffer.
struct SampleRun: Sendable {
    let buffer: SampleBuffer
    let count: Int

    /// The first `count` samples of `buffer`.
    init(buffer: SampleBuffer, count: Int) {
        self.buffer = buffer
        self.count = count
    }

    /// A run of `samples`, in a buffer of their own.
    init(_ samples: [Int64]) {
        buffer = SampleBuffer(capacity: samples.count)
        buffer.base.initialize(from: samples, count: samples.count)
        count = samples.count
    }

    /// The samples, valid while this run (which keeps the buffer) is alive.
    var samples: UnsafeBufferPointer<Int64> { UnsafeBufferPointer(start: buffer.base, count: count) }

    /// Calls `body` with the samples.
    func withSamples<Result>(_ body: (UnsafeBufferPointer<Int64>) -> Result) -> Result {
        withExtendedLifetime(buffer) { body(samples) }
    }
}
