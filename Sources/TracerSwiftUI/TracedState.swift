#if canImport(SwiftUI)
import SwiftUI
import Synchronization
import TracerCore
import TracerSwiftUICore

/// A drop-in for `@State` that records every write — through the property or its binding — as a
/// `write` event (`wrapper` `State`, the property's name, its declaration site, `changed`).
///
/// The value lives in a real `SwiftUI.State<Value>`, so SwiftUI's identity, lifetime, comparison
/// and invalidation rules apply unchanged. The property is named after its label once a
/// `traced { }` body of the declaring view has run (or by `name:`); until then it is `line N` of
/// its file.
///
/// No observer effect: reading `x` is one read of the `State`, as with `@State`. Recording off,
/// `x = v` and `$x` are the `State`'s own (one branch more). Recording on, `x = v` reads the old
/// value through the `State`'s getter, records the write and sets the `State`: the write a
/// `@State` makes, plus one read that is no dependency, as SwiftUI reads a `State` outside a view
/// update, where a write takes effect. Inside a traced body (a view update, where SwiftUI drops
/// the write) it reads nothing and records the write with `changed` unknown. `$x` is the `State`'s
/// binding projected through a key path whose setter records (the same location while a child
/// holds it, so SwiftUI compares it as it compares `$x` of a `@State`).
///
/// Values (`TRACER_VALUES=1`): a write carries `old` and `new` when the value's type is allowed
/// (numbers, `Bool`, enums with raw values, optionals of those, CoreGraphics geometry, types
/// adopting `TraceValueDescribing`), else `"values":"redacted"`; `@TracedState(values: .recorded)`
/// opts the property in for every value (typed text included), each cut to 64 bytes.
@propertyWrapper
public struct TracedState<Value>: DynamicProperty, TracedProperty {
    /// The value, in SwiftUI's own storage.
    @usableFromInline let state: State<Value>
    /// The declaration the writes name.
    ///
    /// NB: kept here too, so that naming the property (by reflection, in a body) reads no state.
    public let tracedDeclaration: TracedDeclaration
    /// The recording key path of this declaration (`RecordedKeyPath`); nil when recording is off.
    @usableFromInline let recordedPath: RecordingPath<Value>?

    /// State starting at `wrappedValue`, named `name` (default: the property's label); a trace
    /// that records values shows those `values` allows (`.recorded`: every value, strings included).
    public init(
        wrappedValue: Value, name: StaticString? = nil, values: ValueRecording = .allowedTypes,
        fileID: StaticString = #fileID, line: UInt = #line
    ) {
        let declaration = TracedDeclaration(wrapper: .state, name: name, values: values, fileID: fileID, line: line)
        tracedDeclaration = declaration
        state = State(wrappedValue: wrappedValue)
        recordedPath = SwiftUITrace.session == nil ? nil : RecordingPath(keyPath: RecordedKeyPath.of(Value.self, declaration))
    }

    /// State starting at `value`.
    public init(initialValue value: Value, fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(wrappedValue: value, fileID: fileID, line: line)
    }

    /// The current value (one read of the `State`); a write goes to the `State`, recorded first
    /// when recording.
    @inlinable public var wrappedValue: Value {
        get { state.wrappedValue }
        nonmutating set {
            guard recordedPath != nil else { return state.wrappedValue = newValue }
            Self.recordedWrite(newValue, to: state, tracedDeclaration)
        }
    }

    /// Records `declaration`'s write of `newValue` (the old value by the `State`'s getter, none
    /// inside a traced body), then sets `state` as `@State`'s `x = v` does.
    ///
    /// NB: static, given the two fields it needs: a method would take the wrapper by address, and
    /// the caller would copy the whole view to a temporary before the branch, recording off too.
    @usableFromInline static func recordedWrite(_ newValue: Value, to state: State<Value>, _ declaration: TracedDeclaration) {
        SwiftUITrace.session?.recordWrite(declaration, to: newValue) { state.wrappedValue }
        state.wrappedValue = newValue
    }

