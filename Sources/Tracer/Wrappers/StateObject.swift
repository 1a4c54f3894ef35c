/// An observable object owned by a view's node: its autoclosure runs once per identity (when the
/// node installs it), and its `@Published` writes invalidate the view.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    let makeObject: () -> ObjectType
    let declaration: NodeStorageDeclaration<ObjectType>

    /// An object made by `wrappedValue` when the view's identity is first installed.
    public init(wrappedValue: @autoclosure @escaping () -> ObjectType, fileID: StaticString = #fileID, line: UInt = #line) {
        makeObject = wrappedValue
        declaration = NodeStorageDeclaration(values: .allowedTypes, fileID: fileID, line: line)
    }

    /// The node's object. Read before the view is installed, it is a new object every time
    /// (as SwiftUI warns).
    public var wrappedValue: ObjectType { declaration.slot.installed?.read() ?? makeObject() }

    /// Bindings to the object's properties: `$model.field`.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { .init(object: wrappedValue) }
}

extension StateObject: InstallableProperty {
    func install(_ installer: inout PropertyInstaller) {
        let storage = declaration.slot.install(installer.storage(
            wrapper: .stateObject, site: declaration.site, invalidates: false, publishes: false, values: declaration.values,
            initialValue: makeObject))
        installer.observe(storage.read(), wrapper: .stateObject, site: declaration.site)
    }
}

extension StateObject: InputComparable {
    func isSameInput(as other: Any) -> Bool {
        guard let other = other as? StateObject<ObjectType> else { return false }
        return declaration.slot.isSameInput(as: other.declaration.slot)
    }
}
