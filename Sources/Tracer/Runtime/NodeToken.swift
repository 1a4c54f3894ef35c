import Synchronization

/// The thread-safe handle of a graph node: what storage and subscriptions hold to invalidate it.
final class NodeToken: Sendable {
    /// The node's id in its graph.
    let id: Int
    /// The node's interned path (`Symbol.none` when not recording).
    let view: Symbol
    /// The graph's scheduler that pending updates go to.
    let scheduler: UpdateScheduler
    /// False once the node is unmounted: later writes invalidate nothing.
    let mounted = Atomic<Bool>(true)
    /// Bumped on every body evaluation, so a stale observation callback is ignored and a state
    /// read by an earlier evaluation no longer counts.
    let observationGeneration = Atomic<UInt64>(0)

    init(id: Int, view: Symbol, scheduler: UpdateScheduler) {
        self.id = id
        self.view = view
        self.scheduler = scheduler
    }

    var isMounted: Bool { mounted.load(ordering: .relaxed) }
}
