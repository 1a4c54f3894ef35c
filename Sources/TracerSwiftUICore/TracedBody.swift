import Synchronization
import TracerCore

/// One traced body as the adapter names it, whether an Observation registration of it is
/// pending (one at most, however often the body runs), and the writes its next evaluation follows.
final class TracedBody: Sendable {
    /// The view's name (`Screen/Row`), written in its `body-eval` and observed writes.
    let view: Symbol
    /// The `prop` of its observed writes: the `@Observable` model types the view holds.
    let models: Symbol
    /// The `@TracedState` write of the view's type waiting for an evaluation: shared by every body
    /// of the type (the declaring view, whatever its label or scope).
    let stateWrite: PendingCause
    /// The `@Observable` write this body's registration recorded, waiting for its next evaluation.
    let observedWrite = PendingCause()
    /// The update (`tx`) this body last ran in (see `UpdateCounter`).
    let lastUpdate = Atomic<UInt64>(0)
    /// The models the view held when its registration was told of a change, taken before the
    /// change (sessions naming observed properties only), waiting for its next evaluation.
    let observedSnapshot = PendingSnapshot()
    /// `idle`, `claimed` (a run is tracking its reads) or `registered` (a registration waits for a
    /// change).
    private let state = Atomic<UInt8>(TracedBody.idle)
    private static let idle: UInt8 = 0
    private static let claimed: UInt8 = 1
    private static let registered: UInt8 = 2

    init(view: Symbol, models: Symbol, stateWrite: PendingCause) {
        self.view = view
        self.models = models
        self.stateWrite = stateWrite
    }

    /// The write this evaluation follows, now linked: the earlier of the waiting `@TracedState` and
    /// `@Observable` writes, with its update (`tx`) and the evaluation's `reason`; nil when none waits.
    func takeCause() -> (seq: UInt64, tx: UInt64, reason: EvalReason)? {
        let state = stateWrite.take(), observed = observedWrite.take()
        if state.seq != 0 && (observed.seq == 0 || state.seq < observed.seq) { return (state.seq, state.tx, .state) }
        return observed.seq == 0 ? nil : (observed.seq, observed.tx, .observed)
    }

    /// Whether this run tracks its reads: no registration is pending and no other run is tracking.
    ///
    /// NB: a load and a store, not a compare-and-exchange (twice the cost of the rest of a body's
    /// bookkeeping): runs of one body on two threads at once may both track, so the bound is one
    /// registration per body and thread (SwiftUI runs bodies on the main thread).
    func claim() -> Bool {
        guard state.load(ordering: .acquiring) == Self.idle else { return false }
        state.store(Self.claimed, ordering: .relaxed)
        return true
    }

    /// The claiming run's reads are registered.
    func register() { state.store(Self.registered, ordering: .releasing) }

    /// The claiming run ends: unless it registered, the next run may track.
    func endClaim() {
        if state.load(ordering: .relaxed) == Self.claimed { state.store(Self.idle, ordering: .relaxed) }
    }

    /// The registration ended (see `ObservedRegistration`): the next run may track.
    func registrationEnded() { state.store(Self.idle, ordering: .releasing) }
}

/// One Observation registration of a traced body: it ends when Observation calls it, or when
/// Observation drops it uncalled (every model the body read went away unmutated), so that a
/// registration never outlives its models and never wedges the body's name.
///
/// NB: the onChange closure holds the only reference; Observation releases the closure once it
/// fired, or with the registrar of the last model that held it, and `deinit` ends it then.
final class ObservedRegistration: Sendable {
    private let body: TracedBody
    private let session: AdapterSession
    private let ended = Atomic<Bool>(false)

    /// Registers `body`'s run, counted in `session`'s pending registrations.
    init(body: TracedBody, session: AdapterSession) {
        self.body = body
        self.session = session
        body.register()
        session.registrations.add(1, ordering: .relaxed)
    }

    deinit { end() }

    /// Ends the registration, once: the body's next run may track; false when it had ended already.
    @discardableResult
    func end() -> Bool {
        guard !ended.exchange(true, ordering: .acquiringAndReleasing) else { return false }
        body.registrationEnded()
        session.registrations.subtract(1, ordering: .relaxed)
        return true
    }
}

/// The `seq` of a write waiting for the evaluation it leads to (0: none), which that evaluation
/// takes as its `cause`, and the write's update (`tx`), which the evaluation joins.
///
/// NB: the first write waits until an evaluation takes it, as the runtime links an evaluation to
/// the first write of its transaction. A load first, so that a body with nothing waiting and a
/// write while one waits take no read-modify-write. One word: the `seq` in the low 40 bits (a
/// trillion events), the update's low 24 bits above it (`update(_:before:)` widens them; a second
/// word's store made the write's code 124 instructions longer).
final class PendingCause: Sendable {
    private let entry = Atomic<UInt64>(0)
    private static let seqBits: UInt64 = 40
    private static let seqMask: UInt64 = 1 << seqBits - 1

    /// An empty slot.
    init() {}

    /// Keeps `write`, of update `tx`, unless a write waits already.
    ///
    /// NB: never inlined: inlined with the update's bits, it made the write's recording code 124
    /// instructions longer (callgrind), though a write while one waits runs none of it.
    @inline(never)
    func offer(_ write: UInt64, tx: UInt64) {
        guard write != 0, entry.load(ordering: .relaxed) == 0 else { return }
        _ = entry.compareExchange(expected: 0, desired: write & Self.seqMask | tx << Self.seqBits, ordering: .relaxed)
    }

    /// The waiting write and the low bits of its update, which no longer waits; `seq` 0 when none.
    func take() -> (seq: UInt64, tx: UInt64) {
        guard entry.load(ordering: .relaxed) != 0 else { return (0, 0) }
        let taken = entry.exchange(0, ordering: .relaxed)
        return (taken & Self.seqMask, taken >> Self.seqBits)
    }

    /// The update whose low bits are `low`, the latest not after `current` (a waiting write's, at
    /// most 2^24 updates before the evaluation that takes it).
    static func update(_ low: UInt64, before current: UInt64) -> UInt64 {
        current &- ((current &- low) & (1 << (64 - seqBits) - 1))
    }
}

/// An `ObservableSnapshot` waiting for the evaluation that names the properties it saw change.
///
/// NB: a flag first, so that a body with nothing waiting takes one load and no lock.
final class PendingSnapshot: Sendable {
    private let waiting = Atomic<Bool>(false)
    private let snapshot = LockedBox<ObservableSnapshot?>(nil)

    /// An empty slot.
    init() {}

    /// Keeps `taken` for the next evaluation.
    func offer(_ taken: ObservableSnapshot) {
        snapshot.withLock { $0 = taken }
        waiting.store(true, ordering: .releasing)
    }

    /// The waiting snapshot, which no longer waits; nil when none.
    func take() -> ObservableSnapshot? {
        guard waiting.load(ordering: .acquiring) else { return nil }
        waiting.store(false, ordering: .relaxed)
        return snapshot.withLock { taken in
            defer { taken = nil }
            return taken
        }
    }
}
