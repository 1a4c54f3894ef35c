/// A key for accessing values in the environment.
///
/// https://developer.apple.com/documentation/swiftui/environmentkey — sure: `defaultValue` is
/// not isolated (a key's value must then be `Sendable` for a `static let` in Swift 6).
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Self.Value { get }
}

/// A collection of environment values propagated through a view hierarchy.
///
/// https://developer.apple.com/documentation/swiftui/environmentvalues — sure: a struct, not
/// isolated.
public struct EnvironmentValues {
    private var values: [ObjectIdentifier: Any] = [:]

    public init() {}

    /// Accesses the environment value associated with a custom key.
    ///
    /// https://developer.apple.com/documentation/swiftui/environmentvalues/subscript(_:)-9zku
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}

/// A property wrapper that reads a value from a view's environment.
///
/// https://developer.apple.com/documentation/swiftui/environment — sure: `@frozen
/// @propertyWrapper`, `DynamicProperty`.
///
/// NB: the stand-in has no view graph: it reads the default environment.
@frozen @propertyWrapper
public struct Environment<Value>: DynamicProperty {
    private let keyPath: KeyPath<EnvironmentValues, Value>

    /// Creates an environment property to read the specified key path.
    ///
    /// https://developer.apple.com/documentation/swiftui/environment/init(_:)-8slkf
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

    /// The current value of the environment property.
    ///
    /// https://developer.apple.com/documentation/swiftui/environment/wrappedvalue
    public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
}

extension View {
    /// Sets the environment value of the specified key path to the given value.
    ///
    /// https://developer.apple.com/documentation/swiftui/view/environment(_:_:) — sure:
    /// `nonisolated`.
    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        StandInView()
    }

    /// Transforms the environment value of the specified key path with the given function.
    ///
    /// https://developer.apple.com/documentation/swiftui/view/transformenvironment(_:transform:)
    /// — sure: `nonisolated`, `transform` a plain escaping closure.
    nonisolated public func transformEnvironment<V>(
        _ keyPath: WritableKeyPath<EnvironmentValues, V>, transform: @escaping (inout V) -> Void
    ) -> some View {
        StandInView()
    }
}
