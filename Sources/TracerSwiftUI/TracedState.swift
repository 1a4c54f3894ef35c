#if canImport(SwiftUI)
import SwiftUI
import TracerSwiftUICore

/// A drop-in for `@State` that records every write — through the property or its binding — as a
/// `write` event (`wrapper` `State`, the property's name, its declaration site, `changed`).
///
/// The value lives in a real `SwiftUI.State`, so SwiftUI's identity, lifetime and invalidation
/// rules apply unchanged. The property is named after its label once a `traced { }` body of the
/// declaring view has run (or by `name:`); until then it is `line N` of its file.
///
/// Recording off (no `TRACER_OUTPUT`): a write costs one branch, and `$x` is `State`'s own binding.
/// Recording on: `$x` is a binding that records, made afresh on each access.
@propertyWrapper
public struct TracedState<Value>: DynamicProperty, TracedProperty {
    @State private var value: Value
    /// The declaration the writes name.
    public let tracedDeclaration: TracedDeclaration

    /// State starting at `wrappedValue`, named `name` (default: the property's label).
    public init(wrappedValue: Value, name: StaticString? = nil, fileID: StaticString = #fileID, line: UInt = #line) {
        _value = State(wrappedValue: wrappedValue)
        tracedDeclaration = TracedDeclaration(wrapper: .state, name: name, fileID: fileID, line: line)
    }

    /// State starting at `value`.
    public init(initialValue value: Value, fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(wrappedValue: value, fileID: fileID, line: line)
    }

    /// Optional state starting at nil.
    public init(fileID: StaticString = #fileID, line: UInt = #line) where Value: ExpressibleByNilLiteral {
        self.init(wrappedValue: nil, fileID: fileID, line: line)
    }

    /// The current value; a write is recorded, then stored in the `State`.
    public var wrappedValue: Value {
        get { value }
        nonmutating set { Self.write(newValue, to: _value, declaration: tracedDeclaration) }
    }

    /// A binding to the value whose writes are recorded too.
    public var projectedValue: Binding<Value> {
        guard SwiftUITrace.session != nil else { return $value }
        let state = _value
        let declaration = tracedDeclaration
        return Binding(get: { state.wrappedValue }, set: { Self.write($0, to: state, declaration: declaration) })
    }

    private static func write(_ newValue: Value, to state: State<Value>, declaration: TracedDeclaration) {
        if let session = SwiftUITrace.session {
            session.recordWrite(declaration, from: state.wrappedValue, to: newValue)
        }
        state.wrappedValue = newValue
    }
}
#endif
