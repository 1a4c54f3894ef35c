/// Reconciliation: matching the children a body or a container produces with the current ones,
/// updating, making and removing their nodes.
extension ViewGraph {
    /// Matches the children `content` produces with `parent`'s current children by identity;
    /// returns how many children or attributes differ from the previous output.
    func reconcileChildren(of parent: ViewNode, content: any View, into pending: inout [PendingChild]) -> Int {
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
                pending.append(evaluation(of: node, marked: mark))
            } else if environment.readerChanged {
                pending.append(.environmentChanged(node, environment.cause))
            } else {
                pending.append(same ? .skip(node) : .evaluate(node, .inputsChanged, cause: nil, inputs: inputs(differingIn: spec, from: previous)))
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

    /// The interned list of `spec`'s view's properties that differ from `previous` (`.none` when
    /// none can be named, or without a recorder).
    private func inputs(differingIn spec: ChildSpec, from previous: any View) -> Symbol {
        guard let recorder else { return .none }
        let names = ValueComparison.differingInputs(spec.view, previous, byEquality: spec.comparedByEquality)
        return names.isEmpty ? .none : recorder.intern(list: names)
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
    func unmount(_ node: ViewNode, into pending: inout [PendingChild]) {
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

    // MARK: Type information

    private func typeInfo(of view: any View) -> ViewTypeInfo {
        let type = ObjectIdentifier(Swift.type(of: view))
        if let info = typeInfo[type] { return info }
        let info = ViewTypeInfo(view)
        typeInfo[type] = info
        return info
    }
}
