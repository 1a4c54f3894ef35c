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
    /// The values written, when the recorder records them (see `WriteValueSource`).
    var values: WriteValues = .none
}

/// The views a write invalidates.
enum WriteTarget {
    /// None: the value did not change, or the wrapper never invalidates (`@ViewStorage`).
    case nothing
    /// The view owning the state.
    case owner(NodeToken)
    /// The views whose latest evaluation read the value (see `ValueReaders`).
    case views([NodeToken])
    /// Every view whose latest evaluation read this `@AppStorage` key.
    case readers(AppStorageKey)
}

/// An `@AppStorage` key in one `UserDefaults` object.
struct AppStorageKey: Hashable {
    var store: ObjectIdentifier
    var key: String
}

/// Why a node is dirty and which events made it so.
struct DirtyMark {
    var reason: EvalReason
    /// The first invalidation's `seq`: the evaluation's `cause`.
    var cause: UInt64
    /// The `seq` of the event behind the latest invalidation (a write, an observed change).
    var latestSource: UInt64
    /// The invalidations after the first, when several events invalidated the node before its
    /// evaluation (empty, not allocated, for one).
    var later: [UInt64] = []

    /// Every invalidation's `seq`, in order: the evaluation's `causes`.
    var causes: [UInt64] { [cause] + later }
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
    let state = LockedBox(State())
    private let warningText: Symbol

    struct State {
        var openTransaction: UInt64 = 0
        var lastTransaction: UInt64 = 0
        var dirty: [Int: DirtyMark] = [:]
        var deliveries: [PendingDelivery] = []
        /// The thread evaluating bodies (0 when none): its writes get a warning.
        var updatingThread: UInt32 = 0
        /// The thread driving the graph (the latest to evaluate): `.onReceive` runs there at once.
        var graphThread: UInt32 = 0
        /// Whether `graphThread` wrote, delivered or mutated since the last update began (its
        /// handlers or bodies made work for another round of the frame).
        var graphThreadMadeWork = false
        /// The thread running a handler and the event that led to it: writes there inherit it.
        var handlerThread: UInt32 = 0
        var handlerCause: UInt64 = 0
        /// The handler running on `handlerThread` (`onChange(of: Int)`), for the runaway warning.
        var handlerName: String?
        /// The latest write of the open transaction (see `abandonRunawayUpdates`).
        var latestWrite: LatestWrite?
        var warnedSites: Set<String> = []
        /// `@Observable` mutations waiting for the next update, in the order they happened.
        var observed: [ObservedMutation] = []
        /// Per thread, the index in `observed` of the mutation whose observers are being told.
        var observing: [UInt32: Int] = [:]
        /// The views whose latest evaluation read each `@AppStorage` key.
        var appStorageReaders: [AppStorageKey: ValueReaders] = [:]
    }

    /// One `@Observable` mutation as its observers reported it.
    struct ObservedMutation {
        var observers: [NodeToken]
        /// The model types every observer holds (see `ViewGraph.observableModels`).
        var models: [String]
        /// The observers' models before the mutation, which name the properties it changed.
        var snapshot: ObservableSnapshot
        /// The handler event the mutation happened in.
        var cause: UInt64
        /// Whether a body evaluation made it (it gets a warning).
        var duringUpdate: Bool
    }

    init(recorder: TraceRecorder?) {
        self.recorder = recorder
        warningText = recorder?.intern(Self.updateWarning) ?? .none
    }

