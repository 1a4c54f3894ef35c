import Foundation
import SwiftUI
import Testing
import TracerSwiftUI
import TracerSwiftUICore

/// A counter kept in `@TracedState`, with a traced body.
struct Counter: View {
    @TracedState var count = 0

    var body: some View {
        traced { Text("\(count)") }
    }
}

/// A generic view whose `@TracedState` has no initial value (its memberwise init gives it one,
/// as a generic `@State var value: Value` takes it) beside an optional one starting at nil.
struct Holder<Value>: View {
    @TracedState var value: Value
    @TracedState var selection: Int?

    var body: some View { Text("holder") }
}

/// A count kept in `@TracedState` that a test writes without a body.
struct Tally: View {
    @TracedState var count = 0

    var body: some View { Text("tally") }
}

/// A count whose traced body writes it (a write SwiftUI drops, as made during an update).
struct Resetter: View {
    @TracedState var count = 1

    var body: some View {
        traced {
            count = 0
            return Text("reset")
        }
    }
}

/// A level kept in `@TracedState`, written through its binding.
struct Dial: View {
    @TracedState var level = 0

    var body: some View {
        traced { Text("\(level)") }
    }
}

/// A page kept in `@TracedState`, whose traced body runs a child's traced body: a write links to
/// this view's next evaluation, never to the child's.
struct Pager: View {
    @TracedState var page = 0

    var body: some View {
        traced { PageLabel(page: page).body }
    }
}

/// The child `Pager`'s body runs: its evaluations follow its parent's, which the adapter cannot link.
struct PageLabel: View {
    let page: Int

    var body: some View {
        traced { Text("\(page)") }
    }
}

/// A count kept in `@TracedState` whose child (`ShelfLabel`) is traced under its scope.
struct Shelf: View {
    @TracedState var count = 0

    var body: some View {
        traced { ShelfLabel(scope: TracePath.none.appending("Shelf"), count: count) }
    }
}

/// A child traced under the scope its parent sets (what `@Environment(\.tracePath)` gives under
/// `.traceScope("Shelf")`): named `Shelf/ShelfLabel`, its body run after its parent's, as SwiftUI runs it.
struct ShelfLabel: View {
    let scope: TracePath
    let count: Int

    var body: some View {
        traced(scope: scope) { Text("\(count)") }
    }
}

/// An offset kept in `@TracedViewStorage`, with a traced body.
struct Scroller: View {
    @TracedViewStorage var offset = 0.0

    var body: some View {
        traced { Text("\(offset)") }
    }
}

/// A view whose traced body takes a known time and runs a child's body inside it.
struct Parent: View {
    var body: some View {
        traced {
            spin(1_000_000)
            return Child().body
        }
    }
}

/// A view whose traced body takes a known time.
struct Child: View {
    var body: some View {
        traced {
            spin(10_000_000)
            return Text("child")
        }
    }
}

/// A model whose offset an `@Observable` view reads.
@Observable final class Feed {
    var offset = 0.0
}

/// A view whose traced body reads an `@Observable` model it holds.
struct FeedView: View {
    let feed: Feed

    var body: some View {
        traced { Text("\(feed.offset)") }
    }
}

/// One of several views reading the same model, its traced body named per instance.
struct FeedRow: View {
    let feed: Feed
    let index: Int

    var body: some View {
        traced("Row[\(index)]") { Text("\(feed.offset)") }
    }
}

/// A row named per instance by a label longer than a small string (its text is heap-allocated).
struct SectionRow: View {
    let section: Int
    let index: Int

    var body: some View {
        traced("Section \(section), row \(index)") { Text("row") }
    }
}

/// A model whose `@Published` flag announces changes.
final class Tracker: ObservableObject {
    @Published var isHidden = false
}

/// A model that publishes off the main thread.
///
/// NB: `@unchecked Sendable`: a test writes it from one other thread, then waits for it.
final class BackgroundTracker: ObservableObject, @unchecked Sendable {
    @Published var isHidden = false
}

/// A view that owns a level and only passes its binding down: its body reads no state.
struct Knob: View {
    @TracedState var level = 0

