import Synchronization

/// A subject that broadcasts elements to downstream subscribers.
///
/// https://developer.apple.com/documentation/combine/passthroughsubject — fairly sure: not
/// declared `Sendable` (Combine predates Swift concurrency).
public final class PassthroughSubject<Output, Failure: Error>: Publisher {
    private var subscribers: [(Output) -> Void] = []

    public init() {}

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscribers.append { _ = subscriber.receive($0) }
    }

    /// Sends a value to the subscriber.
    public func send(_ input: Output) {
        for subscriber in subscribers { subscriber(input) }
    }
}

/// A publisher that publishes changes from observable objects.
///
/// https://developer.apple.com/documentation/combine/observableobjectpublisher
public final class ObservableObjectPublisher: Publisher {
    public typealias Output = Void
    public typealias Failure = Never

    private let subject = PassthroughSubject<Void, Never>()

    public init() {}

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
        subject.receive(subscriber: subscriber)
    }

    /// Sends the changed value to the downstream subscriber.
    public func send() { subject.send(()) }
}

/// A type of object with a publisher that emits before the object has changed.
///
/// https://developer.apple.com/documentation/combine/observableobject — sure: not isolated (a model
/// may publish from any thread).
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
        where ObjectWillChangePublisher.Failure == Never

    /// A publisher that emits before the object has changed.
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// A publisher that emits before the object has changed.
    ///
    /// NB: the stand-in keeps one per object identity in a table and never frees it.
    public var objectWillChange: ObservableObjectPublisher {
        objectPublishers.withLock { table in
            if let publisher = table[ObjectIdentifier(self)] { return publisher.value }
            let publisher = ObservableObjectPublisher()
            table[ObjectIdentifier(self)] = UncheckedBox(value: publisher)
            return publisher
        }
    }
}

private struct UncheckedBox: @unchecked Sendable { let value: ObservableObjectPublisher }

private let objectPublishers = Mutex<[ObjectIdentifier: UncheckedBox]>([:])

/// A type that publishes a property marked with an attribute; a write sends the enclosing
/// object's `objectWillChange`.
///
/// https://developer.apple.com/documentation/combine/published
@propertyWrapper
public struct Published<Value> {
    private var value: Value

    public init(wrappedValue: Value) { value = wrappedValue }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }
    }

    public static subscript<EnclosingSelf: ObservableObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].value }
        set {
            (object.objectWillChange as? ObservableObjectPublisher)?.send()
            object[keyPath: storageKeyPath].value = newValue
        }
    }
}