    /// Records a write and marks what it invalidates dirty for the open transaction. Returns the
    /// write's `seq` (0 when not recording).
    @discardableResult
    func noteWrite(_ write: WriteDescription, invalidating target: WriteTarget, reason: EvalReason = .state) -> UInt64 {
        let thread = UInt32(ThreadID.current)
        let (seq, warn) = state.withLock { state -> (UInt64, Bool) in
            let tx = Self.enter(&state, on: thread)
            let duringUpdate = state.updatingThread == thread
            var seq: UInt64 = 0
            if let recorder {
                seq = Self.record(write, cause: state.handlerThread == thread ? state.handlerCause : 0, tx: tx, recorder: recorder)
                if duringUpdate { self.recordWarning(view: write.view, site: write.site, cause: seq, tx: tx) }
            }
            state.latestWrite = LatestWrite(write: write, seq: seq, handler: state.handlerThread == thread ? state.handlerName : nil)
            switch target {
            case .nothing:
                break
            case .owner(let owner):
                Self.markDirty(owner, reason: reason, cause: seq, tx: tx, recorder: recorder, in: &state)
            case .views(let readers):
                for reader in readers {
                    Self.markDirty(reader, reason: reason, cause: seq, tx: tx, recorder: recorder, in: &state)
                }
            case .readers(let key):
                state.appStorageReaders[key]?.forgetStale()
                for reader in state.appStorageReaders[key]?.invalidated(partChanged: { _ in true }) ?? [] {
                    Self.markDirty(reader, reason: reason, cause: seq, tx: tx, recorder: recorder, in: &state)
                }
            }
            return (seq, duringUpdate && state.warnedSites.insert(write.siteText).inserted)
        }
        if warn { printWarning(site: write.siteText) }
        return seq
    }

    /// Records a read of `@AppStorage` key `key` by the body running on this thread, if any: a
    /// write of the key invalidates the views whose latest evaluation read it.
    func noteRead(of key: AppStorageKey) {
        guard BodyReads.current != nil else { return }
        state.withLock { $0.appStorageReaders[key, default: ValueReaders()].noteRead() }
    }

    /// Notes that a property `observer` read in its last evaluation is about to change (called by
    /// Observation from inside the property's setter); `models` names the models it holds.
    ///
    /// NB: Observation tells each observer once, synchronously, on the mutating thread, before the
    /// setter returns, and tells it nothing about the property. So the observers of one mutation are
    /// told in a row on one thread with nothing else happening there in between: the calls arriving
    /// on a thread with no other scheduler activity of that thread between them (a write, a
    /// delivery, a handler starting or ending, an update) are one mutation, recorded as one `write`
    /// invalidating each of them. Two mutations with nothing between them (`model.a = 1;
    /// model.b = 2`) cannot be told apart through the public API and are recorded as one; one
    /// mutation is never split. The mutation is recorded when the update begins, observers in node
    /// order, since Observation tells them in no fixed order: traces stay reproducible.
    ///
    /// `holder` (the observer's view value, nil when it holds no model) gives the models whose
    /// tracked properties are taken now, before the value changes (see `ObservableSnapshot`): the
    /// first observer's that holds any, once per mutation. The two mutations with nothing between
    /// them above are one mutation that changed two properties, one write each.
    func noteObservedChange(_ observer: NodeToken, models: [String], heldBy holder: Any?) {
        let thread = UInt32(ThreadID.current)
        // NB: taken outside the lock (Mirror may run a model's `customMirror`), when recording and
        // this observer is the first of its mutation with models; the lock below keeps the first.
        var snapshot = ObservableSnapshot()
        if recorder != nil, let holder, state.withLock({ state in state.observing[thread].map { state.observed[$0].snapshot.isEmpty } ?? true }) {
            snapshot.add(modelsHeldBy: holder)
        }
        let warning = state.withLock { state -> String? in
            _ = Self.openTransaction(&state, from: thread)
            if let index = state.observing[thread] {
                state.observed[index].observers.append(observer)
                // NB: an observer holding no model (a control reading a binding into one) names nothing.
                let named = state.observed[index].models
                state.observed[index].models = named.isEmpty ? models : models.isEmpty ? named : named.filter(models.contains)
                if state.observed[index].snapshot.isEmpty { state.observed[index].snapshot = snapshot }
                return nil
            }
            let duringUpdate = state.updatingThread == thread
            state.observing[thread] = state.observed.count
            state.observed.append(ObservedMutation(
                observers: [observer], models: models, snapshot: snapshot,
                cause: state.handlerThread == thread ? state.handlerCause : 0, duringUpdate: duringUpdate))
            let site = ObservableModels.prop(models)
            return duringUpdate && state.warnedSites.insert(site).inserted ? site : nil
        }
        if let warning { printWarning(site: warning) }
    }

    /// Records the `write` event of `write` in transaction `tx`; returns its `seq`.
    private static func record(_ write: WriteDescription, cause: UInt64, tx: UInt64, recorder: TraceRecorder) -> UInt64 {
        var event = TraceEvent.write(
            view: write.view, prop: write.prop, wrapper: write.wrapper, changed: write.changed, site: write.site, tx: tx)
        event.cause = cause
        return recorder.record(event, values: write.values)
    }

