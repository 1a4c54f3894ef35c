// State as Apple declares it (Xcode 16 SDKs), over the stand-in's locations (Location.swift) and
// update context (Update.swift). Its reads and writes follow OpenSwiftUI's reading (069dd80,
// OpenSwiftUICore/Data/State/State.swift), each rule citing its line.
//
// NB: the module is built with library evolution (StandInPackage.swift), and `State` is no more
// inlinable than Apple's interface declares it (`@frozen`, accessors not inlinable): a client
// calls its accessors, as an app calls SwiftUI's.

import Foundation

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
    /// ("You can safely mutate state properties from any thread"). A read is a dependency during
    /// an update only (State.swift:389-391), else the location's value (394-395); before install
    /// the initial value (386-387). A write before install is dropped silently (State.swift:345-347:
    /// the warning comes on `$x`); during an update it is dropped with SwiftUI's message
    /// (StoredLocation.swift:120-122).
    public var wrappedValue: Value {
        get {
            guard location.isInstalled else { return location.get() }
            let thread = StandInThread.current
            if thread.updates > 0 {
                thread.counters.trackedReads += 1
                location.counts.trackedReads += 1
            } else {
                thread.counters.untrackedReads += 1
            }
            return location.get()
        }
        nonmutating set {
            guard location.isInstalled else { return }
            location.set(newValue)
        }
    }

    /// A binding to the state value: the state's own location, with the value it has now, read
    /// as no dependency (`getValue(forReading: false)`, State.swift:376-383). Before install, a
    /// constant binding of the initial value, with SwiftUI's warning (State.swift:378-380).
    ///
    /// https://developer.apple.com/documentation/swiftui/state/projectedvalue
    public var projectedValue: Binding<Value> {
        guard location.isInstalled else {
            standInWarn(notInstalledWarning)
            return .constant(location.get())
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
    /// How many reads during an update (dependencies) through the state or a binding to it it has seen.
    var standInReads: Int { get }
    /// How many writes (invalidations, in SwiftUI) the state has seen.
    var standInWrites: Int { get }
    /// The identity of the state's storage, the root of every binding projected from it.
    var standInLocation: ObjectIdentifier { get }
}

extension State: StandInStateInspectable {
    public var standInReads: Int { location.counts.trackedReads }
    public var standInWrites: Int { location.counts.writes }
    public var standInLocation: ObjectIdentifier { ObjectIdentifier(location.root) }
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
