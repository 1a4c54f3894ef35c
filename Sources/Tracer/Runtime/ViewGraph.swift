import Foundation

/// The runtime: keeps one node per view identity, batches state writes into transactions and
/// re-evaluates what they invalidated, emitting `tracer/1` events to its recorder.
///
/// Drive it from one thread (the one calling `mount`, `flush` and the driver methods); state may
/// be written from any thread and joins the next transaction. A flush is one run-loop turn:
/// `.onReceive` values sent from other threads are delivered, then each dirty node is evaluated once, top-down,
/// and children whose inputs are equal are skipped; `onChange`/`onAppear` handlers run after.
/// The work of a flush is proportional to the nodes it evaluates, not to the tree.
public final class ViewGraph {
    /// Where events go; nil when not recording (each instrumented step then costs one branch).
    public var recorder: TraceRecorder? { scheduler.recorder }
    /// The rows a lazy stack materialises until `setViewport` says otherwise.
    public let defaultViewport: Range<Int>
    /// How many rows beyond the visible ones on each side a lazy stack keeps once built (see
    /// `materialisedRows(of:)`): 5.
    public var lazyStackCacheMargin = 5
    /// The most update rounds one `flush` runs when handlers keep writing state.
    public var maximumRoundsPerFlush = 16
    /// How many nodes the graph holds (every view that has an identity: user views, primitives
    /// and containers; structural views like `ForEach` and modifiers have none).
    public internal(set) var nodeCount = 0
    /// A deterministic cost charged to each body evaluation (nil: bodies cost what they cost).
    public var simulatedBodyCost: SimulatedBodyCost?

    let scheduler: UpdateScheduler
    let host: ViewNode
    // NB: the bookkeeping the extensions in ViewGraph+Evaluation and ViewGraph+Reconciliation
    // update is internal, not private (Swift hides private members from other files).
    var nextNodeID = 1
    /// How many view values reconciliation has built so far (see `SimulatedBodyCost`).
    var builtViewValues = 0
    /// How many of them lay in leaf content rebuilt with unchanged data (see `BodyContent`).
    var extractableViewValues = 0
    private(set) var pass = 0
    private(set) var transaction: UInt64 = 0
    private(set) var passDirty: [Int: DirtyMark] = [:]
    var tokenNodes: [Int: ViewNode] = [:]
    var typeInfo: [ObjectIdentifier: ViewTypeInfo] = [:]
    private var afterUpdate: [(owner: ViewNode, handler: String?, action: () -> Void)] = []
    let observedObjects = ObservedObjectRegistry()
    var driverTargets: [String: ViewNode] = [:]
    var environmentState = GraphEnvironment()

    /// An empty graph recording to `recorder`; nil: to the recording scope it is made in
    /// (`RecordingScope.recorder`), else not recording.
    public init(recorder: TraceRecorder? = nil, defaultViewport: Range<Int> = 0..<10) {
        self.scheduler = UpdateScheduler(recorder: recorder ?? RecordingScope.recorder)
        self.defaultViewport = defaultViewport
        host = ViewNode(
            id: 0, parent: nil, identity: ChildIdentity(position: 0, type: ObjectIdentifier(ViewGraph.self)),
            segment: "", view: EmptyView(), modifiers: [], hasBody: false, recorder: nil)
    }

    /// Mounts `root` (or updates the mounted root to this value, as a new root view) and
    /// evaluates everything it needs, then flushes what handlers wrote.
    public func mount<Root: View>(_ root: Root) {
        update { work in
            _ = reconcileChildren(of: host, content: root, into: &work)
            return 0
        }
        flush()
    }

    /// Removes every view: each user view gets `unmount`, subscriptions end, `onDisappear` runs.
    public func unmountAll() {
        update { work in
            for node in host.children { unmount(node, into: &work) }
            host.children = []
            return 0
        }
    }

