/// A property wrapper type that can read and write a value managed by SwiftUI.
///
/// NB: the stand-in keeps the value in a box and counts writes (`standInWrites`), each of which
/// stands for an invalidation of the owning view; nothing is re-evaluated.
@frozen @propertyWrapper
public struct State<Value>: DynamicProperty {
    @usableFromInline final class Storage {
        var value: Value
        var writes = 0
        init(_ value: Value) { self.value = value }
    }

    @usableFromInline let storage: Storage

    /// Creates a state property that stores an initial value.
    public init(wrappedValue value: Value) { storage = Storage(value) }

    /// Creates a state property that stores an initial value.
    public init(initialValue value: Value) { self.init(wrappedValue: value) }

    /// The underlying value referenced by the state variable.
    public var wrappedValue: Value {
        get { storage.value }
        nonmutating set {
            storage.value = newValue
            storage.writes += 1
        }
    }

    /// A binding to the state value.
    public var projectedValue: Binding<Value> {
        let storage = storage
        return Binding(get: { storage.value }, set: { storage.value = $0; storage.writes += 1 })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// Creates a state property without an initial value.
    public init() { self.init(wrappedValue: nil) }
}

/// Stand-in only: what a test may ask of a `State` found by reflection.
public protocol StandInStateInspectable {
    /// How many writes (invalidations, in SwiftUI) the state has seen.
    var standInWrites: Int { get }
}

extension State: StandInStateInspectable {
    public var standInWrites: Int { storage.writes }
}

/// A property wrapper type that can read and write a value owned by a source of truth.
@frozen @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    private let getValue: () -> Value
    private let setValue: (Value) -> Void

    /// Creates a binding with closures that read and write the binding value.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        getValue = get
        setValue = set
    }

    /// Creates a binding with an immutable value.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    /// The underlying value referenced by the binding variable.
    public var wrappedValue: Value {
        get { getValue() }
        nonmutating set { setValue(newValue) }
    }

    /// A projection of the binding value that returns a binding.
    public var projectedValue: Binding<Value> { self }

    /// Returns a binding to the resulting value of a given key path.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(get: { self.wrappedValue[keyPath: keyPath] }, set: { self.wrappedValue[keyPath: keyPath] = $0 })
    }
}

extension Binding: DynamicProperty {}
