// The update context, as OpenSwiftUI reads SwiftUI (OpenSwiftUIProject/OpenSwiftUI at 069dd80):
// a read of a `State` or a `Binding` is a dependency only while the graph updates, a `State` write
// during an update is dropped, and the counters tests and `adapter-bench` read.
//
// How sure, rule by rule (each cites the line it models):
// - A read is a dependency only during an update (`State.getValue(forReading:)` sets `wasRead`
//   only when `GraphHost.isUpdating`, OpenSwiftUICore/Data/State/State.swift:389-391;
//   `Binding.readValue` when `Update.threadIsUpdating`, Data/Binding/Binding.swift:422-423).
//   OpenSwiftUI's reading of Apple's binary, not Apple's documentation: fairly sure. The stand-in
//   has one thread-local flag where SwiftUI asks the graph host (State) or the thread (Binding).
// - A `State` write during an update is dropped with "Modifying state during view update, this
//   will cause undefined behavior." (Data/State/StoredLocation.swift:120-122): sure of the message
//   (Xcode shows it to every app that does it), fairly sure that the write is dropped.
// - Outside an update, a read is the location's current value and records nothing
//   (State.swift:394-395, Binding.swift:426-427): fairly sure.

import Foundation

/// Stand-in only: what the stand-in's `State`s and `Binding`s did on the calling thread, which a
/// test or a benchmark reads before and after an operation.
public struct StandInCounters: Equatable, Sendable {
    /// Key path projections of a binding (`$x.member`, `Binding.subscript(dynamicMember:)`).
    public var projections = 0
    /// Locations allocated: a projection not in its base's cache, a `Binding(get:set:)`, a
    /// `.constant` binding.
    public var locationAllocations = 0
    /// Reads of a value during an update: each a dependency of the view being updated.
    public var trackedReads = 0
    /// Reads of a value outside an update: no dependency.
    public var untrackedReads = 0
    /// Writes that changed a stored value: each an invalidation.
    public var invalidations = 0
    /// `State` writes dropped because they came during an update.
    public var writesDuringUpdate = 0
    /// Projected locations freed: their cache entry no longer keeps them.
    public var releasedProjections = 0

    /// The counts of `self` less those of `earlier`.
    public func since(_ earlier: StandInCounters) -> StandInCounters {
        StandInCounters(
            projections: projections - earlier.projections, locationAllocations: locationAllocations - earlier.locationAllocations,
            trackedReads: trackedReads - earlier.trackedReads, untrackedReads: untrackedReads - earlier.untrackedReads,
            invalidations: invalidations - earlier.invalidations, writesDuringUpdate: writesDuringUpdate - earlier.writesDuringUpdate,
            releasedProjections: releasedProjections - earlier.releasedProjections)
    }
}

/// The calling thread's update depth and counters.
final class StandInThread {
    /// How many `standInUpdate` calls the thread is inside.
    var updates = 0
    var counters = StandInCounters()

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        // NB: the destructor's pointer is optional on Glibc, not on Darwin.
        pthread_key_create(&key) { ($0 as UnsafeMutableRawPointer?).map { Unmanaged<StandInThread>.fromOpaque($0).release() } }
        return key
    }()

    /// The calling thread's state, made on its first use.
    static var current: StandInThread {
        if let stored = pthread_getspecific(key) { return Unmanaged<StandInThread>.fromOpaque(stored).takeUnretainedValue() }
        let thread = StandInThread()
        pthread_setspecific(key, Unmanaged.passRetained(thread).toOpaque())
        return thread
    }

    /// Whether the calling thread is inside an update.
    static var isUpdating: Bool { current.updates > 0 }
}

/// Stand-in only: runs `body` as SwiftUI runs a view's body, inside a graph update on this thread:
/// the `State` and `Binding` reads in it are dependencies, its `State` writes are dropped.
public func standInUpdate<Result>(_ body: () throws -> Result) rethrows -> Result {
    let thread = StandInThread.current
    thread.updates += 1
    defer { thread.updates -= 1 }
    return try body()
}

/// Stand-in only: the calling thread's counters so far.
public var standInCounters: StandInCounters { StandInThread.current.counters }

/// SwiftUI's runtime warning for a `State` used before it is installed (State.swift:379).
let notInstalledWarning = "Accessing State's value outside of being installed on a View. This will result in a constant Binding of the initial value and will not update."

/// SwiftUI's runtime warning for a `State` written during an update (StoredLocation.swift:121).
public let standInWriteDuringUpdateWarning = "Modifying state during view update, this will cause undefined behavior."

/// Prints a runtime warning, as SwiftUI logs one (Xcode shows it as a runtime issue).
func standInWarn(_ message: String) {
    FileHandle.standardError.write(Data("SwiftUI: \(message)\n".utf8))
}
