// State and Binding as Apple declares them (Xcode 16 SDKs), over a minimal model of SwiftUI's
// locations: the value lives in a location object; a state's binding is its location, a key path
// projection is a location cached per key path in its base, so a binding's identity (what SwiftUI
// compares when it decides whether a child's inputs changed) is its location's identity. Reads of
// a stored value through `State.wrappedValue` or a binding are counted, each standing for a
// dependency SwiftUI would record if the read happened in a body; writes are counted as
// invalidations. How the model is sure: SwiftUI's `Location`/`LocationBox`, a binding's location
// comparison and `Binding.init(get:set:)` reading its getter at once are OpenSwiftUI's reading
// (OpenSwiftUICore/Data/Binding/Binding.swift, Location.swift), not Apple's documentation.

import Foundation

/// Where a state's or a binding's value lives.
///
/// NB: `@unchecked Sendable`: the stand-in's tests use a location from one thread at a time.
public class StandInLocation<Value>: @unchecked Sendable {
    /// Key path projections of this location, one per key path (SwiftUI's projection cache).
    private var projections: [AnyKeyPath: AnyObject] = [:]

    /// The stored location at the root of the projection chain.
    var root: AnyObject { self }

    /// The value, as a body reading it would see it: counted as a read of the root.
    func read() -> Value { fatalError("abstract") }
    /// The value, without counting a read (a write through a projection reads its base so).
    func peek() -> Value { fatalError("abstract") }
    /// Stores `value`: an invalidation of the root.
    func write(_ value: Value) { fatalError("abstract") }

    /// The location of `keyPath` in this location's value, the same object for the same key path.
    func projecting<Subject>(_ keyPath: WritableKeyPath<Value, Subject>) -> StandInLocation<Subject> {
        if let cached = projections[keyPath] as? StandInLocation<Subject> { return cached }
        let projection = ProjectedLocation(base: self, keyPath: keyPath)
        projections[keyPath] = projection
        return projection
    }
}

/// A state's own storage: the initial value until a view's graph installs it (`standInInstall`).
///
/// What it models, and how sure:
/// - No storage until installed: a write before it is dropped, with the runtime warning SwiftUI
///   logs for a `State` used outside a view ("Accessing State's value outside of being installed
///   on a View. This will result in a constant Binding of the initial value and will not
///   update."); a read sees the initial value and records no dependency. Sure of the message's
///   text (quoted from SwiftUI's binary in public code) and that such a state keeps its initial
///   value (the message says so); not sure SwiftUI logs it on a write as well as on `$x`.
/// - An equal write of an `Equatable` value is no invalidation: fairly sure (OpenSwiftUI's
///   reading: a stored location compares the new value with the old before it invalidates); a
///   value that is not `Equatable` invalidates on every write here, where SwiftUI may compare
///   some of them by their bytes (not modelled).
@usableFromInline
final class StoredLocation<Value>: StandInLocation<Value>, @unchecked Sendable {
    private var value: Value
    private(set) var isInstalled = false
    var reads = 0
    var writes = 0
    /// Writes dropped because they came before the state was installed.
    var writesBeforeInstall = 0

    init(_ value: Value) { self.value = value }

    /// Gives the state its storage, as SwiftUI does when it installs the view holding it.
    func install() { isInstalled = true }

    override func read() -> Value {
        if isInstalled { reads += 1 }
        return value
    }

    override func peek() -> Value { value }

    override func write(_ newValue: Value) {
        guard isInstalled else {
            writesBeforeInstall += 1
            standInWarn(notInstalledWarning)
            return
        }
        if standInEqual(value, newValue) == true { return }
        value = newValue
        writes += 1
    }
}

/// SwiftUI's runtime warning for a `State` used before it is installed.
let notInstalledWarning = "Accessing State's value outside of being installed on a View. This will result in a constant Binding of the initial value and will not update."

/// Prints a runtime warning, as SwiftUI logs one (Xcode shows it as a runtime issue).
func standInWarn(_ message: String) {
    FileHandle.standardError.write(Data("SwiftUI: \(message)\n".utf8))
}

/// `a == b` when `Value` is `Equatable`; nil when it is not.
func standInEqual<Value>(_ a: Value, _ b: Value) -> Bool? {
    guard let type = Value.self as? any Equatable.Type else { return nil }
    return type.standInEqual(a, b)
}

extension Equatable {
    /// `a == b`, for values of this very type passed generically.
    fileprivate static func standInEqual<Other>(_ a: Other, _ b: Other) -> Bool {
        // NB: called only with `Other == Self` (`standInEqual(_:_:)` opened `Other`'s own type).
        a as! Self == b as! Self
    }
}

/// A state a view holds, which installing the view installs.
protocol StandInInstallable {
    /// Gives the state its storage.
    func standInInstall()
}

/// Stand-in only: installs every `State` `view` holds, directly or inside the property wrappers
/// it holds (what SwiftUI does when the view enters its graph), and returns the view.
@discardableResult
public func standInInstall<V>(_ view: V) -> V {
    installStates(in: view, depth: 4)
    return view
}

/// Installs the states in `value` and in its stored struct properties, `depth` levels down.
private func installStates(in value: Any, depth: Int) {
    if let state = value as? any StandInInstallable { return state.standInInstall() }
    let mirror = Mirror(reflecting: value)
    guard depth > 0, mirror.displayStyle == .struct else { return }
    for child in mirror.children { installStates(in: child.value, depth: depth - 1) }
}

/// A location reached through a key path from a base location.
final class ProjectedLocation<Base, Value>: StandInLocation<Value>, @unchecked Sendable {
    private let base: StandInLocation<Base>
    private let keyPath: WritableKeyPath<Base, Value>