    /// The `State`'s binding (recording off), or that binding projected through the recording key
    /// path (recording on).
    @inlinable public var projectedValue: Binding<Value> {
        guard let recordedPath else { return state.projectedValue }
        return Self.recording(state, recordedPath.keyPath)
    }

    /// `state`'s binding projected through `path`.
    ///
    /// NB: `TracedSlot<Value>` has one stored property, so it has `Value`'s layout: the `State`'s
    /// binding, retyped, is a binding to the same storage seen as a slot, and the projection's
    /// setter gets the old value from that storage's location, not from a read of the `State`.
    /// Never inlined, so that the `$x` an app inlines holds only the recording-off branch
    /// (inlinable, so that it is still specialised in the app).
    @inlinable @inline(never)
    static func recording(_ state: State<Value>, _ path: WritableKeyPath<TracedSlot<Value>, Value>) -> Binding<Value> {
        unsafeBitCast(state.projectedValue, to: Binding<TracedSlot<Value>>.self)[dynamicMember: path]
    }
}

/// Optional state, which may be declared without an initial value.
///
/// NB: in a constrained extension, as `State`'s `init()` is: a generic `@TracedState var value:
/// Value` with no initial value then takes its value from the memberwise init, where a `where`
/// clause on the init itself made the compiler pick it and fail on the constraint.
extension TracedState where Value: ExpressibleByNilLiteral {
    /// Optional state starting at nil.
    public init(fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(wrappedValue: nil, fileID: fileID, line: line)
    }
}

/// `\TracedSlot<Value>[recording: declaration]`, formed once per value type and declaration.
///
/// NB: a key path formed in unspecialised generic code is instantiated by the runtime on every
/// evaluation, with heap allocations; the first one of each declaration is kept (one per traced
/// property of the app: bounded by its source).
enum RecordedKeyPath {
    private static let paths = Mutex<[Key: AnyKeyPath]>([:])

    /// A value type and a declaration.
    private struct Key: Hashable {
        let type: ObjectIdentifier
        let declaration: TracedDeclaration
    }

    /// The key path that records `declaration`'s writes of `Value`.
    static func of<Value>(_: Value.Type, _ declaration: TracedDeclaration) -> WritableKeyPath<TracedSlot<Value>, Value> {
        let path = paths.withLock { paths in
            let key = Key(type: ObjectIdentifier(Value.self), declaration: declaration)
            if let path = paths[key] { return path }
            let path: AnyKeyPath = \TracedSlot<Value>[recording: declaration]
            paths[key] = path
            return path
        }
        // NB: stored under `Value`'s identifier only, so the cast cannot fail.
        return unsafeDowncast(path, to: WritableKeyPath<TracedSlot<Value>, Value>.self)
    }
}

/// A recording key path, which a `Sendable` `TracedState` may hold.
///
/// NB: `@unchecked`: a key path is immutable, and this one's only index is a `Sendable`
/// declaration.
@usableFromInline struct RecordingPath<Value>: @unchecked Sendable {
    @usableFromInline let keyPath: WritableKeyPath<TracedSlot<Value>, Value>
}

/// A `@TracedState`'s value seen through its recording key path.
///
/// NB: one stored property, so that it has `Value`'s layout (`TracedState.recording`).
@usableFromInline struct TracedSlot<Value> {
    var value: Value

    /// The value; a write is recorded as `declaration`'s, then stored.
    subscript(recording declaration: TracedDeclaration) -> Value {
        @inline(__always) get { value }
        @inline(__always) set {
            if let session = SwiftUITrace.session { session.recordWrite(declaration, from: value, to: newValue) }
            value = newValue
        }
    }
}

/// `Sendable` where the value is, as `State` is: a view holding it keeps a nonisolated init.
extension TracedState: Sendable where Value: Sendable {}
#endif
