// Stand-in for Apple's Combine, for compiling and testing TracerSwiftUI on Linux only: the
// declarations the adapter and its example use, with the documented signatures, implemented
// minimally (no demand, no schedulers, no completion). It makes no claim about Combine's behaviour.

/// Declares that a type can transmit a sequence of values over time.
///
/// https://developer.apple.com/documentation/combine/publisher — sure: not isolated, no `Sendable`
/// requirement.
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error

    /// Attaches the specified subscriber to this publisher.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

/// A protocol that declares a type that can receive input from a publisher.
///
/// https://developer.apple.com/documentation/combine/subscriber
///
/// NB: simplified: no subscription handshake, no completion.
public protocol Subscriber<Input, Failure> {
    associatedtype Input
    associatedtype Failure: Error

    /// Tells the subscriber that the publisher has produced an element.
    func receive(_ input: Input) -> Subscribers.Demand
}

/// A namespace for types that serve as subscribers.
///
/// https://developer.apple.com/documentation/combine/subscribers
public enum Subscribers {
    /// A requested number of items (always unlimited here).
    public struct Demand: Sendable, Equatable {
        public static let unlimited = Demand()
        public static let none = Demand()
    }

    /// A simple subscriber that requests an unlimited number of values upon subscription.
    public final class Sink<Input, Failure: Error>: Subscriber {
        private let receiveValue: (Input) -> Void

        public init(receiveValue: @escaping (Input) -> Void) { self.receiveValue = receiveValue }

        public func receive(_ input: Input) -> Subscribers.Demand {
            receiveValue(input)
            return .unlimited
        }
    }
}

/// A type-erasing cancellable object that executes a provided closure when canceled.
///
/// https://developer.apple.com/documentation/combine/anycancellable
public final class AnyCancellable: Hashable {
    private let cancelAction: () -> Void

    public init(_ cancel: @escaping () -> Void) { cancelAction = cancel }

    /// Cancel the activity.
    public func cancel() { cancelAction() }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Publisher where Failure == Never {
    /// Attaches a subscriber with closure-based behavior to a publisher that never fails.
///
/// https://developer.apple.com/documentation/combine/publisher/sink(receivevalue:) — sure: a plain
/// escaping closure.
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        receive(subscriber: Subscribers.Sink<Output, Never>(receiveValue: receiveValue))
        return AnyCancellable {}
    }
}