    private func recordWarning(view: Symbol, site: Symbol, cause: UInt64, tx: UInt64) {
        var warning = TraceEvent.about(.warning, view: view, cause: cause, tx: tx)
        warning.site = site
        warning.text = warningText
        recorder?.record(warning)
    }

    /// Records a `@Published` write seen by `owner` and invalidates it; observers after the first
    /// share the first one's `write` event through `memo`. A manual `objectWillChange.send()` is a
    /// write of `objectWillChange`.
    func notePublishedChange(_ change: PublishedChange, owner: NodeToken, memo: inout WriteMemo) {
        if memo.scheduler == ObjectIdentifier(self) {
            let cause = memo.seq
            let thread = UInt32(ThreadID.current)
            state.withLock { state in
                let tx = Self.enter(&state, on: thread)
                Self.markDirty(owner, reason: .observed, cause: cause, tx: tx, recorder: recorder, in: &state)
            }
            return
        }
        var write = WriteDescription(
            view: owner.view, prop: .none, site: .none, siteText: "", wrapper: .published, changed: change.changed, values: change.values)
        if let recorder {
            if let source = change.source {
                (write.prop, write.site, write.siteText) = source.describe(in: recorder)
            } else {
                write.prop = recorder.intern("objectWillChange")
            }
        }
        memo = WriteMemo(scheduler: ObjectIdentifier(self), seq: noteWrite(write, invalidating: .owner(owner), reason: .observed))
    }

    /// Hands `delivery` (a publisher's value for an `.onReceive` handler) to its handler at once,
    /// as SwiftUI runs `.onReceive` when the publisher sends, when it is sent on the graph's thread
    /// outside a body evaluation; otherwise (another thread, or a body sending) it waits for the
    /// next flush. Either way the handler's writes join the open transaction.
    func deliver(_ delivery: PendingDelivery) {
        let thread = UInt32(ThreadID.current)
        let now = state.withLock { state -> Bool in
            _ = Self.enter(&state, on: thread)
            let now = state.graphThread == thread && state.updatingThread != thread
            if !now { state.deliveries.append(delivery) }
            return now
        }
        guard now, delivery.node.isMounted else { return }
        runHandler(cause: delivery.cause, named: Self.receiveHandler, delivery.deliver)
    }

    /// The name of `.onReceive` handlers in warnings.
    static let receiveHandler = "onReceive(_:perform:)"


    /// Takes the queued deliveries; their handlers' writes still join the open transaction.
    func takeDeliveries() -> [PendingDelivery] {
        state.withLock { state in
            defer { state.deliveries.removeAll() }
            return state.deliveries
        }
    }

    /// Closes the open transaction for evaluation: returns its id (a new one when nothing was
    /// open) and its dirty nodes; writes from `thread` until `endUpdate()` are warned about.
    ///
    /// NB: the `@Observable` mutations' changed properties are told outside the lock (a value's
    /// `==` is user code); a mutation noted meanwhile waits for the next update, in a new transaction.
    func beginUpdate(on thread: UInt32) -> (tx: UInt64, dirty: [Int: DirtyMark]) {
        let observed = state.withLock { state in
            defer { state.observed.removeAll(); state.observing.removeAll() }
            return state.observed
        }
        let snapshots = observed.map(\.snapshot)
        let changes = observed.indices.map { index in
            let mutation = observed[index]
            let changes = mutation.snapshot.changes(among: mutation.models, later: snapshots[(index + 1)...])
            return changes.isEmpty ? [ObservedPropertyChange(prop: ObservableModels.prop(mutation.models), changed: nil)] : changes
        }
        return state.withLock { state in
            let tx = Self.openTransaction(&state)
            for (mutation, changes) in zip(observed, changes) { recordObserved(mutation, changes: changes, tx: tx, in: &state) }
            state.openTransaction = 0
            if !state.observed.isEmpty { _ = Self.openTransaction(&state) }
            state.latestWrite = nil
            state.updatingThread = thread
            state.graphThread = thread
            state.graphThreadMadeWork = false
            defer { state.dirty.removeAll() }
            return (tx, state.dirty)
        }
    }

