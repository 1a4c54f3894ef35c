import Synchronization
import TracerCore

/// The adapter's update numbers (`tx`), by the heuristic the `_printChanges` importer uses, as
/// SwiftUI does not say where an update begins: a recorded write after a traced body opens a new
/// update (the write and the bodies it leads to share its number); so does a traced body that
/// starts more than `gap` after the last traced body started or ended, or whose name already ran
/// in the current update (SwiftUI evaluates a body at most once per update). An evaluation that
/// takes a waiting write as its cause is written in that write's update (`AdapterSession.recordBody`).
///
/// NB: the gap is 1 ms. Between two bodies of one update SwiftUI runs its attribute graph, tens of
/// µs; a frame at 120 Hz lasts 8.3 ms, so the main thread waits for the next one for at least a
/// millisecond unless the frame's work took more than 7.3 ms. Erring short is the safe side: an
/// update split by more than 1 ms of untraced work leaves its later bodies' causes unknown, while
/// two updates merged would give a body the previous frame's write.
///
/// NB: the common body (the update already has a body, no gap, a new name) costs two loads and
/// two stores, and a write in a run of writes one load; only the first of an update takes a
/// compare-and-exchange. Noncopyable, kept in its session: reaching it retains nothing.
struct UpdateCounter: ~Copyable, Sendable {
    /// The current update's number shifted left by one, its low bit set once a traced body ran in it.
    private let state = Atomic<UInt64>(1 << 1)
    /// The ticks when the last traced body started or ended.
    private let lastBody = Atomic<UInt64>(0)
    /// The gap, in the recorder's ticks, after which a traced body opens a new update.
    private let gapTicks: UInt64

    /// The gap after which a traced body opens a new update: 1 ms (see the type's NB).
    static let gap: UInt64 = 1_000_000

    /// A counter whose gap is measured on `recorder`'s ticks.
    init(recorder: TraceRecorder) {
        gapTicks = Self.ticks(forNanoseconds: Self.gap, on: recorder)
    }

    /// The update a write belongs to: a new one when a traced body ran in the current one.
    @inline(__always)
    func forWrite() -> UInt64 {
        let current = state.load(ordering: .relaxed)
        guard current & 1 != 0 else { return current >> 1 }
        // NB: a racing write or body that moved the state first decides the number.
        let (exchanged, original) = state.compareExchange(expected: current, desired: current &+ 1, ordering: .relaxed)
        return (exchanged ? current &+ 1 : original) >> 1
    }

    /// The update of a traced body `body` starting at `ticks`: the current one, or a new one after
    /// a gap or when `body` ran in the current one already.
    func forBody(_ body: TracedBody, at ticks: UInt64) -> UInt64 {
        let current = state.load(ordering: .relaxed)
        let previous = lastBody.load(ordering: .relaxed)
        lastBody.store(ticks, ordering: .relaxed)
        var next = current | 1
        if current & 1 != 0 && (ticks &- previous > gapTicks || body.lastUpdate.load(ordering: .relaxed) == current >> 1) {
            next = current &+ 2
        }
        if next != current { next = state.compareExchange(expected: current, desired: next, ordering: .relaxed).exchanged ? next : current }
        body.lastUpdate.store(next >> 1, ordering: .relaxed)
        return next >> 1
    }

    /// A traced body ended at `ticks`.
    func bodyEnded(at ticks: UInt64) { lastBody.store(ticks, ordering: .relaxed) }

    /// `nanoseconds` in `recorder`'s ticks: the same for a manual clock, whose ticks are
    /// nanoseconds; for the monotonic one, at the counter's rate over 20 µs of `CLOCK_MONOTONIC`,
    /// measured once per session.
    private static func ticks(forNanoseconds nanoseconds: UInt64, on recorder: TraceRecorder) -> UInt64 {
        guard case .monotonic = recorder.clock else { return nanoseconds }
        let (startTicks, start) = (recorder.ticks(), TraceClock.monotonicNow())
        var (ticks, now) = (startTicks, start)
        while now &- start < 20_000 { (ticks, now) = (recorder.ticks(), TraceClock.monotonicNow()) }
        return UInt64(Double(nanoseconds) * Double(ticks &- startTicks) / Double(now &- start))
    }
}
