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
    /// `@Observable` writes, with the evaluation's `reason`; nil when none waits.
    func takeCause() -> (seq: UInt64, reason: EvalReason)? {
        let state = stateWrite.take(), observed = observedWrite.take()
        if state != 0 && (observed == 0 || state < observed) { return (state, .state) }
        return observed == 0 ? nil : (observed, .observed)
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
/// takes as its `cause`.
///
/// NB: the first write waits until an evaluation takes it, as the runtime links an evaluation to
/// the first write of its transaction. A load first, so that a body with nothing waiting and a
/// write while one waits take no read-modify-write.
final class PendingCause: Sendable {
    private let seq = Atomic<UInt64>(0)

    /// An empty slot.
    init() {}

    /// Keeps `write` unless a write waits already.
    func offer(_ write: UInt64) {
        guard write != 0, seq.load(ordering: .relaxed) == 0 else { return }
        _ = seq.compareExchange(expected: 0, desired: write, ordering: .relaxed)
    }

    /// The waiting write, which no longer waits; 0 when none.
    func take() -> UInt64 {
        guard seq.load(ordering: .relaxed) != 0 else { return 0 }
        return seq.exchange(0, ordering: .relaxed)
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