    /// One run-loop turn: delivers queued values, evaluates what pending writes invalidated,
    /// runs `onChange`/`onAppear` handlers, and repeats while those wrote state (bounded by
    /// `maximumRoundsPerFlush`, past which the frame is abandoned with a `warning`, as SwiftUI
    /// does). Every write before it ends in one of its transactions, also a write that invalidated
    /// nothing: the next write opens a new one. Writes other threads make while it runs wait for
    /// the next flush, as they wait for the next run-loop turn in SwiftUI: only work the graph's
    /// own thread made (handlers, bodies) runs another round and counts towards the limit.
    public func flush() {
        var rounds = 0
        while scheduler.hasPendingWork {
            guard rounds < maximumRoundsPerFlush else { return scheduler.abandonRunawayUpdates() }
            update { _ in 0 }
            rounds += 1
            guard scheduler.graphThreadMadeWork else { return }
        }
    }

    /// Whether writes or published values wait for a flush.
    public var hasPendingUpdates: Bool { scheduler.hasPendingWork }

    // MARK: Update cycle

    /// Runs one transaction: deliveries, `reconcile` (a new root or viewport), dirty nodes by depth;
    /// `reconcile` returns the `seq` of what caused the work it found (0: nothing recorded, a new root).
    func update(_ reconcile: (inout [PendingChild]) -> UInt64) {
        deliverPendingValues()
        let (tx, dirty) = scheduler.beginUpdate(on: UInt32(ThreadID.current))
        transaction = tx
        pass += 1
        passDirty = dirty
        var work: [PendingChild] = []
        let cause = reconcile(&work)
        recordEnvironmentWrites(cause: 0)
        run(work, cause: cause)
        let dirtyNodes = dirty.keys.compactMap { tokenNodes[$0] }.sorted { ($0.depth, $0.id) < ($1.depth, $1.id) }
        for node in dirtyNodes where node.isMounted && node.evaluatedPass != pass {
            let mark = dirty[node.id]!
            run([evaluation(of: node, marked: mark)], cause: mark.cause)
        }
        passDirty = [:]
        scheduler.endUpdate()
        runAfterUpdateActions()
    }

    private func deliverPendingValues() {
        for delivery in scheduler.takeDeliveries() where delivery.node.isMounted {
            scheduler.runHandler(cause: delivery.cause, named: UpdateScheduler.receiveHandler, delivery.deliver)
        }
    }

    private func runAfterUpdateActions() {
        let actions = afterUpdate
        afterUpdate.removeAll()
        for (owner, handler, action) in actions {
            scheduler.runHandler(cause: owner.lastEvaluation, named: handler, action)
        }
    }

    /// Runs `action` (the handler called `handler`) after the current update.
    func enqueueAfterUpdate(node: ViewNode, handler: String? = nil, _ action: @escaping () -> Void) {
        afterUpdate.append((bodyOwner(of: node) ?? node, handler, action))
    }

    /// The nearest view with a body at or above `node` (nil at the top of a tree of primitives):
    /// the view whose evaluation produced it.
    func bodyOwner(of node: ViewNode) -> ViewNode? {
        var current: ViewNode? = node
        while let candidate = current, !candidate.hasBody { current = candidate.parent }
        return current
    }
}

/// What the graph needs to know about a view type, computed once per type.
struct ViewTypeInfo {
    /// The path segment: the type name without generic arguments.
    let segment: String
    /// Whether the type has a body of its own (user views).
    let hasBody: Bool
    /// Whether values of the type hold dynamic properties (nil until first installed).
    var hasDynamicProperties: Bool?
    /// The `@Observable` model types values of the type hold (nil until first tracked).
    var observableModels: [String]?

    init(_ view: any View) {
        if let primitive = view as? any PrimitiveView {
            segment = type(of: primitive).segmentName
            hasBody = false
        } else if let named = view as? any SegmentNamed {
            segment = type(of: named).segmentName
            hasBody = true
        } else {
            let name = String(describing: type(of: view))
            segment = String(name.prefix { $0 != "<" })
            hasBody = Self.bodyType(of: view) != Never.self
        }
    }

    private static func bodyType<V: View>(of view: V) -> Any.Type { V.Body.self }
}
