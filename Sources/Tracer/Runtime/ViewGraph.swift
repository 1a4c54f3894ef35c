import Foundation
import Observation

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
    public private(set) var nodeCount = 0
    /// A deterministic cost charged to each body evaluation (nil: bodies cost what they cost).
    public var simulatedBodyCost: SimulatedBodyCost?

    let scheduler: UpdateScheduler
    let host: ViewNode
    private var nextNodeID = 1
    /// How many view values reconciliation has built so far (see `SimulatedBodyCost`).
    private var builtViewValues = 0
    /// How many of them lay in leaf content rebuilt with unchanged data (see `BodyContent`).
    private var extractableViewValues = 0
    private(set) var pass = 0
    private(set) var transaction: UInt64 = 0
    private(set) var passDirty: [Int: DirtyMark] = [:]
    private var tokenNodes: [Int: ViewNode] = [:]
    private var typeInfo: [ObjectIdentifier: ViewTypeInfo] = [:]
    private var afterUpdate: [(owner: ViewNode, handler: String?, action: () -> Void)] = []
    private let observedObjects = ObservedObjectRegistry()
    var driverTargets: [String: ViewNode] = [:]
    var environmentState = GraphEnvironment()

    /// An empty graph recording to `recorder` (nil: not recording).
    public init(recorder: TraceRecorder? = nil, defaultViewport: Range<Int> = 0..<10) {
        self.scheduler = UpdateScheduler(recorder: recorder)
        self.defaultViewport = defaultViewport
        host = ViewNode(
            id: 0, parent: nil, identity: ChildIdentity(position: 0, type: ObjectIdentifier(ViewGraph.self)),
            segment: "", view: EmptyView(), modifiers: [], hasBody: false, recorder: nil)
    }

    /// Mounts `root` (or updates the mounted root to this value, as a new root view) and
    /// evaluates everything it needs, then flushes what handlers wrote.
    public func mount<Root: View>(_ root: Root) {
        update { work in _ = reconcileChildren(of: host, content: root, into: &work) }
        flush()
    }

    /// Removes every view: each user view gets `unmount`, subscriptions end, `onDisappear` runs.
    public func unmountAll() {
        update { work in
            for node in host.children { unmount(node, into: &work) }
            host.children = []
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
            update { _ in }
            rounds += 1
            guard scheduler.graphThreadMadeWork else { return }
        }
    }

    /// Whether writes or published values wait for a flush.
    public var hasPendingUpdates: Bool { scheduler.hasPendingWork }

    // MARK: Update cycle

    /// Runs one transaction: deliveries, `reconcile` (a new root or viewport), dirty nodes by depth.
    func update(_ reconcile: (inout [PendingChild]) -> Void) {
        deliverPendingValues()
        let (tx, dirty) = scheduler.beginUpdate(on: UInt32(ThreadID.current))
        transaction = tx
        pass += 1
        passDirty = dirty
        var work: [PendingChild] = []
        reconcile(&work)
        recordEnvironmentWrites(cause: 0)
        run(work, cause: 0)
        let dirtyNodes = dirty.keys.compactMap { tokenNodes[$0] }.sorted { ($0.depth, $0.id) < ($1.depth, $1.id) }
        for node in dirtyNodes where node.isMounted && node.evaluatedPass != pass {
            let mark = dirty[node.id]!
            run([.evaluate(node, mark.reason, cause: mark.cause)], cause: mark.cause)
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

    /// What an evaluation found about a child, turned into events once the parent's
    /// `body-eval` (their cause) is recorded.
    enum PendingChild {
        case evaluate(ViewNode, EvalReason, cause: UInt64?)
        case skip(ViewNode)
        case mount(ViewNode, EvalReason)
        case unmount(ViewNode)
        /// A value the view declares from the environment changed (by `write`, when known).
        case environmentChanged(ViewNode, EnvironmentWrite?)
    }

    /// Processes pending children depth-first with an explicit stack (trees may be deep).
    private func run(_ initial: [PendingChild], cause: UInt64) {
        var stack: [(PendingChild, UInt64)] = initial.reversed().map { ($0, cause) }
        while let (item, cause) = stack.popLast() {
            switch item {
            case .skip(let node):
                recorder?.record(.about(.skip, view: node.symbol, cause: cause, tx: transaction, reason: .inputsEqual))
            case .unmount(let node):
                recorder?.record(.about(.unmount, view: node.symbol, cause: cause, tx: transaction))
            case .mount(let node, let reason):
                let mount = recorder?.record(.about(.mount, view: node.symbol, cause: cause, tx: transaction)) ?? 0
                evaluate(node, reason: reason, cause: mount, stack: &stack)
            case .evaluate(let node, let reason, let own):
                evaluate(node, reason: reason, cause: own ?? cause, stack: &stack)
            case .environmentChanged(let node, let write):
                guard let invalidation = invalidateForEnvironment(node, write: write, cause: cause) else { continue }
                evaluate(node, reason: .environment, cause: invalidation, stack: &stack)
            }
        }
    }

    /// Runs a user view's body and reconciles its output; children go on `stack`.
    ///
    /// NB: the `body-eval` event carries `changed`, so it is recorded once the output has been
    /// compared with the previous one. `dur` covers the body and that comparison, with the content
    /// closures it runs (`ForEach` rows), not the children's evaluations: the evaluation started
    /// at `ts − dur`.
    private func evaluate(_ node: ViewNode, reason: EvalReason, cause: UInt64, stack: inout [(PendingChild, UInt64)]) {
        guard node.isMounted, node.evaluatedPass != pass else { return }
        node.evaluatedPass = pass
        installProperties(of: node, cause: cause)
        var children: [PendingChild] = []
        let start = recorder?.now() ?? 0
        let builtBefore = builtViewValues
        let extractableBefore = extractableViewValues
        let changed = tracking(node, renewing: true) {
            reconcileChildren(of: node, content: node.view.body, into: &children)
        }
        let content = BodyContent(built: builtViewValues - builtBefore, extractable: extractableViewValues - extractableBefore)
        simulatedBodyCost?.charge(viewValues: content.built)
        let seq = recorder.map { recorder in
            recorder.record(.bodyEval(
                view: node.symbol, cause: cause, tx: transaction, reason: reason, duration: recorder.now() &- start,
                changedChildren: changed, content: content))
        } ?? 0
        node.lastEvaluation = seq
        recordEnvironmentWrites(cause: seq)
        for child in children.reversed() { stack.append((child, seq)) }
    }

    /// Runs `work` with the `@Observable` properties and state values it reads tracked for `node`:
    /// a change to one of them invalidates the node, once.
    ///
    /// A body evaluation (`renewing`) tracks afresh: the node's earlier trackings go stale. Content
    /// built later outside the body (a lazy stack's rows for a new viewport) joins the current
    /// tracking, since in SwiftUI such reads invalidate the view whose update evaluated them.
    func tracking<Result>(_ node: ViewNode, renewing: Bool, _ work: () -> Result) -> Result {
        let token = token(for: node)
        let generation = renewing
            ? token.observationGeneration.add(1, ordering: .relaxed).newValue
            : token.observationGeneration.load(ordering: .relaxed)
        let models = observableModels(of: node.view)
        return withObservationTracking({ BodyReads.attributing(to: token, work) }) {
            guard token.observationGeneration.load(ordering: .relaxed) == generation else { return }
            token.scheduler.noteObservedChange(token, models: models)
        }
    }

    /// The names of the `@Observable` model types `view` holds (see `ObservableModels`), computed
    /// once per view type: what an `@Observable` write its evaluation observed is named by.
    private func observableModels(of view: any View) -> [String] {
        let type = ObjectIdentifier(Swift.type(of: view))
        if let models = typeInfo[type]?.observableModels { return models }
        let models = ObservableModels.names(heldBy: view)
        typeInfo[type]?.observableModels = models
        return models
    }

    // MARK: Reconciliation

    /// Matches the children `content` produces with `parent`'s current children by identity;
    /// returns how many children or attributes differ from the previous output.
    private func reconcileChildren(of parent: ViewNode, content: any View, into pending: inout [PendingChild]) -> Int {
        let lazy = (parent.view as? any PrimitiveView)?.isLazy ?? false
        let window = lazy ? materialisedRows(of: parent) : nil
        if lazy { parent.materialisedRows = window }
        var list = ChildList(window: window)
        list.add(content, at: 0)
        let specs = list.specs
        builtViewValues += list.viewValues

        var previous: [ChildIdentity: ViewNode] = [:]
        previous.reserveCapacity(parent.children.count)
        var removed: [ViewNode] = []
        for child in parent.children {
            if previous.updateValue(child, forKey: child.identity) != nil { removed.append(child) }
        }
        var matched: [ViewNode?] = specs.map { previous.removeValue(forKey: $0.identity) }
        // NB: in the children's order, not the dictionary's, so that unmounts are recorded reproducibly.
        removed.append(contentsOf: parent.children.filter { previous[$0.identity] === $0 })
        let replaced = Set(removed.lazy.filter { $0.identity.explicitID != nil }.map(\.identity.structural))

        var changed = removed.count
        for node in removed { unmount(node, into: &pending) }
        var siblings: [String: Int] = [:]
        var children: [ViewNode] = []
        children.reserveCapacity(specs.count)
        var leaf = LeafContent()
        for (index, spec) in specs.enumerated() {
            let info = typeInfo(of: spec.view)
            var ordinal = 1
            if spec.identity.explicitID == nil {
                ordinal = siblings[info.segment, default: 0] + 1
                siblings[info.segment] = ordinal
            }
            if !spec.isDecoration {
                extractableViewValues += leaf.extractableViewValues
                leaf = LeafContent(spec, info: info)
            }
            var specChanges = 1
            var sameOwnData = false
            if let node = matched[index] {
                (specChanges, sameOwnData) = update(node, to: spec, info: info, into: &pending)
                children.append(node)
            } else {
                let segment = Self.segment(info.segment, ordinal: ordinal, explicitID: spec.identity.explicitID)
                let reason: EvalReason = replaced.contains(spec.identity.structural) ? .identity : .initial
                children.append(makeNode(parent: parent, spec: spec, info: info, segment: segment, reason: reason, into: &pending))
            }
            leaf.add(spec, changes: specChanges, sameOwnData: sameOwnData)
            changed += specChanges
            matched[index] = nil
        }
        extractableViewValues += leaf.extractableViewValues
        parent.children = children
        return changed
    }

    /// A leaf child (a primitive without children, not a user view) with its decorations, as one
    /// reconciliation met it: what extracting it into a view of its own would stop rebuilding.
    ///
    /// NB: a leaf whose own data is unchanged but whose output changed (a decoration's colour
    /// picked afresh, a modifier computed anew) is rebuilt only because its parent's body ran:
    /// extracted, it would be skipped while its data is unchanged (seed 003's `Counter`).
    private struct LeafContent {
        private var isLeaf = false
        private var isCandidate = false
        private var viewValues = 0
        private var outputChanged = false

        init() {}

        /// The child `spec` begins: a leaf when it is a primitive without children.
        init(_ spec: ChildSpec, info: ViewTypeInfo) {
            isLeaf = !info.hasBody && (spec.view as? any PrimitiveView)?.childContent == nil
        }

        /// Adds the child itself (first) or one of its decorations, which made `changes`
        /// differences; `sameOwnData`: the child's own attributes equal its previous value's (false
        /// for a new node).
        mutating func add(_ spec: ChildSpec, changes: Int, sameOwnData: Bool) {
            if !spec.isDecoration { isCandidate = isLeaf && sameOwnData }
            viewValues += spec.viewValues
            outputChanged = outputChanged || changes > 0
        }

        /// The values an extracted leaf would not rebuild: all but the extracted view's own.
        var extractableViewValues: Int { isCandidate && outputChanged ? viewValues - 1 : 0 }
    }

    /// Gives an existing node its new value; returns the differences it counts for its parent, and
    /// whether the view itself (a user view's inputs, a primitive's attributes) equals its previous value.
    private func update(
        _ node: ViewNode, to spec: ChildSpec, info: ViewTypeInfo, into pending: inout [PendingChild]
    ) -> (changes: Int, sameOwnData: Bool) {
        var changed = Self.attributeDifferences(spec.modifiers, node.modifiers)
        let environment = refreshEnvironment(of: node, under: node.parent ?? host, modifiers: spec.modifiers, previous: node.modifiers)
        let previous = node.view
        node.view = spec.view
        node.modifiers = spec.modifiers
        let same: Bool
        if info.hasBody {
            same = ValueComparison.sameView(spec.view, previous, byEquality: spec.comparedByEquality)
            if !same { changed += 1 }
            if let mark = passDirty[node.id] {
                pending.append(.evaluate(node, mark.reason, cause: mark.cause))
            } else if environment.readerChanged {
                pending.append(.environmentChanged(node, environment.cause))
            } else {
                pending.append(same ? .skip(node) : .evaluate(node, .inputsChanged, cause: nil))
                if same, environment.changed { propagateEnvironment(below: node, into: &pending) }
            }
        } else {
            same = (spec.view as? any PrimitiveView)?.hasSameAttributes(as: previous) ?? true
            if !same { changed += 1 }
            changed += reconcileContent(of: node, into: &pending)
        }
        updateModifiers(of: node)
        return (changed, same)
    }

    private func makeNode(
        parent: ViewNode, spec: ChildSpec, info: ViewTypeInfo, segment: String, reason: EvalReason,
        into pending: inout [PendingChild]
    ) -> ViewNode {
        let node = ViewNode(
            id: nextNodeID, parent: parent === host ? nil : parent, identity: spec.identity, segment: segment,
            view: spec.view, modifiers: spec.modifiers, hasBody: info.hasBody, recorder: recorder)
        nextNodeID += 1
        nodeCount += 1
        _ = refreshEnvironment(of: node, under: parent, modifiers: spec.modifiers, previous: nil)
        if node.hasBody {
            _ = token(for: node)
            pending.append(.mount(node, reason))
        } else {
            _ = reconcileContent(of: node, into: &pending)
        }
        updateModifiers(of: node)
        return node
    }

    /// Reconciles a primitive container's content (nothing for leaves).
    func reconcileContent(of node: ViewNode, into pending: inout [PendingChild]) -> Int {
        guard let content = (node.view as? any PrimitiveView)?.childContent else { return 0 }
        return reconcileChildren(of: node, content: content, into: &pending)
    }

    /// Removes `node` and its subtree: state and subscriptions die, user views get `unmount`.
    private func unmount(_ node: ViewNode, into pending: inout [PendingChild]) {
        var stack = [node]
        while let current = stack.popLast() {
            current.isMounted = false
            current.tokenIfCreated?.mounted.store(false, ordering: .relaxed)
            tokenNodes[current.id] = nil
            nodeCount -= 1
            if current.hasBody { pending.append(.unmount(current)) }
            for case let modifier as LifecycleModifier in current.modifiers where modifier.moment == .disappear {
                enqueueAfterUpdate(node: current, handler: "onDisappear(perform:)", modifier.action)
            }
            for case let state as CancelledOnUnmount in current.modifierStates { state.cancel() }
            stack.append(contentsOf: current.children)
        }
    }

    private func updateModifiers(of node: ViewNode) {
        for index in node.modifiers.indices {
            var context = ModifierContext(node: node, graph: self, index: index)
            node.modifiers[index].update(&context)
        }
    }

    /// How many output attributes differ between two modifier lists (handlers do not count).
    private static func attributeDifferences(_ new: [any NodeModifier], _ old: [any NodeModifier]) -> Int {
        var differences = 0
        for index in 0..<max(new.count, old.count) {
            if index < new.count, index < old.count {
                if new[index].isSameAttribute(as: old[index]) == false { differences += 1 }
            } else if (index < new.count ? new[index] : old[index]).isAttribute {
                differences += 1
            }
        }
        return differences
    }

    /// A path segment: `Row`, `Row#2` for the second sibling of that type, `Row[42]` for id 42.
    private static func segment(_ name: String, ordinal: Int, explicitID: AnyHashable?) -> String {
        if let explicitID { return "\(name)[\(explicitID.base)]" }
        return ordinal == 1 ? name : "\(name)#\(ordinal)"
    }

    // MARK: Dynamic properties

    /// Links the view's wrappers to the node's storage, before its body runs (SwiftUI's
    /// DynamicProperty install); the property name comes from the field label.
    private func installProperties(of node: ViewNode, cause: UInt64) {
        let type = ObjectIdentifier(Swift.type(of: node.view))
        guard typeInfo[type]?.hasDynamicProperties != false else { return }
        var installer = PropertyInstaller(
            node: node, scheduler: scheduler, objects: observedObjects, cause: cause, transaction: transaction)
        let found = Self.install(in: node.view, with: &installer)
        typeInfo[type]?.hasDynamicProperties = found
    }

    private static func install(in value: Any, with installer: inout PropertyInstaller) -> Bool {
        var found = false
        for child in Mirror(reflecting: value).children {
            if let property = child.value as? any InstallableProperty {
                let label = child.label ?? ""
                installer.name = label.hasPrefix("_") ? String(label.dropFirst()) : label
                property.install(&installer)
                installer.slot += 1
                found = true
            } else if child.value is any DynamicProperty {
                _ = install(in: child.value, with: &installer)
                found = true
            }
        }
        return found
    }

    func token(for node: ViewNode) -> NodeToken {
        tokenNodes[node.id] = node
        return node.token(scheduler: scheduler)
    }

    // MARK: Type information

    private func typeInfo(of view: any View) -> ViewTypeInfo {
        let type = ObjectIdentifier(Swift.type(of: view))
        if let info = typeInfo[type] { return info }
        let info = ViewTypeInfo(view)
        typeInfo[type] = info
        return info
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
