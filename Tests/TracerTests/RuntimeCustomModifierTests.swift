import Foundation
import Testing
@testable import Tracer

/// A modifier with state of its own: a highlight toggled by its own button.
private struct Highlight: ViewModifier {
    @State private var isOn = false

    func body(content: Content) -> some View {
        VStack {
            content.opacity(isOn ? 1 : 0.5)
            Button("Highlight") { isOn.toggle() }
        }
    }
}

/// A label that never changes, wrapped in `Highlight`.
private struct Label: View {
    var body: some View { Text("label") }
}

private struct Highlighted: View {
    var body: some View { Label().modifier(Highlight()) }
}

/// Shows a counter or a text through `AnyView`, switched by a button.
private struct Erased: View {
    @State private var showsCounter = true

    var body: some View {
        VStack {
            Button("Switch") { showsCounter.toggle() }
            showsCounter ? AnyView(CountingView(title: "Count")) : AnyView(Text("text"))
        }
    }
}


/// What the tasks of `Loader` saw: the ids they started for and the ids they saw cancelled.
private final class TaskLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []

    func append(_ entry: String) { lock.withLock { entries.append(entry) } }
    var all: [String] { lock.withLock { entries } }

    /// Whether the entries come to satisfy `condition`, polling without blocking a thread (the
    /// tasks logging here need one).
    ///
    /// NB: the 30 s deadline only keeps a broken run from hanging; it is not a timing assertion.
    func eventually(_ condition: ([String]) -> Bool) async -> Bool {
        for _ in 0..<3_000 where !condition(all) { try? await Task.sleep(nanoseconds: 10_000_000) }
        return condition(all)
    }
}

/// Loads for its `id` in a task that waits until cancelled.
private struct Loader: View {
    let id: Int
    let log: TaskLog

    var body: some View {
        Text("item \(id)").task(id: id) { [log, id] in
            log.append("start \(id)")
            while !Task.isCancelled { try? await Task.sleep(nanoseconds: 1_000_000) }
            log.append("cancelled \(id)")
        }
    }
}

private struct LoaderHost: View {
    @State private var id = 1
    @State private var isShown = true
    let log: TaskLog

    var body: some View {
        VStack {
            Button("Next") { id += 1 }
            Button("Hide") { isShown = false }
            if isShown { Loader(id: id, log: log) }
        }
    }
}

@Suite("Runtime: ViewModifier, AnyView, task(id:)")
struct RuntimeCustomModifierTests {
    @Test("A ViewModifier is a view of its own named by its type: its @State re-evaluates its body, and the content it wraps is skipped when unchanged (SwiftUI: ViewModifier)")
    func customModifier() throws {
        let harness = RecordingGraph()
        harness.graph.mount(Highlighted())
        let modifier = "Highlighted/Highlight"
        #expect(harness.graph.contains(path: modifier + "/VStack/Label"))
        let before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Highlight")
        #expect(harness.events(.write, after: before).map(\.view) == [modifier])
        #expect(harness.evaluatedViews(after: before) == [modifier])
        #expect(harness.skippedViews(after: before) == [modifier + "/VStack/Label"])
    }

    @Test("AnyView takes its content's identity from the wrapped type: another type replaces the view and its state (SwiftUI: AnyView)")
    func anyViewIdentity() throws {
        let harness = RecordingGraph()
        harness.graph.mount(Erased())
        let counter = "Erased/VStack/CountingView"
        try harness.graph.tap(buttonTitled: "Count")
        #expect((harness.graph.view(at: counter + "/VStack/Text") as? Text)?.content == "1")
        try harness.graph.tap(buttonTitled: "Switch")
        #expect(harness.events(.unmount, view: counter).count == 1)
        #expect(harness.graph.contains(path: "Erased/VStack/Text"))
        try harness.graph.tap(buttonTitled: "Switch")
        #expect(harness.events(.stateInit, view: counter).count == 2)
        #expect((harness.graph.view(at: counter + "/VStack/Text") as? Text)?.content == "0")
    }

    @Test("task(id:) starts when the view appears, is cancelled and restarted when id changes, and is cancelled when the view disappears (SwiftUI: task(id:priority:_:))")
    func taskWithID() async throws {
        let harness = RecordingGraph()
        let log = TaskLog()
        harness.graph.mount(LoaderHost(log: log))
        #expect(await log.eventually { $0 == ["start 1"] })
        try harness.graph.tap(buttonTitled: "Next")
        #expect(await log.eventually { Set($0) == ["start 1", "cancelled 1", "start 2"] })
        try harness.graph.tap(buttonTitled: "Hide")
        #expect(await log.eventually { $0.last == "cancelled 2" })
        #expect(log.all.count == 4)
    }
}