    /// Records one `@Observable` mutation: a `write` per property it changed (`changes`, about the
    /// first observer in node order), a warning when a body made it, and the invalidation of each
    /// observer still mounted, caused by the first write (the others kept in its `DirtyMark`).
    private func recordObserved(_ mutation: ObservedMutation, changes: [ObservedPropertyChange], tx: UInt64, in state: inout State) {
        // NB: an observer told twice (a lazy stack's rows tracked apart from its body) is marked once.
        let observers = mutation.observers.filter(\.isMounted).sorted { $0.id < $1.id }
        guard let first = observers.first else { return }
        var writes: [UInt64] = []
        if let recorder {
            for change in changes {
                let write = WriteDescription(
                    view: first.view, prop: recorder.intern(change.prop), site: .none, siteText: "", wrapper: .observable,
                    changed: change.changed)
                writes.append(Self.record(write, cause: mutation.cause, tx: tx, recorder: recorder))
            }
            if mutation.duringUpdate { recordWarning(view: first.view, site: .none, cause: writes[0], tx: tx) }
        }
        for observer in observers {
            Self.markDirty(
                observer, reason: .observed, cause: writes.first ?? 0, tx: tx, recorder: recorder, in: &state)
        }
    }

    /// Ends the evaluation phase begun by `beginUpdate`.
    func endUpdate() {
        state.withLock { $0.updatingThread = 0 }
    }

    /// Runs `handler` (named `name`, e.g. `onChange(of: Int)`) with writes on this thread
    /// attributed to `cause`.
    func runHandler(cause: UInt64, named name: String? = nil, _ handler: () -> Void) {
        let thread = UInt32(ThreadID.current)
        let previous = state.withLock { state -> (UInt32, UInt64, String?) in
            state.observing[thread] = nil
            defer { (state.handlerThread, state.handlerCause, state.handlerName) = (thread, cause, name) }
            return (state.handlerThread, state.handlerCause, state.handlerName)
        }
        handler()
        state.withLock { state in
            state.observing[thread] = nil
            (state.handlerThread, state.handlerCause, state.handlerName) = previous
        }
    }

    /// Whether a transaction is open: writes, deliveries or observed changes wait for a flush
    /// (a write that invalidated nothing too: the flush closes its transaction).
    var hasPendingWork: Bool {
        state.withLock { $0.openTransaction != 0 }
    }

    /// Whether the graph's own thread made the pending work since the last update began, rather
    /// than only other threads.
    var graphThreadMadeWork: Bool {
        state.withLock { $0.graphThreadMadeWork }
    }

    /// The open transaction for a write or delivery from `thread`; ends the thread's observed
    /// mutation (something else happened on it).
    private static func enter(_ state: inout State, on thread: UInt32) -> UInt64 {
        state.observing[thread] = nil
        return openTransaction(&state, from: thread)
    }

    /// The open transaction for work made on `thread`, noting whether the graph's thread made it.
    private static func openTransaction(_ state: inout State, from thread: UInt32) -> UInt64 {
        if thread == state.graphThread { state.graphThreadMadeWork = true }
        return openTransaction(&state)
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
        guard owner.isMounted, state.dirty[owner.id]?.latestSource != cause else { return }
        let invalidation = recorder?.record(.about(.invalidate, view: owner.view, cause: cause, tx: tx)) ?? 0
        // NB: a node already dirty keeps its first reason; a later write's invalidation is recorded
        // and joins its causes (an event that invalidates it twice counts once).
        if state.dirty[owner.id] == nil {
            state.dirty[owner.id] = DirtyMark(reason: reason, cause: invalidation, latestSource: cause)
        } else {
            state.dirty[owner.id]!.latestSource = cause
            if invalidation != 0 { state.dirty[owner.id]!.later.append(invalidation) }
        }
    }

    /// Writes `tracer: warning: SITE: MESSAGE` (without a site: `tracer: warning: MESSAGE`) to
    /// standard error.
    func printWarning(site: String, _ message: String = updateWarning) {
        let line = Array("tracer: warning: \(site.isEmpty ? "" : site + ": ")\(message)\n".utf8)
        line.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
    }
}

/// A value a publisher sent to an `.onReceive` handler.
struct PendingDelivery {
    /// The node carrying the handler.
    var node: NodeToken
    /// The `seq` of the write that sent the value.
    var cause: UInt64
    /// Hands the value to the handler, on the graph's thread.
    var deliver: () -> Void
}
