/// The graph's bookkeeping of environment values.
struct GraphEnvironment {
    /// The latest version given to a node's set of values.
    var lastVersion: UInt64 = 0
    /// Writes made by the reconciliation under way, recorded once the evaluation that made them is.
    var unrecorded: [EnvironmentWrite] = []
    /// What the writes of each entry are named by (see `EnvironmentModifier.writeName(in:)`).
    private var writeNames: [AnyHashable: String] = [:]

    /// The name of `setter`'s writes, which it has just applied to `values`: found once per entry.
    mutating func writeName(of setter: any EnvironmentModifier, in values: EnvironmentValues) -> String {
        if let name = writeNames[setter.entry] { return name }
        let name = setter.writeName(in: values)
        writeNames[setter.entry] = name
        return name
    }
}

/// What a node's new environment means for it.
struct EnvironmentUpdate {
    /// Whether the node's values changed (its descendants' may have too).
    var changed = false
    /// Whether a value the node declares (`@Environment`, `@EnvironmentObject`) changed.
    var readerChanged = false
    /// The write that changed it, when a modifier changed it in this transaction.
    var cause: EnvironmentWrite?
}

/// Environment values: each node holds the values its ancestors' modifiers and its own set; a
/// value that changes re-evaluates the views that declare it, and only them.
///
/// NB: values flow down with reconciliation (a parent evaluating hands them to its children);
/// below a child that is skipped, `propagateEnvironment` carries them on. Nodes whose values did
/// not change keep their version, so the walk stops where nothing changed.
extension ViewGraph {
    /// Gives `node` the values of `parent` with its `modifiers` applied. `previous` is the
    /// modifiers the node had (nil for a new node, which has nothing to compare).
    func refreshEnvironment(
        of node: ViewNode, under parent: ViewNode, modifiers: [any NodeModifier], previous: [any NodeModifier]?
    ) -> EnvironmentUpdate {
        // NB: most nodes set nothing and inherit unchanged values: that case copies nothing.
        let setsEnvironment = modifiers.contains(where: \.setsEnvironment)
        guard setsEnvironment || parent.environment.version != node.environment.version else { return EnvironmentUpdate() }
        var values = parent.environment
        if setsEnvironment {
            let setters = modifiers.compactMap { $0 as? any EnvironmentModifier }
            let earlier = previous?.compactMap { $0 as? any EnvironmentModifier }
            let sameSetters = earlier.map { earlier in
                earlier.count == setters.count && zip(setters, earlier).allSatisfy { $0.setsSameValue(as: $1) }
            } ?? false
            if sameSetters, node.environment.baseVersion == values.version, node.environment.version != values.version {
                return EnvironmentUpdate()
            }
            let base = values.version
            for (index, setter) in setters.enumerated() {
                setter.apply(to: &values)
                values.writes[setter.entry] = nil
                guard let earlier, index >= earlier.count || !setter.setsSameValue(as: earlier[index]) else { continue }
                let write = EnvironmentWrite(
                    view: bodyOwner(of: parent)?.symbol ?? node.symbol, name: environmentState.writeName(of: setter, in: values),
                    wrapper: setter.wrapper, transaction: transaction)
                values.writes[setter.entry] = write
                environmentState.unrecorded.append(write)
            }
            environmentState.lastVersion += 1
            values.version = environmentState.lastVersion
            values.baseVersion = base
        }
        guard values.version != node.environment.version else { return EnvironmentUpdate() }
        node.environment = values
        guard previous != nil else { return EnvironmentUpdate() }
        var update = EnvironmentUpdate(changed: true)
        for case let dependency as any EnvironmentDependency in node.properties where dependency.isChanged(in: values) {
            update.readerChanged = true
            if update.cause == nil, let write = values.writes[dependency.entry], write.transaction == transaction {
                update.cause = write
            }
        }
        return update
    }

    /// Carries new values below `node`, a view that is skipped: each descendant whose declared
    /// value changed is invalidated and evaluates (its evaluation carries them further); the walk
    /// stops where values did not change and at views that evaluate anyway (dirty ones).
    func propagateEnvironment(below node: ViewNode, into pending: inout [PendingChild]) {
        var stack = Array(node.children.reversed())
        while let child = stack.popLast() {
            let update = refreshEnvironment(of: child, under: child.parent ?? host, modifiers: child.modifiers, previous: child.modifiers)
            guard update.changed, passDirty[child.id] == nil else { continue }
            if update.readerChanged {
                pending.append(.environmentChanged(child, update.cause))
            } else {
                stack.append(contentsOf: child.children.reversed())
            }
        }
    }

    /// Records the `invalidate` of `node` by an environment change (caused by `write`, else by
    /// `cause`); nil when the node needs no evaluation any more (unmounted, or evaluated in this pass).
    func invalidateForEnvironment(_ node: ViewNode, write: EnvironmentWrite?, cause: UInt64) -> UInt64? {
        guard node.isMounted, node.evaluatedPass != pass else { return nil }
        return recorder?.record(.about(.invalidate, view: node.symbol, cause: write?.seq ?? cause, tx: transaction)) ?? 0
    }

    /// Records the environment writes the latest reconciliation made, led to by `cause` (the
    /// evaluation that made them; 0 for a new root or viewport).
    func recordEnvironmentWrites(cause: UInt64) {
        guard !environmentState.unrecorded.isEmpty else { return }
        defer { environmentState.unrecorded.removeAll(keepingCapacity: true) }
        guard let recorder else { return }
        for write in environmentState.unrecorded {
            var event = TraceEvent.write(
                view: write.view, prop: recorder.intern(write.name), wrapper: write.wrapper, changed: true, site: .none,
                tx: transaction)
            event.cause = cause
            write.seq = recorder.record(event)
        }
    }
}
