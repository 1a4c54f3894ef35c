/// An observable object passed in from outside: the view re-evaluates when one of its
/// `@Published` properties is written. A different object is a different input.
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    /// The observed object.
    public let wrappedValue: ObjectType
    let site: DeclarationSite

    /// Observes `wrappedValue`, declared at `fileID`:`line`.
    public init(wrappedValue: ObjectType, fileID: StaticString = #fileID, line: UInt = #line) {
        self.wrappedValue = wrappedValue
        site = DeclarationSite(fileID: fileID, line: line)
    }

    /// Observes `initialValue`.
    public init(initialValue: ObjectType, fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(wrappedValue: initialValue, fileID: fileID, line: line)
    }

    /// Bindings to the object's properties: `$model.field`.
    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }

    /// Makes bindings to an object's properties.
    @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType

        /// A binding to `keyPath` of the object; equal to another to the same object and key
        /// path while it carries the same value.
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            Binding(object, keyPath)
        }
    }
}

extension ObservedObject: InstallableProperty {
    func install(_ installer: inout PropertyInstaller) {
        installer.observe(wrappedValue, wrapper: .observedObject, site: site)
    }
}

extension ObservedObject: InputComparable {
    func isSameInput(as other: Any) -> Bool {
        guard let other = other as? ObservedObject<ObjectType> else { return false }
        return wrappedValue === other.wrappedValue
    }
}
