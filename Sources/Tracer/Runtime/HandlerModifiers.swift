/// What a modifier sees when its node gets a new value.
struct ModifierContext {
    unowned let node: ViewNode
    unowned let graph: ViewGraph
    /// The modifier's index among the node's modifiers: its state slot.
    let index: Int

    /// The modifier's state from earlier values of the node.
    var state: AnyObject? {
        get { index < node.modifierStates.count ? node.modifierStates[index] : nil }
        nonmutating set {
            while node.modifierStates.count <= index { node.modifierStates.append(nil) }
            node.modifierStates[index] = newValue
        }
    }

    /// Runs `action` (the handler called `handler`) after the current update, as SwiftUI runs
    /// `onChange`/`onAppear`.
    func afterUpdate(handler: String? = nil, _ action: @escaping () -> Void) {
        graph.enqueueAfterUpdate(node: node, handler: handler, action)
    }
}

/// `.onReceive`: runs the handler with each value the publisher sends, when it sends it (see
/// `UpdateScheduler.deliver`).
struct ReceiveModifier<Output>: NodeModifier {
    let publisher: ValuePublisher<Output>
    let action: (Output) -> Void

    /// NB: `@unchecked Sendable`: the publisher's thread only hands it to the scheduler, which
    /// calls `action` on the graph's thread alone.
    final class State: @unchecked Sendable {
        let publisher: ObjectIdentifier
        var subscription: ValueSubscription?
        /// The latest value's handler: the node's latest evaluation made it.
        var action: (Output) -> Void

        init(publisher: ObjectIdentifier, action: @escaping (Output) -> Void) {
            self.publisher = publisher
            self.action = action
        }
    }

    func update(_ context: inout ModifierContext) {
        if let state = context.state as? State, state.publisher == ObjectIdentifier(publisher) {
            state.action = action
            return
        }
        let token = context.graph.token(for: context.node)
        let state = State(publisher: ObjectIdentifier(publisher), action: action)
        // NB: weakly: the node owns the state, and the subscription ends with it.
        state.subscription = publisher.subscribe { [weak state] value, cause in
            guard let state else { return }
            token.scheduler.deliver(PendingDelivery(node: token, cause: cause) { state.action(value) })
        }
        context.state = state
    }
}

/// `.onChange(of:)`: runs the handler after an update in which the value changed.
struct ChangeModifier<Value: Equatable>: NodeModifier {
    let value: Value
    let initial: Bool
    let action: (Value, Value) -> Void

    final class State {
        var value: Value
        init(value: Value) { self.value = value }
    }

    func update(_ context: inout ModifierContext) {
        let action = self.action
        let value = self.value
        guard let state = context.state as? State else {
            context.state = State(value: value)
            if initial { context.afterUpdate(handler: Self.handlerName) { action(value, value) } }
            return
        }
        guard state.value != value else { return }
        let old = state.value
        state.value = value
        context.afterUpdate(handler: Self.handlerName) { action(old, value) }
    }

    /// The handler's name in SwiftUI's warnings: `onChange(of: Int)`.
    static var handlerName: String { "onChange(of: \(Value.self))" }
}

/// `.onAppear`, `.task` and `.onDisappear`: run once when the node mounts or unmounts.
struct LifecycleModifier: NodeModifier {
    enum Moment { case appear, disappear }

    let moment: Moment
    let action: () -> Void

    final class Appeared {}

    func update(_ context: inout ModifierContext) {
        guard moment == .appear, context.state == nil else { return }
        context.state = Appeared()
        context.afterUpdate(handler: "onAppear(perform:)", action)
    }
}