    var body: Gauge {
        traced { Gauge(level: $level) }
    }
}

/// A view that shows a level it is bound to.
struct Gauge: View {
    @Binding var level: Int

    var body: some View {
        traced { Text("\(level)") }
    }
}

/// A count in `@State` beside one in `@TracedState`: the same writes go to both.
struct Twins: View {
    @State var plain = 0
    @TracedState var traced = 0

    var body: some View { Text("\(plain) \(traced)") }

    /// Writes `value` to both counts.
    func write(_ value: Int) {
        plain = value
        traced = value
    }
}

/// The rules that hold with recording on and off alike (each suite runs them): Tracer changes
/// neither what a body reads nor the binding a child receives, and a model may publish from any
/// thread.
@MainActor
enum SameOnAndOff {
    /// A write, its view's evaluation and a scoped child's after it (what `tx` and paths record)
    /// read what they read without Tracer: the parent its count once per update, the child
    /// nothing. Recording adds no dependency, so no evaluation SwiftUI would not run.
    @discardableResult
    static func updatesAndPathsAddNoRead() -> Shelf {
        let shelf = standInInstall(Shelf())
        // NB: its first traced body names its properties (a write before it is named `line N`).
        _ = standInUpdate { shelf.body }
        for value in 1...3 {
            shelf.count = value
            let label = standInUpdate { shelf.body }
            _ = standInUpdate { label.body }
        }
        #expect(stateReads(in: shelf, at: "_count", "state") == 4, "the parent reads its count once per update, the child none")
        #expect(shelf.count == 3)
        return shelf
    }

    /// A body that passes `$level` down reads no state; a body that shows `count` reads it once,
    /// during the update that runs it (a dependency), and not outside one.
    static func bodiesReadWhatTheyReadWithoutTracer() {
        let knob = standInInstall(Knob())
        _ = standInUpdate { knob.body }
        #expect(stateReads(in: knob, at: "_level", "state") == 0)
        let counter = standInInstall(Counter())
        _ = standInUpdate { counter.body }
        #expect(stateReads(in: counter, at: "_count", "state") == 1)
        _ = counter.body
        #expect(stateReads(in: counter, at: "_count", "state") == 1, "a body run outside an update records no dependency")
    }

    /// A write through the property or through `$x`, in an action (outside an update), adds no
    /// dependency and takes no projection through the property; inside an update it reads
    /// nothing and is dropped, as a `@State`'s.
    ///
    /// `x = v` reads the old value by the `State`'s getter at most once (recording on), outside
    /// an update, where that read records nothing.
    static func aTracedWriteAddsNoRead() {
        let tally = standInInstall(Tally())
        let before = standInCounters
        tally.count = 1
        let write = standInCounters.since(before)
        #expect(write.projections == 0, "x = v takes no projection")
        #expect(write.trackedReads == 0)
        #expect(write.untrackedReads <= 1)
        #expect(write.locationAllocations == 0)
        let beforeBinding = standInCounters
        tally.$count.wrappedValue = 2
        #expect(standInCounters.since(beforeBinding).trackedReads == 0)
        #expect(standInCounters.since(beforeBinding).projections <= 1, "$x is at most one projection")
        #expect(tally.count == 2)
        let resetter = standInInstall(Resetter())
        let beforeUpdate = standInCounters
        _ = standInUpdate { resetter.body }
        #expect(standInCounters.since(beforeUpdate).trackedReads == 0, "a write in a traced body reads no state")
        #expect(standInCounters.since(beforeUpdate).writesDuringUpdate == 1)
        #expect(resetter.count == 1, "SwiftUI drops a State write during an update")
        #expect(stateReads(in: tally, at: "_count", "state") == 0)
        #expect(stateReads(in: resetter, at: "_count", "state") == 0)
    }

    /// The child's binding is the owner's `State` location, projected, and the same on every
    /// evaluation: SwiftUI sees unchanged inputs, as for `$x` of a `@State`.
    static func theChildsBindingIsTheStatesOwnAndStable() {
        let knob = standInInstall(Knob())
        let first = knob.body.$level
        let second = knob.body.$level
        #expect(first.standInLocation == second.standInLocation)
        #expect(first.standInRoot == stateLocation(in: knob, at: "_level", "state"))
        first.wrappedValue = 4
        #expect(knob.level == 4)
        #expect(stateWrites(in: knob, at: "_level", "state") == 1)
    }

