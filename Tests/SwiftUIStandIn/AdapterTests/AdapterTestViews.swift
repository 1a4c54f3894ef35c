import Foundation
import SwiftUI
import TracerSwiftUI
import TracerSwiftUICore

/// A counter kept in `@TracedState`, with a traced body.
struct Counter: View {
    @TracedState var count = 0

    var body: some View {
        traced { Text("\(count)") }
    }
}

/// A level kept in `@TracedState`, written through its binding.
struct Dial: View {
    @TracedState var level = 0

    var body: some View {
        traced { Text("\(level)") }
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

/// A model whose `@Published` flag announces changes.
final class Tracker: ObservableObject {
    @Published var isHidden = false
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
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap {
        try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
}

/// The recorded events of `kind` about `view`.
func recorded(_ kind: String, view: String) -> [[String: Any]] {
    recordedLines().filter { $0["kind"] as? String == kind && $0["view"] as? String == view }
}

/// How many writes (invalidations, in SwiftUI) the stand-in `State` at `path` (labels, by
/// reflection) inside `view` has seen.
func stateWrites(in view: Any, at path: String...) -> Int? {
    var value = view
    for label in path {
        guard let child = Mirror(reflecting: value).children.first(where: { $0.label == label }) else { return nil }
        value = child.value
    }
    return (value as? any StandInStateInspectable)?.standInWrites
}
