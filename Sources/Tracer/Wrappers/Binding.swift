/// A reference to a value owned elsewhere: reads and writes go to the owner's storage.
///
/// Like SwiftUI's, a binding made from state compares equal to another only when both refer to
/// the same storage (through the same key path) and carried the same value when made; a binding
/// made from `get`/`set` closures is never equal to another.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
    private let read: () -> Value
    private let store: (Value) -> Void
    /// Where the value lives; nil for closure bindings.
    let identity: BindingIdentity?
    /// The value when the binding was made.
    let carried: Value

    init(identity: BindingIdentity?, carrying carried: Value, get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.identity = identity
        self.carried = carried
        self.read = get
        self.store = set
    }

    /// A binding to `keyPath` of `object`: equal to another to the same object and key path while
    /// it carries the same value (read now: for an `@Observable`, a read by the body making it).
    init<Object: AnyObject>(_ object: Object, _ keyPath: ReferenceWritableKeyPath<Object, Value>) {
        self.init(
            identity: BindingIdentity(root: ObjectIdentifier(object), keyPath: keyPath),
            carrying: object[keyPath: keyPath],
            get: { object[keyPath: keyPath] },
            set: { object[keyPath: keyPath] = $0 })
    }

    /// A binding that reads with `get` and writes with `set`.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.init(identity: nil, carrying: get(), get: get, set: set)
    }

    /// A binding to a value that never changes; writes are ignored.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(identity: .constant, carrying: value, get: { value }, set: { _ in })
    }

    /// The referenced value.
    public var wrappedValue: Value {
        get { read() }
        nonmutating set { store(newValue) }
    }

    /// The binding itself (`$value` inside a view holding `@Binding var value`).
    public var projectedValue: Binding<Value> { self }

    /// A binding to the `keyPath` part of the value: `$model.field`.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let read = self.read
        let store = self.store
        return Binding<Subject>(
            identity: identity?.appending(keyPath),
            carrying: carried[keyPath: keyPath],
            get: { read()[keyPath: keyPath] },
            set: { newValue in
                var value = read()
                value[keyPath: keyPath] = newValue
                store(value)
            })
    }
}

extension Binding: InputComparable {
    func isSameInput(as other: Any) -> Bool {
        guard let other = other as? Binding<Value>, let identity, identity == other.identity else { return false }
        return ValueComparison.sameInput(carried, other.carried)
    }
}

/// Where a binding's value lives: a storage object (or a constant) and a key path into it.
struct BindingIdentity: Hashable {
    /// The storage object; nil for constants.
    var root: ObjectIdentifier?
    /// The path from the stored value to the bound one; nil for the value itself.
    var keyPath: AnyKeyPath?

    static var constant: BindingIdentity { BindingIdentity(root: nil, keyPath: nil) }

    init(root: ObjectIdentifier?, keyPath: AnyKeyPath? = nil) {
        self.root = root
        self.keyPath = keyPath
    }

    func appending(_ next: AnyKeyPath) -> BindingIdentity {
        BindingIdentity(root: root, keyPath: keyPath.map { $0.appending(path: next) ?? next } ?? next)
    }
}