    init(base: StandInLocation<Base>, keyPath: WritableKeyPath<Base, Value>) {
        self.base = base
        self.keyPath = keyPath
    }

    override var root: AnyObject { base.root }
    override func read() -> Value { base.read()[keyPath: keyPath] }
    override func peek() -> Value { base.peek()[keyPath: keyPath] }

    override func write(_ value: Value) {
        var whole = base.peek()
        whole[keyPath: keyPath] = value
        base.write(whole)
    }
}

/// A location made of a getter and a setter (`Binding.init(get:set:)`).
final class FunctionalLocation<Value>: StandInLocation<Value>, @unchecked Sendable {
    private let getValue: () -> Value
    private let setValue: (Value) -> Void

    init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        getValue = get
        setValue = set
    }

    override func read() -> Value { getValue() }
    override func peek() -> Value { getValue() }
    override func write(_ value: Value) { setValue(value) }
}

/// A property wrapper type that can read and write a value managed by SwiftUI.
///
/// https://developer.apple.com/documentation/swiftui/state — sure: `@frozen @propertyWrapper`,
/// `DynamicProperty`, iOS 13 / macOS 10.15, and `Sendable` when `Value` is (the page lists
/// `Sendable`; OpenSwiftUI declares it conditional; whether Apple's is `@unchecked` is not known).
@frozen @propertyWrapper
public struct State<Value>: DynamicProperty {
    @usableFromInline let location: StoredLocation<Value>

    /// Creates a state property that stores an initial value.
    ///
    /// https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)
    public init(wrappedValue value: Value) { location = StoredLocation(value) }

    /// Creates a state property that stores an initial value.
    ///
    /// https://developer.apple.com/documentation/swiftui/state/init(initialvalue:)
    public init(initialValue value: Value) { self.init(wrappedValue: value) }

    /// The underlying value referenced by the state variable.
    ///
    /// https://developer.apple.com/documentation/swiftui/state/wrappedvalue — sure: not isolated
    /// ("You can safely mutate state properties from any thread").
    public var wrappedValue: Value {
        get { location.read() }
        nonmutating set { location.write(newValue) }
    }

    /// A binding to the state value: the state's own location.
    ///
    /// https://developer.apple.com/documentation/swiftui/state/projectedvalue
    public var projectedValue: Binding<Value> {
        guard location.isInstalled else {
            standInWarn(notInstalledWarning)
            return .constant(location.peek())
        }
        return Binding(location: location)
    }
}

extension State: StandInInstallable {
    func standInInstall() { location.install() }
}

/// https://developer.apple.com/documentation/swiftui/state (Conforms To: Sendable).
extension State: @unchecked Sendable where Value: Sendable {}

extension State where Value: ExpressibleByNilLiteral {
    /// Creates a state property without an initial value.
    ///
    /// https://developer.apple.com/documentation/swiftui/state/init()
    public init() { self.init(wrappedValue: nil) }
}

/// Stand-in only: what a test may ask of a `State` found by reflection.
public protocol StandInStateInspectable {
    /// How many reads through the state or a binding to it (dependencies, in a body) it has seen.
    var standInReads: Int { get }
    /// How many writes (invalidations, in SwiftUI) the state has seen.
    var standInWrites: Int { get }
    /// The identity of the state's storage, the root of every binding projected from it.
    var standInLocation: ObjectIdentifier { get }
}

extension State: StandInStateInspectable {
    public var standInReads: Int { location.reads }
    public var standInWrites: Int { location.writes }
    public var standInLocation: ObjectIdentifier { ObjectIdentifier(location.root) }
}

/// A property wrapper type that can read and write a value owned by a source of truth.
///
/// https://developer.apple.com/documentation/swiftui/binding — sure: `@frozen @propertyWrapper
/// @dynamicMemberLookup`, iOS 13 / macOS 10.15, `Sendable` only when `Value` is (the page says
/// so); `@unchecked` as OpenSwiftUI and the Xcode 16 interface excerpts quoted in public code
/// declare it (fairly sure).
@frozen @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    @usableFromInline let location: StandInLocation<Value>

    init(location: StandInLocation<Value>) { self.location = location }

    /// Creates a binding with closures that read and write the binding value.
    ///
    /// https://developer.apple.com/documentation/swiftui/binding/init(get:set:) — sure:
    /// `@preconcurrency` and `@isolated(any)` (the page); `@Sendable` as the Xcode 16+ interface
    /// declares it (fairly sure: quoted so in public code and OpenSwiftUI; the page omits it).
    /// SwiftUI reads the getter at once (OpenSwiftUI's reading: the binding keeps the value).
    ///
    /// NB: SwiftUI calls the closures synchronously; outside the SDK that conversion is a warning
    /// ("will be an error in a future Swift language mode"), the one this module compiles with.
    @preconcurrency
    public init(get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void) {
        location = FunctionalLocation(get: get as () -> Value, set: set as (Value) -> Void)
        _ = location.read()
    }

    /// Creates a binding with an immutable value.
    ///
    /// https://developer.apple.com/documentation/swiftui/binding/constant(_:)
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(location: FunctionalLocation(get: { value }, set: { _ in }))
    }

    /// The underlying value referenced by the binding variable.
    ///
    /// https://developer.apple.com/documentation/swiftui/binding/wrappedvalue
    public var wrappedValue: Value {
        get { location.read() }
        nonmutating set { location.write(newValue) }
    }

    /// A projection of the binding value that returns a binding.
    ///
    /// https://developer.apple.com/documentation/swiftui/binding/projectedvalue
    public var projectedValue: Binding<Value> { self }

    /// Returns a binding to the resulting value of a given key path.
    ///
    /// https://developer.apple.com/documentation/swiftui/binding/subscript(dynamicmember:) — sure.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(location: location.projecting(keyPath))
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
