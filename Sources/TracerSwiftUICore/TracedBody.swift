import Synchronization
import TracerCore

/// One traced body as the adapter names it, and whether an Observation registration of it is
/// pending: one at most, however often the body runs.
final class TracedBody: Sendable {
    /// The view's name (`Screen/Row`), written in its `body-eval` and observed writes.
    let view: Symbol
    /// The `prop` of its observed writes: the `@Observable` model types the view holds.
    let models: Symbol
    /// `idle`, `claimed` (a run is tracking its reads) or `registered` (a registration waits for a
    /// change).
    private let state = Atomic<UInt8>(TracedBody.idle)
    private static let idle: UInt8 = 0
    private static let claimed: UInt8 = 1
    private static let registered: UInt8 = 2

    init(view: Symbol, models: Symbol) {
        self.view = view
        self.models = models
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
