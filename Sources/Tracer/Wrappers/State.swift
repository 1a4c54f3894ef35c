import Observation

/// A value owned by a view's node: it survives re-creation of the view and dies with its
/// identity; writing it invalidates the view (when the value changed).
///
/// Writes are thread-safe: from any thread they join the graph's next transaction.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    let initialValue: Value
    let declaration: NodeStorageDeclaration<Value>

    /// State starting at `wrappedValue`, declared at `fileID`:`line`; a trace that records
    /// values shows those `values` allows (`.recorded`: every value, strings included).
    public init(wrappedValue: Value, values: ValueRecording = .allowedTypes, fileID: StaticString = #fileID, line: UInt = #line) {
        initialValue = wrappedValue
        declaration = NodeStorageDeclaration(values: values, fileID: fileID, line: line)
    }

    /// State starting at `initialValue`.
    public init(initialValue: Value, fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(wrappedValue: initialValue, fileID: fileID, line: line)
    }

    /// The current value. Before the view is installed in a graph it is the initial value, and
    /// writes are ignored (as SwiftUI does).
    public var wrappedValue: Value {
        get { currentValue }
        nonmutating set { write(newValue) }
    }

    /// A binding to the state.
    public var projectedValue: Binding<Value> { binding }
}

extension State where Value: ExpressibleByNilLiteral {
    /// Optional state starting at nil.
    ///
    /// NB: declared in a constrained extension, as SwiftUI declares it: in the type it would make
    /// every `@State var model: Model` without an initial value default to it, and fail to compile
    /// where `init` assigns `_model = State(initialValue: …)`.
    public init(fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(wrappedValue: nil, fileID: fileID, line: line)
    }
}

extension State: Sendable where Value: Sendable {}

extension State: NodeStorageWrapper {
    static var wrapperKind: WrapperKind { .state }
    static var invalidates: Bool { true }
    static var publishes: Bool { false }
}

/// A `@State` holding an `@Observable` model refers to the model its node keeps (the view's own
/// initial value is a new object whenever its parent makes the view again).
extension State: ObservableModelReference where Value: AnyObject & Observable {
    /// The model's type name.
    package var observableModelName: String? { String(describing: Value.self) }
    /// The node's model once installed, else the initial one.
    package var observableModel: AnyObject? { declaration.slot.installed?.unobservedValue ?? initialValue }
}
