import Observation

/// A modifier that sets an environment value for the view it modifies and its descendants.
protocol EnvironmentModifier: NodeModifier {
    /// What readers name the entry by: the key path, or the object's type.
    var entry: AnyHashable { get }
    /// The wrapper kind of the writes it makes.
    var wrapper: WrapperKind { get }
    /// Sets the value in `environment`.
    func apply(to environment: inout EnvironmentValues)
    /// Whether `previous` (the modifier in the same place last time) set the same value.
    func setsSameValue(as previous: any EnvironmentModifier) -> Bool
    /// What its writes are named by, once it has applied itself to `values`.
    func writeName(in values: EnvironmentValues) -> String
}

extension EnvironmentModifier {
    /// NB: an environment value is output: a body whose only difference is a new value there
    /// did not evaluate in vain.
    var isAttribute: Bool { true }
    var setsEnvironment: Bool { true }

    func isSameAttribute(as previous: any NodeModifier) -> Bool? {
        guard let previous = previous as? any EnvironmentModifier else { return false }
        return setsSameValue(as: previous)
    }
}

/// `.environment(\.key, value)`.
struct EnvironmentKeyModifier<Value>: EnvironmentModifier {
    let keyPath: WritableKeyPath<EnvironmentValues, Value>
    let value: Value

    var entry: AnyHashable { keyPath }
    var wrapper: WrapperKind { .environment }

    func apply(to environment: inout EnvironmentValues) { environment[keyPath: keyPath] = value }

    func setsSameValue(as previous: any EnvironmentModifier) -> Bool {
        guard let previous = previous as? Self, previous.keyPath == keyPath else { return false }
        return ValueComparison.sameInput(value, previous.value)
    }

    /// The `EnvironmentValues` property, when the key path names it; else the type of the key it
    /// stored, as written (`URLSessionKey`).
    func writeName(in values: EnvironmentValues) -> String {
        if let property = EnvironmentValues.propertyName(of: keyPath) { return property }
        return values.lastStoredKey.map { String(describing: $0) } ?? "environment"
    }
}

/// `.environment(model)` for an `@Observable` model and `.environmentObject(object)`: the object,
/// keyed by its type (nil takes an ancestor's away).
struct EnvironmentObjectModifier<Object: AnyObject>: EnvironmentModifier {
    let object: Object?
    let wrapper: WrapperKind

    var entry: AnyHashable { ObjectIdentifier(Object.self) }

    func apply(to environment: inout EnvironmentValues) { environment.setObject(object) }

    func setsSameValue(as previous: any EnvironmentModifier) -> Bool {
        (previous as? Self)?.object === object
    }

    /// The object's type.
    func writeName(in values: EnvironmentValues) -> String { String(describing: Object.self) }
}

extension View {
    /// Sets the environment value at `keyPath` for this view and its descendants: the views that
    /// declare `@Environment` of that key path re-evaluate when the value changes; others do not.
    public func environment<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value) -> some View {
        modifier(EnvironmentKeyModifier(keyPath: keyPath, value: value))
    }

    /// Puts an `@Observable` model in the environment, for `@Environment(Model.self)` below: a
    /// view re-evaluates when a property its body read changes, or when the model is replaced.
    public func environment<Model: AnyObject & Observable>(_ model: Model?) -> some View {
        modifier(EnvironmentObjectModifier(object: model, wrapper: .environment))
    }

    /// Puts an `ObservableObject` in the environment, for `@EnvironmentObject` below: every view
    /// declaring it re-evaluates when the object changes (any `@Published` write).
    public func environmentObject<Object: ObservableObject>(_ object: Object) -> some View {
        modifier(EnvironmentObjectModifier(object: object, wrapper: .environmentObject))
    }
}
