#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a write to a piece of view state was: who owns it, its names, and whether it changed.
struct WriteDescription {
    var view: Symbol
    var prop: Symbol
    var site: Symbol
    /// `file:line` of the declaration, for the stderr warning.
    var siteText: String
    var wrapper: WrapperKind
    /// Whether the value changed, when that can be told (Equatable or a class reference).
    var changed: Bool?
}

/// Why a node is dirty and which event made it so.
struct DirtyMark {
    var reason: EvalReason
    var cause: UInt64
}

/// The pending side of a graph: writes from any thread join the open transaction here.
///
/// NB: events of a write are recorded under the lock, so a write's `write` and `invalidate`
/// events always carry the transaction the flush will evaluate. The recorder's own lock is only
/// ever taken inside this one, never the other way round, and no user code runs under it.
final class UpdateScheduler: Sendable {
    /// The text of the warning for state modified during a body evaluation.
    static let updateWarning = "Modifying state during view update, this will cause undefined behavior."

    let recorder: TraceRecorder?
    private let state = LockedBox(State())
    private let warningText: Symbol

    struct State {
        var openTransaction: UInt64 = 0
        var lastTransaction: UInt64 = 0
        var dirty: [Int: DirtyMark] = [:]
        var deliveries: [PendingDelivery] = []
        /// The thread evaluating bodies (0 when none): its writes get a warning.
        var updatingThread: UInt32 = 0
        /// The thread running a handler and the event that led to it: writes there inherit it.
        var handlerThread: UInt32 = 0
        var handlerCause: UInt64 = 0
        var warnedSites: Set<String> = []
        /// Observed changes waiting for the next update, with the handler event they happened in.
        var observed: [(owner: NodeToken, wrapper: WrapperKind, cause: UInt64)] = []
    }

    init(recorder: TraceRecorder?) {
        self.recorder = recorder
        warningText = recorder?.intern(Self.updateWarning) ?? .none
    }

    /// Records a write and, when `invalidating`, marks `owner` dirty for the open transaction.
    /// Returns the write's `seq` (0 when not recording).
    @discardableResult
    func noteWrite(_ write: WriteDescription, owner: NodeToken?, invalidating: Bool, reason: EvalReason = .state) -> UInt64 {
        let thread = UInt32(ThreadID.current)
        let (seq, warn) = state.withLock { state -> (UInt64, Bool) in
            let tx = Self.openTransaction(&state)
            let duringUpdate = state.updatingThread == thread
            var seq: UInt64 = 0
            if let recorder {
                seq = Self.record(write, cause: state.handlerThread == thread ? state.handlerCause : 0, tx: tx, recorder: recorder)
                if duringUpdate {
                    var warning = TraceEvent.about(.warning, view: write.view, cause: seq, tx: tx)
                    warning.site = write.site
                    warning.text = warningText
                    recorder.record(warning)
                }
            }
            if invalidating, let owner, owner.isMounted {
                Self.markDirty(owner, reason: reason, cause: seq, tx: tx, recorder: recorder, in: &state)
            }
            return (seq, duringUpdate && state.warnedSites.insert(write.siteText).inserted)
        }
        if warn { printWarning(site: write.siteText) }
        return seq
    }

    /// Marks `owner` dirty because something it observed changed, outside any known write site.
    ///
    /// NB: Observation notifies a change's observers in no fixed order, so the change is queued
    /// and recorded when the update begins, observers in node order: traces stay reproducible.
    /// A change during a body evaluation is recorded at once, with its warning.
    func noteObservedChange(_ owner: NodeToken, wrapper: WrapperKind) {
        let thread = UInt32(ThreadID.current)
        let duringUpdate = state.withLock { state -> Bool in
            guard state.updatingThread != thread else { return true }
            _ = Self.openTransaction(&state)
            state.observed.append((owner, wrapper, state.handlerThread == thread ? state.handlerCause : 0))
            return false
        }
        if duringUpdate { noteWrite(Self.observedWrite(by: owner, wrapper: wrapper), owner: owner, invalidating: true, reason: .observed) }
    }

    /// The write an observed change stands for: the observer's view, no property or site.
    private static func observedWrite(by owner: NodeToken, wrapper: WrapperKind) -> WriteDescription {
        WriteDescription(view: owner.view, prop: .none, site: .none, siteText: "", wrapper: wrapper, changed: nil)
    }

    /// Records the `write` event of `write` in transaction `tx`; returns its `seq`.
    private static func record(_ write: WriteDescription, cause: UInt64, tx: UInt64, recorder: TraceRecorder) -> UInt64 {
        var event = TraceEvent.write(
            view: write.view, prop: write.prop, wrapper: write.wrapper, changed: write.changed, site: write.site, tx: tx)
        event.cause = cause
        return recorder.record(event)
    }

