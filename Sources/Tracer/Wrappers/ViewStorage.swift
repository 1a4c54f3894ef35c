/// A value owned by a view's node, like `@State`, whose writes never invalidate the view.
///
/// Its projected value offers a `binding` that writes the storage and a `publisher` that delivers
/// every new value, typically to `.onReceive`, which may derive a `@State` from it.
@propertyWrapper
public struct ViewStorage<Value>: DynamicProperty {
    let initialValue: Value
    let declaration: NodeStorageDeclaration<Value>

    /// Storage starting at `wrappedValue`, declared at `fileID`:`line`; a trace that records
    /// values shows those `values` allows (`.recorded`: every value, strings included).
    public init(wrappedValue: Value, values: ValueRecording = .allowedTypes, fileID: StaticString = #fileID, line: UInt = #line) {
        initialValue = wrappedValue
        declaration = NodeStorageDeclaration(values: values, fileID: fileID, line: line)
    }

    /// The current value; writing it notifies the publisher but invalidates nothing.
    public var wrappedValue: Value {
        get { currentValue }
        nonmutating set { write(newValue) }
    }

    /// The storage's binding and publisher.
    public var projectedValue: Projection { Projection(storage: self) }

    /// What `$storage` offers: a binding to the value and a publisher of its changes.
    public struct Projection {
        let storage: ViewStorage<Value>

        /// A binding that writes the storage without invalidating any view.
        public var binding: Binding<Value> { storage.binding }

        /// Delivers every value written to the storage.
        public var publisher: ValuePublisher<Value> { storage.declaration.slot.installed?.publisher ?? ValuePublisher() }
    }
}

extension ViewStorage: Sendable where Value: Sendable {}

extension ViewStorage: NodeStorageWrapper {
    static var wrapperKind: WrapperKind { .viewStorage }
    static var invalidates: Bool { false }
    static var publishes: Bool { true }
}
