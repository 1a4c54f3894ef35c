// A minimal model of SwiftUI's locations, as OpenSwiftUI (069dd80) reads them: the value lives in
// a location object; a state's binding is its location; a key path projection is a location its
// base caches weakly per key path, so a binding's identity (what SwiftUI compares when it decides
// whether a child's inputs changed) is its location's identity while someone holds it.

import Foundation
import Synchronization

/// Where a state's or a binding's value lives.
///
/// NB: `@unchecked Sendable`: the projection cache is locked; a stored value is read and written
/// from one thread at a time in the stand-in's tests.
public class StandInLocation<Value>: @unchecked Sendable {
    /// Key path projections of this location, held weakly: a projection nobody holds is freed
    /// and made again on the next access. OpenSwiftUI: `LocationProjectionCache.cache` is
    /// `[AnyHashable: WeakBox<AnyLocationBase>]` (Data/Binding/Location.swift:177, 193;
    /// `WeakBox.base` is `weak`, Data/Util/Box.swift:73-74), taken under the location's lock
    /// (StoredLocation.swift:114). Sure of the weak entries (both lines agree); the stand-in keys
    /// by the key path where SwiftUI keys by the projection that wraps it.
    private let projections = Mutex<[AnyKeyPath: WeakLocation]>([:])

    /// The stored location at the root of the projection chain.
    var root: StoredLocationBase { fatalError("abstract") }

    /// The current value, recording nothing (SwiftUI's `get()`).
    func get() -> Value { fatalError("abstract") }
    /// Stores `value` (SwiftUI's `set(_:transaction:)`).
    func set(_ value: Value) { fatalError("abstract") }

    /// The location of `keyPath` in this location's value: the same object while someone holds it.
    func projecting<Subject>(_ keyPath: WritableKeyPath<Value, Subject>) -> StandInLocation<Subject> {
        projections.withLock { projections in
            if let cached = projections[keyPath]?.location as? StandInLocation<Subject> { return cached }
            let projection = ProjectedLocation(base: self, keyPath: keyPath)
            projections[keyPath] = WeakLocation(location: projection)
            StandInThread.current.counters.locationAllocations += 1
            return projection
        }
    }
}

/// A projection cache entry, which does not keep its location (OpenSwiftUI's `WeakBox`).
private struct WeakLocation {
    weak var location: AnyObject?
}

/// What every stored location counts: the tracked reads and the invalidations of one state.
public class StoredLocationBase {
    /// Reads during an update (dependencies) through the state or a binding reaching it.
    var trackedReads = 0
    /// Writes that changed the value (invalidations).
    var writes = 0
}

/// A state's own storage: the initial value until a view's graph installs it (`standInInstall`).
///
/// What it models, and how sure:
/// - An equal write of an `Equatable` value is no invalidation: fairly sure (OpenSwiftUI's
///   `compareValues` before it commits, StoredLocation.swift:131); a value that is not
///   `Equatable` invalidates on every write here, where SwiftUI may compare some of them by their
///   bytes (not modelled).
/// - A write during an update is dropped with SwiftUI's message (StoredLocation.swift:120-122).
@usableFromInline
final class StoredLocation<Value>: StandInLocation<Value>, @unchecked Sendable {
    private var value: Value
    let counts = StoredLocationBase()
    private(set) var isInstalled = false

    init(_ value: Value) { self.value = value }

    /// Gives the state its storage, as SwiftUI does when it installs the view holding it.
    func install() { isInstalled = true }

    override var root: StoredLocationBase { counts }
    override func get() -> Value { value }

    override func set(_ newValue: Value) {
        let thread = StandInThread.current
        guard thread.updates == 0 else {
            thread.counters.writesDuringUpdate += 1
            return standInWarn(standInWriteDuringUpdateWarning)
        }
        if standInEqual(value, newValue) == true { return }
        value = newValue
        counts.writes += 1
        thread.counters.invalidations += 1
    }
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

/// A location reached through a key path from a base location; it keeps its base.
///
/// OpenSwiftUI: `ProjectedLocation.set` reads its base with `get()` (no dependency), sets the
/// projection in it and writes the base back (Data/Binding/Location.swift:393-396).
final class ProjectedLocation<Base, Value>: StandInLocation<Value>, @unchecked Sendable {
    private let base: StandInLocation<Base>
    private let keyPath: WritableKeyPath<Base, Value>

    init(base: StandInLocation<Base>, keyPath: WritableKeyPath<Base, Value>) {
        self.base = base
        self.keyPath = keyPath
    }

    deinit { StandInThread.current.counters.releasedProjections += 1 }

    override var root: StoredLocationBase { base.root }
    override func get() -> Value { base.get()[keyPath: keyPath] }

    override func set(_ value: Value) {
        var whole = base.get()
        whole[keyPath: keyPath] = value
        base.set(whole)
    }
}

/// A location made of a getter and a setter (`Binding.init(get:set:)`, `.constant`).
final class FunctionalLocation<Value>: StandInLocation<Value>, @unchecked Sendable {
    private let getValue: () -> Value
    private let setValue: (Value) -> Void
    /// Counts nothing: a functional location stores no state.
    private let counts = StoredLocationBase()

    init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        getValue = get
        setValue = set
        StandInThread.current.counters.locationAllocations += 1
    }

    override var root: StoredLocationBase { counts }
    override func get() -> Value { getValue() }
    override func set(_ value: Value) { setValue(value) }
}