    /// Records a `@Published` write seen by `owner` and invalidates it; observers after the first
    /// share the first one's `write` event through `memo`.
    func notePublishedChange(_ change: PublishedChange, owner: NodeToken, reason: EvalReason, memo: inout WriteMemo) {
        if memo.scheduler == ObjectIdentifier(self) {
            let cause = memo.seq
            state.withLock { state in
                let tx = Self.openTransaction(&state)
                if owner.isMounted { Self.markDirty(owner, reason: reason, cause: cause, tx: tx, recorder: recorder, in: &state) }
            }
            return
        }
        let names = recorder.flatMap { recorder in change.source?.describe(in: recorder) }
        let write = WriteDescription(
            view: owner.view, prop: names?.prop ?? .none, site: names?.site ?? .none, siteText: names?.siteText ?? "",
            wrapper: .published, changed: change.changed)
        memo = WriteMemo(scheduler: ObjectIdentifier(self), seq: noteWrite(write, owner: owner, invalidating: true, reason: reason))
    }

    /// Queues `delivery` (a publisher's value for an `.onReceive` handler) for the next flush.
    func enqueue(_ delivery: PendingDelivery) {
        state.withLock { state in
            _ = Self.openTransaction(&state)
            state.deliveries.append(delivery)
        }
    }

    /// Takes the queued deliveries; their handlers' writes still join the open transaction.
    func takeDeliveries() -> [PendingDelivery] {
        state.withLock { state in
            defer { state.deliveries.removeAll() }
            return state.deliveries
        }
    }

    /// Closes the open transaction for evaluation: returns its id (a new one when nothing was
    /// open) and its dirty nodes; writes from `thread` until `endUpdate()` are warned about.
    func beginUpdate(on thread: UInt32) -> (tx: UInt64, dirty: [Int: DirtyMark]) {
        state.withLock { state in
            let tx = Self.openTransaction(&state)
            for change in state.observed.sorted(by: { $0.owner.id < $1.owner.id }) where change.owner.isMounted {
                let write = Self.observedWrite(by: change.owner, wrapper: change.wrapper)
                let seq = recorder.map { Self.record(write, cause: change.cause, tx: tx, recorder: $0) } ?? 0
                Self.markDirty(change.owner, reason: .observed, cause: seq, tx: tx, recorder: recorder, in: &state)
            }
            state.observed.removeAll()
            state.openTransaction = 0
            state.updatingThread = thread
            defer { state.dirty.removeAll() }
            return (tx, state.dirty)
        }
    }

    /// Ends the evaluation phase begun by `beginUpdate`.
    func endUpdate() {
        state.withLock { $0.updatingThread = 0 }
    }

    /// Runs `handler` with writes on this thread attributed to `cause`.
    func runHandler(cause: UInt64, _ handler: () -> Void) {
        let thread = UInt32(ThreadID.current)
        let previous = state.withLock { state -> (UInt32, UInt64) in
            defer { (state.handlerThread, state.handlerCause) = (thread, cause) }
            return (state.handlerThread, state.handlerCause)
        }
        handler()
        state.withLock { state in (state.handlerThread, state.handlerCause) = previous }
    }

    /// Whether writes or deliveries are waiting for a flush.
    var hasPendingWork: Bool {
        state.withLock { !$0.dirty.isEmpty || !$0.deliveries.isEmpty || !$0.observed.isEmpty }
    }

    private static func openTransaction(_ state: inout State) -> UInt64 {
        if state.openTransaction == 0 {
            state.lastTransaction &+= 1
            state.openTransaction = state.lastTransaction
        }
        return state.openTransaction
    }

    private static func markDirty(
        _ owner: NodeToken, reason: EvalReason, cause: UInt64, tx: UInt64, recorder: TraceRecorder?, in state: inout State
    ) {
        guard state.dirty[owner.id] == nil else { return }
        let invalidation = recorder?.record(.about(.invalidate, view: owner.view, cause: cause, tx: tx)) ?? 0
        state.dirty[owner.id] = DirtyMark(reason: reason, cause: invalidation)
    }

    private func printWarning(site: String) {
        let line = Array("tracer: warning: \(site): \(Self.updateWarning)\n".utf8)
        line.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
    }
}

/// A value a publisher sent to an `.onReceive` handler, waiting for the graph's next flush.
struct PendingDelivery {
    /// The node carrying the handler.
    var node: Int
    /// The `seq` of the write that sent the value.
    var cause: UInt64
    /// Hands the value to the handler, on the graph's thread.
    var deliver: (ViewNode) -> Void
}
