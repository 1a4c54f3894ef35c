import Observation

/// Evaluation: the pending work of a transaction, run depth-first, and what an evaluation reads
/// (its tracked observations and its dynamic properties).
extension ViewGraph {
    /// What an evaluation found about a child, turned into events once the parent's
    /// `body-eval` (their cause) is recorded.
    enum PendingChild {
        /// `inputs`: the interned list of the properties that differ (`inputs-changed`), or `.none`;
        /// `causes`: the interned list of every invalidation's `seq` when several, or `.none`.
        case evaluate(ViewNode, EvalReason, cause: UInt64?, inputs: Symbol = .none, causes: Symbol = .none)
        case skip(ViewNode)
        case mount(ViewNode, EvalReason)
        case unmount(ViewNode)
        /// A value the view declares from the environment changed (by `write`, when known).
        case environmentChanged(ViewNode, EnvironmentWrite?)
    }

    /// The evaluation dirty `node` is due: for `mark`'s reason, caused by its first invalidation,
    /// with all of them as `causes` when several events invalidated it.
    func evaluation(of node: ViewNode, marked mark: DirtyMark) -> PendingChild {
        let causes = mark.later.isEmpty ? Symbol.none : recorder?.intern(causes: mark.causes) ?? .none
        return .evaluate(node, mark.reason, cause: mark.cause, causes: causes)
    }

    /// Processes pending children depth-first with an explicit stack (trees may be deep).
    func run(_ initial: [PendingChild], cause: UInt64) {
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
            case .evaluate(let node, let reason, let own, let inputs, let causes):
                evaluate(node, reason: reason, cause: own ?? cause, inputs: inputs, causes: causes, stack: &stack)
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
    private func evaluate(
        _ node: ViewNode, reason: EvalReason, cause: UInt64, inputs: Symbol = .none, causes: Symbol = .none,
        stack: inout [(PendingChild, UInt64)]
    ) {
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
                changedChildren: changed, content: content, inputs: inputs, causes: causes))
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
        let holder = models.isEmpty || recorder == nil ? nil : node.holdingModels()
        // NB: the closure keeps the node's holder weakly: a model's registrar keeps the closure, and
        // the view value the holder keeps holds the model.
        return withObservationTracking({ BodyReads.attributing(to: token, work) }) { [weak holder] in
            guard token.observationGeneration.load(ordering: .relaxed) == generation else { return }
            token.scheduler.noteObservedChange(token, models: models, heldBy: holder?.withLock { $0 })
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
}
