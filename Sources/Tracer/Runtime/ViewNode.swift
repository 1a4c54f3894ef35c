/// One view identity in the graph: the latest value of the view, its state, its children.
///
/// Nodes live on the graph's thread; other threads reach a node only through its `NodeToken`.
final class ViewNode {
    let id: Int
    /// Distance from the root (the root is 0): dirty nodes are evaluated in depth order.
    let depth: Int
    unowned(unsafe) let parent: ViewNode?
    let identity: ChildIdentity
    /// The path from the root, `/`-separated.
    let path: String
    /// The interned path (`Symbol.none` when not recording).
    let symbol: Symbol
    /// Whether the view has a body of its own (a user view): only those get body-eval events.
    let hasBody: Bool

    var view: any View
    var modifiers: [any NodeModifier]
    var modifierStates: [AnyObject?] = []
    var children: [ViewNode] = []
    /// Storage of the view's dynamic properties, one slot per property in declaration order.
    var properties: [AnyObject?] = []
    /// Subscriptions to observable objects, by property slot.
    var observations: [Int: ObjectObservation] = [:]
    /// The rows a lazy container materialises.
    var viewport: Range<Int>?
    /// The environment values the node's view gets.
    var environment = EnvironmentValues()
    /// The rows a lazy container built last (visible rows and the cache margin's).
    var materialisedRows: Range<Int>?
    var isMounted = true
    /// The flush pass in which the node last evaluated (a node evaluates once per pass).
    var evaluatedPass = 0
    /// The `seq` of the node's latest body evaluation: the cause of what it led to.
    var lastEvaluation: UInt64 = 0
    private(set) var tokenIfCreated: NodeToken?
    /// The view value of the node's latest tracking, whose `@Observable` models name the properties
    /// a change it observed wrote (see `ViewGraph.tracking`); made for a view holding models.
    private(set) var modelHolder: LockedBox<Any?>?

    init(
        id: Int, parent: ViewNode?, identity: ChildIdentity, segment: String, view: any View,
        modifiers: [any NodeModifier], hasBody: Bool, recorder: TraceRecorder?
    ) {
        self.id = id
        self.parent = parent
        self.depth = (parent?.depth ?? -2) + 1
        self.identity = identity
        let parentPath = parent?.path ?? ""
        self.path = parentPath.isEmpty ? segment : parentPath + "/" + segment
        self.hasBody = hasBody
        self.symbol = hasBody ? recorder?.intern(path) ?? .none : .none
        self.view = view
        self.modifiers = modifiers
    }

    /// The node's model holder, now holding its current view value.
    func holdingModels() -> LockedBox<Any?> {
        let holder = modelHolder ?? LockedBox<Any?>(nil)
        modelHolder = holder
        let value: Any = view
        holder.withLock { $0 = value }
        return holder
    }

    /// The node's token, created on first use.
    func token(scheduler: UpdateScheduler) -> NodeToken {
        if let tokenIfCreated { return tokenIfCreated }
        let token = NodeToken(id: id, view: symbol, scheduler: scheduler)
        tokenIfCreated = token
        return token
    }
}
