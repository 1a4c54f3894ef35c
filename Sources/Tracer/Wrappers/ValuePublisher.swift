/// A minimal publisher: delivers each value sent to every current subscriber, synchronously.
///
/// `.onReceive` subscribes a node's handler to one (the graph then runs the handler in its next
/// flush, on its own thread); `@ViewStorage` and `@Published` project one.
public final class ValuePublisher<Output>: Sendable {
    typealias Receiver = @Sendable (Output, _ cause: UInt64) -> Void

    private let subscribers = SubscriberList<Receiver>()

    /// A publisher with no subscribers.
    public init() {}

    /// Delivers `value` to every subscriber.
    public func send(_ value: Output) { send(value, cause: 0) }

    /// Calls `receive` with every value sent from now on, until the subscription is cancelled.
    public func sink(_ receive: @escaping @Sendable (Output) -> Void) -> ValueSubscription {
        subscribe { value, _ in receive(value) }
    }

    /// Delivers `value`, led to by the event `cause`. Receivers run after the lock is released.
    func send(_ value: Output, cause: UInt64) {
        let receivers = subscribers.current
        for receiver in receivers { receiver.receive(value, cause) }
    }

    func subscribe(_ receive: @escaping Receiver) -> ValueSubscription { subscribers.subscribe(receive) }
}

/// The receivers subscribed to a publisher, each until its subscription is cancelled.
final class SubscriberList<Receiver: Sendable>: Sendable {
    private struct Entries {
        var nextID = 0
        var receivers: [(id: Int, receive: Receiver)] = []
    }

    private let entries = LockedBox(Entries())

    init() {}

    /// The receivers subscribed now, for the caller to call after the lock is released.
    var current: [(id: Int, receive: Receiver)] { entries.withLock { $0.receivers } }

    /// Adds `receive`; cancelling the subscription removes it.
    func subscribe(_ receive: Receiver) -> ValueSubscription {
        let id = entries.withLock { state -> Int in
            state.nextID += 1
            state.receivers.append((state.nextID, receive))
            return state.nextID
        }
        return ValueSubscription { [weak self] in
            self?.entries.withLock { $0.receivers.removeAll { $0.id == id } }
        }
    }
}

/// A subscription to a `ValuePublisher`; cancelled explicitly or when released.
public final class ValueSubscription: Sendable {
    private let cancellation: LockedBox<(@Sendable () -> Void)?>

    init(cancel: @escaping @Sendable () -> Void) {
        cancellation = LockedBox(cancel)
    }

    /// Stops deliveries. Idempotent.
    public func cancel() {
        let cancel = cancellation.withLock { stored in
            defer { stored = nil }
            return stored
        }
        cancel?()
    }

    deinit { cancel() }
}
