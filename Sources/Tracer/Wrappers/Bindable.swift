import Observation

/// Makes bindings to the properties of an `@Observable` model: `$model.name`.
///
/// It invalidates nothing itself: a view re-evaluates for the model's properties its body read,
/// as for any `@Observable`. Making a binding reads the property (the binding carries its value),
/// so the view making it depends on it too.
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Value: AnyObject & Observable> {
    /// The model.
    public var wrappedValue: Value

    /// Bindings to `wrappedValue`.
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

    /// Bindings to `wrappedValue` (`@Bindable var model = model` in a body, or `Bindable(model)`).
    public init(_ wrappedValue: Value) { self.wrappedValue = wrappedValue }

    /// The wrapper itself: `$model`.
    public var projectedValue: Bindable<Value> { self }

    /// A binding to `keyPath` of the model; equal to another to the same model and key path while
    /// it carries the same value.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding(wrappedValue, keyPath)
    }
}
