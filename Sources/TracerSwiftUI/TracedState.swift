#if canImport(SwiftUI)
import SwiftUI
import Synchronization
import TracerSwiftUICore

/// A drop-in for `@State` that records every write — through the property or its binding — as a
/// `write` event (`wrapper` `State`, the property's name, its declaration site, `changed`).
///
/// The value lives in a real `SwiftUI.State`, so SwiftUI's identity, lifetime and invalidation
/// rules apply unchanged. The property is named after its label once a `traced { }` body of the
/// declaring view has run (or by `name:`); until then it is `line N` of its file.
///
/// No observer effect: reading `x` is one read of the `State`, as with `@State`; `$x` is the
/// `State`'s own binding projected through a key path whose setter records (the same location on
/// every access, recording on or off, so SwiftUI compares it as it compares `$x` of a `@State`),
/// and takes no read; a write reads nothing. Recording off, a write costs one branch more.
@propertyWrapper
public struct TracedState<Value>: DynamicProperty, TracedProperty {
    @State private var slot: TracedSlot<Value>
    /// The declaration the writes name.
    ///
    /// NB: kept here too, so that naming the property (by reflection, in a body) reads no state.
    public let tracedDeclaration: TracedDeclaration

    /// State starting at `wrappedValue`, named `name` (default: the property's label).
    public init(wrappedValue: Value, name: StaticString? = nil, fileID: StaticString = #fileID, line: UInt = #line) {
        let declaration = TracedDeclaration(wrapper: .state, name: name, fileID: fileID, line: line)
        tracedDeclaration = declaration
        _slot = State(wrappedValue: TracedSlot(value: wrappedValue, declaration: declaration))
    }

    /// State starting at `value`.
    public init(initialValue value: Value, fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(wrappedValue: value, fileID: fileID, line: line)
    }

    /// Optional state starting at nil.
    public init(fileID: StaticString = #fileID, line: UInt = #line) where Value: ExpressibleByNilLiteral {
        self.init(wrappedValue: nil, fileID: fileID, line: line)
    }

    /// The current value (one read of the `State`). A write stores a new slot (recording off), or
    /// goes through the binding's location (recording on), whose setter reads the old value without
    /// a read of the `State`: neither adds a dependency where it runs.
    public var wrappedValue: Value {
        get { slot.value }
        nonmutating set {
            guard SwiftUITrace.session != nil else {
                _slot.wrappedValue = TracedSlot(value: newValue, declaration: tracedDeclaration)
                return
            }
            projectedValue.wrappedValue = newValue
        }
    }

    /// A binding to the value whose writes are recorded too: `$slot.recorded`, through the key
    /// path formed once per value type (see `RecordedKeyPath`).
    public var projectedValue: Binding<Value> { $slot[dynamicMember: RecordedKeyPath.of(Value.self)] }
}

/// `\TracedSlot<Value>.recorded`, formed once per value type.
///
/// NB: a key path into a generic type, formed in unspecialised generic code (the app calls
/// `TracedState`'s accessors across modules), is instantiated by the runtime on every evaluation,
/// with heap allocations; this keeps the first one of each type, so `$x` allocates nothing.
enum RecordedKeyPath {
    private static let paths = Mutex<[ObjectIdentifier: AnyKeyPath]>([:])

    /// The key path of `TracedSlot<Value>.recorded`.
    static func of<Value>(_: Value.Type) -> WritableKeyPath<TracedSlot<Value>, Value> {
        let path = paths.withLock { paths in
            let type = ObjectIdentifier(Value.self)
            if let path = paths[type] { return path }
            let path: AnyKeyPath = \TracedSlot<Value>.recorded
            paths[type] = path
            return path
        }
        // NB: stored under `Value`'s identifier only, so the cast cannot fail.
        return unsafeDowncast(path, to: WritableKeyPath<TracedSlot<Value>, Value>.self)
    }
}

/// What a `@TracedState` keeps in its `State`: the value and the declaration its writes name.
///
/// NB: the declaration is constant, so SwiftUI's comparison of two slots is the comparison of
/// their values.
struct TracedSlot<Value> {
    var value: Value
    let declaration: TracedDeclaration

    /// The value; a write is recorded, then stored.
    var recorded: Value {
        get { value }
        set {
            if let session = SwiftUITrace.session { session.recordWrite(declaration, from: value, to: newValue) }
            value = newValue
        }
    }
}

extension TracedSlot: Sendable where Value: Sendable {}

/// Equal when the values are: an equal write of an `Equatable` value then invalidates nothing,
/// as with `@State` (SwiftUI compares a state's new value with its old before invalidating).
extension TracedSlot: Equatable where Value: Equatable {
    static func == (lhs: TracedSlot, rhs: TracedSlot) -> Bool { lhs.value == rhs.value }
}

/// `Sendable` where the value is, as `State` is: a view holding it keeps a nonisolated init.
extension TracedState: Sendable where Value: Sendable {}
#endif
