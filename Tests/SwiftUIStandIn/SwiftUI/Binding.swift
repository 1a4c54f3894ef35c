// Binding as Apple declares it (Xcode 16 SDKs), over the stand-in's locations: it keeps the value
// it was made with (SwiftUI's `_value`), which a read during an update returns, and its location,
// which a read outside an update and every write go to (OpenSwiftUI 069dd80,
// OpenSwiftUICore/Data/Binding/Binding.swift).
//
// NB: no more inlinable than Apple's interface declares it (`@frozen`, members not inlinable).

/// A property wrapper type that can read and write a value owned by a source of truth.
///
/// https://developer.apple.com/documentation/swiftui/binding — sure: `@frozen @propertyWrapper
/// @dynamicMemberLookup`, iOS 13 / macOS 10.15, `Sendable` only when `Value` is (the page says
/// so); `@unchecked` as OpenSwiftUI and the Xcode 16 interface excerpts quoted in public code
/// declare it (fairly sure).
@frozen @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    let location: StandInLocation<Value>
    /// The value when the binding was made (SwiftUI's `_value`, Binding.swift:85).
    var _value: Value

    /// A binding to `location`, keeping its current value.
    init(location: StandInLocation<Value>) { self.init(value: location.get(), location: location) }

    init(value: Value, location: StandInLocation<Value>) {
        self.location = location
        _value = value
    }

    /// Creates a binding with closures that read and write the binding value.
    ///
    /// https://developer.apple.com/documentation/swiftui/binding/init(get:set:) — sure:
    /// `@preconcurrency` and `@isolated(any)` (the page); `@Sendable` as the Xcode 16+ interface
    /// declares it (fairly sure: quoted so in public code and OpenSwiftUI; the page omits it).
    /// SwiftUI reads the getter at once and keeps the value (Binding.swift:185).
    ///
    /// NB: SwiftUI calls the closures synchronously; outside the SDK that conversion is a warning
    /// ("will be an error in a future Swift language mode"), the one this module compiles with.
    @preconcurrency
    public init(get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void) {
        self.init(location: FunctionalLocation(get: get as () -> Value, set: set as (Value) -> Void))
    }

    /// Creates a binding with an immutable value.
    ///
    /// https://developer.apple.com/documentation/swiftui/binding/constant(_:)
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(value: value, location: FunctionalLocation(get: { value }, set: { _ in }))
    }

    /// The underlying value referenced by the binding variable.
    ///
    /// https://developer.apple.com/documentation/swiftui/binding/wrappedvalue — a read during an
    /// update is a dependency and returns the value the binding was made with; outside one, the
    /// location's value (`readValue`, Binding.swift:422-428). A write goes to the location.
    public var wrappedValue: Value {
        get {
            let thread = StandInThread.current
            guard thread.updates > 0 else {
                thread.counters.untrackedReads += 1
                return location.get()
            }
            thread.counters.trackedReads += 1
            location.root.trackedReads += 1
            return _value
        }
        nonmutating set { location.set(newValue) }
    }

    /// A projection of the binding value that returns a binding.
    ///
    /// https://developer.apple.com/documentation/swiftui/binding/projectedvalue
    public var projectedValue: Binding<Value> { self }

    /// Returns a binding to the resulting value of a given key path: its value is the kept value's
    /// member, its location the cached projection (`projecting`, Binding.swift:550-555).
    ///
    /// https://developer.apple.com/documentation/swiftui/binding/subscript(dynamicmember:) — sure.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        StandInThread.current.counters.projections += 1
        return Binding<Subject>(value: _value[keyPath: keyPath], location: location.projecting(keyPath))
    }
}

/// https://developer.apple.com/documentation/swiftui/binding ("A binding conforms to Sendable only
/// if its wrapped value type also conforms to Sendable").
extension Binding: @unchecked Sendable where Value: Sendable {}

/// https://developer.apple.com/documentation/swiftui/binding (Conforms To: DynamicProperty).
extension Binding: DynamicProperty {}

extension Binding {
    /// Stand-in only: the identity of the binding's location, which SwiftUI compares when it
    /// decides whether a view holding the binding has new inputs.
    public var standInLocation: ObjectIdentifier { ObjectIdentifier(location) }
    /// Stand-in only: the identity of the stored location the binding reaches (a state's own
    /// storage), or of its closures' location.
    public var standInRoot: ObjectIdentifier { ObjectIdentifier(location.root) }
}
