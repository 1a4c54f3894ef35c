/// `.task(id:_:)`: starts an asynchronous task after the update in which the view appears,
/// cancels it and starts a new one when `id` changes, and cancels it when the view disappears.
struct TaskModifier<ID: Equatable>: NodeModifier {
    let id: ID
    let action: @Sendable () async -> Void

    /// The running task and the id it was started for.
    final class State: CancelledOnUnmount {
        var id: ID
        var task: Task<Void, Never>?

        init(id: ID) { self.id = id }

        func restart(_ action: @escaping @Sendable () async -> Void) {
            task?.cancel()
            task = Task { await action() }
        }

        func cancel() { task?.cancel() }
    }

    func update(_ context: inout ModifierContext) {
        let action = self.action
        if let state = context.state as? State {
            guard state.id != id else { return }
            state.id = id
            context.afterUpdate(handler: "task(id:)") { state.restart(action) }
        } else {
            let state = State(id: id)
            context.state = state
            context.afterUpdate(handler: "task(id:)") { state.restart(action) }
        }
    }
}

/// Modifier state whose work ends when its node unmounts.
protocol CancelledOnUnmount: AnyObject {
    /// Ends the work.
    func cancel()
}

extension View {
    /// Runs `action` in a task when the view appears; when `id` changes the running task is
    /// cancelled and a new one started; when the view disappears the task is cancelled.
    public func task<ID: Equatable>(id: ID, _ action: @escaping @Sendable () async -> Void) -> some View {
        modifier(TaskModifier(id: id, action: action))
    }
}