    /// A child reading `$x.binding` of a `@TracedViewStorage` during an update sees the value
    /// written before its parent passed the binding: SwiftUI's binding keeps the value it was
    /// made with, so a write makes the next binding a new one.
    static func theStoragesBindingIsCurrentInAChild() {
        let scroller = standInInstall(Scroller())
        let first = scroller.$offset.binding
        #expect(scroller.$offset.binding.standInLocation == first.standInLocation, "the same binding until a write")
        scroller.offset = 5
        let passed = scroller.$offset.binding
        #expect(standInUpdate { passed.wrappedValue } == 5)
        passed.wrappedValue = 6
        #expect(standInUpdate { scroller.$offset.binding.wrappedValue } == 6)
    }

    /// An equal write of an `Equatable` value invalidates a `@TracedState` no more than a `@State`.
    static func anEqualWriteInvalidatesAsWithState() {
        let twins = standInInstall(Twins())
        for value in [1, 1, 2, 2, 2, 3] { twins.write(value) }
        #expect(stateWrites(in: twins, at: "_plain") == 3)
        #expect(stateWrites(in: twins, at: "_traced", "state") == 3)
    }

    /// Before its view is installed, a `@TracedState` keeps its initial value through a write, as a
    /// `@State` does (SwiftUI warns and drops the write).
    static func aWriteBeforeInstallIsDroppedAsWithState() {
        let twins = Twins()
        twins.write(5)
        #expect(twins.plain == 0)
        #expect(twins.traced == 0)
        standInInstall(twins).write(6)
        #expect(twins.plain == 6)
        #expect(twins.traced == 6)
    }

    /// `objectWillChange` sent on another thread reaches `tracedChanges(of:)`'s action there.
    static func aModelPublishesOffTheMainThread() {
        let tracker = BackgroundTracker()
        _ = Text("").tracedChanges(of: tracker)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            tracker.isHidden = true
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(tracker.isHidden)
    }
}

/// Busy-waits `nanoseconds` on the monotonic clock.
func spin(_ nanoseconds: UInt64) {
    let start = DispatchTime.now().uptimeNanoseconds
    while DispatchTime.now().uptimeNanoseconds - start < nanoseconds {}
}

/// The events recorded so far into `TRACER_OUTPUT`, as JSON objects (header first).
func recordedLines() -> [[String: Any]] {
    guard let session = SwiftUITrace.session, let path = ProcessInfo.processInfo.environment["TRACER_OUTPUT"] else { return [] }
    session.recorder.flush()
    return recordedLines(at: path)
}

/// The events in the trace file at `path`, as JSON objects.
func recordedLines(at path: String) -> [[String: Any]] {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap {
        try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
}

/// The recorded events of `kind` about `view`.
func recorded(_ kind: String, view: String) -> [[String: Any]] {
    recordedLines().filter { $0["kind"] as? String == kind && $0["view"] as? String == view }
}

/// The stand-in `State` at `path` (labels, by reflection) inside `view`.
func state(in view: Any, at path: [String]) -> (any StandInStateInspectable)? {
    var value = view
    for label in path {
        guard let child = Mirror(reflecting: value).children.first(where: { $0.label == label }) else { return nil }
        value = child.value
    }
    return value as? any StandInStateInspectable
}

/// How many writes (invalidations, in SwiftUI) the `State` at `path` inside `view` has seen.
func stateWrites(in view: Any, at path: String...) -> Int? { state(in: view, at: path)?.standInWrites }

/// How many reads (dependencies, in a body) the `State` at `path` inside `view` has seen.
func stateReads(in view: Any, at path: String...) -> Int? { state(in: view, at: path)?.standInReads }

/// The identity of the storage of the `State` at `path` inside `view`.
func stateLocation(in view: Any, at path: String...) -> ObjectIdentifier? { state(in: view, at: path)?.standInLocation }
