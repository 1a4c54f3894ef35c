import Foundation
import Synchronization
import Testing
@testable import Tracer

/// Counts how many view models a scenario created.
final class CreationCounter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

private final class ChildViewModel: ObservableObject {
    @Published var title: String

    init(title: String, counter: CreationCounter) {
        self.title = title
        counter.increment()
    }
}

/// Seed 004: the child creates its own view model in the `@StateObject` autoclosure.
private struct OwningChild: View {
    @StateObject var viewModel: ChildViewModel
    let label: String

    init(label: String, counter: CreationCounter) {
        self.label = label
        _viewModel = StateObject(wrappedValue: ChildViewModel(title: "Hello World", counter: counter))
    }

    var body: some View { Text("\(label): \(viewModel.title)") }
}

/// Seed 004: the child observes a view model someone else made.
private struct ObservingChild: View {
    @ObservedObject var viewModel: ChildViewModel

    var body: some View { Text(viewModel.title) }
}

private struct OwningParent: View {
    @State private var taps = 0
    let counter: CreationCounter

    var body: some View {
        VStack {
            Button("Tap") { taps += 1 }
            OwningChild(label: "taps \(taps)", counter: counter)
        }
    }
}

private struct InlineParent: View {
    @State private var taps = 0
    let counter: CreationCounter

    var body: some View {
        let viewModel = ChildViewModel(title: "Hello World \(taps)", counter: counter)
        VStack {
            Button("Tap") { taps += 1 }
            ObservingChild(viewModel: viewModel)
        }
    }
}

/// Rows in a lazy stack, each owning a `@StateObject`.
private struct LazyOwningParent: View {
    let counter: CreationCounter

    var body: some View {
        LazyVStack {
            ForEach(0..<50) { row in OwningChild(label: "row \(row)", counter: counter) }
        }
    }
}

/// Seed 004's fix: the parent's model keeps a find-or-create cache of the rows' models.
private final class ParentViewModel: ObservableObject {
    var childViewModelCache: [Int: ChildViewModel] = [:]
    let counter: CreationCounter
    /// False: the cache is bypassed, as if the parent made the models inline.
    let caching: Bool

    init(counter: CreationCounter, caching: Bool) {
        self.counter = counter
        self.caching = caching
    }

    func childViewModel(for identifier: Int) -> ChildViewModel {
        if caching, let existing = childViewModelCache[identifier] { return existing }
        let created = ChildViewModel(title: "row \(identifier)", counter: counter)
        childViewModelCache[identifier] = created
        return created
    }
}

private struct CachingParent: View {
    @StateObject var viewModel: ParentViewModel

    init(counter: CreationCounter, caching: Bool = true) {
        _viewModel = StateObject(wrappedValue: ParentViewModel(counter: counter, caching: caching))
    }

    var body: some View {
        LazyHStack {
            ForEach(0..<50) { row in ObservingChild(viewModel: viewModel.childViewModel(for: row)) }
        }
    }
}

@Suite("Runtime: seed 004, @StateObject and lazy stacks")
struct RuntimeStateObjectTests {
    @Test("A @StateObject autoclosure runs once per identity, however often the parent evaluates")
    func stateObjectAutoclosureRunsOnce() throws {
        let harness = RecordingGraph()
        let counter = CreationCounter()
        harness.graph.mount(OwningParent(counter: counter))
        for _ in 1...3 { try harness.graph.tap(buttonTitled: "Tap") }
        #expect(counter.value == 1)
        let child = "OwningParent/VStack/OwningChild"
        // One state-init, at the mount; the parent's new values of the child observe the same object.
        #expect(harness.events(.stateInit, view: child).map(\.wrapper) == [WrapperKind.stateObject.name])
        #expect(harness.events(.bodyEval, view: child).map(\.reason) == [
            EvalReason.initial.name, EvalReason.inputsChanged.name, EvalReason.inputsChanged.name,
            EvalReason.inputsChanged.name,
        ])
    }

    @Test("A view model made inline in the parent's body is re-created on every parent evaluation")
    func inlineViewModelIsRecreated() throws {
        let harness = RecordingGraph()
        harness.graph.mount(InlineParent(counter: CreationCounter()))
        for _ in 1...3 { try harness.graph.tap(buttonTitled: "Tap") }
        let child = "InlineParent/VStack/ObservingChild"
        let evaluations = harness.events(.bodyEval, view: child)
        #expect(evaluations.map(\.reason) == [
            EvalReason.initial.name, EvalReason.inputsChanged.name, EvalReason.inputsChanged.name,
            EvalReason.inputsChanged.name,
        ])
        #expect(harness.events(.skip, view: child).isEmpty)
        // Each evaluation observes a model the graph has never seen: one state-init per evaluation,
        // led to by what led to the evaluation.
        let inits = harness.events(.stateInit, view: child)
        #expect(inits.map(\.wrapper) == Array(repeating: WrapperKind.observedObject.name, count: 4))
        #expect(inits.map(\.prop) == Array(repeating: "viewModel", count: 4))
        #expect(inits.allSatisfy { $0.site?.hasPrefix("TracerTests/RuntimeStateObjectTests.swift:") == true })
        #expect(inits.map(\.cause) == evaluations.map(\.cause))
    }

    @Test("A lazy row scrolled out and back has lost its @StateObject: unmount, mount, state-init again")
    func lazyRowLosesStateObject() throws {
        let harness = RecordingGraph(defaultViewport: 0..<10)
        let counter = CreationCounter()
        harness.graph.mount(LazyOwningParent(counter: counter))
        #expect(counter.value == 10)
        #expect(harness.graph.paths.filter { $0.hasSuffix("]") }.count == 10)
        let row0 = "LazyOwningParent/LazyVStack/OwningChild[0]"
        #expect(harness.events(.mount, view: row0).count == 1)

        try harness.graph.setViewport(10..<20)
        #expect(harness.events(.unmount, view: row0).count == 1)
        #expect(harness.graph.contains(path: row0) == false)
        // Rows 5–9 lie within the cache margin of the new window: kept, with their models.
        #expect(harness.graph.paths.filter { $0.hasSuffix("]") }.count == 10 + harness.graph.lazyStackCacheMargin)

        try harness.graph.setViewport(0..<10)
        #expect(harness.events(.mount, view: row0).count == 2)
        #expect(harness.events(.stateInit, view: row0).map(\.wrapper) == [WrapperKind.stateObject.name, WrapperKind.stateObject.name])
        #expect(counter.value == 10 + 10 + 5)
    }

    @Test("A lazy-stack row scrolled just out of view keeps its state within the cache margin and loses it when scrolled far away (SwiftUI: lazy stacks keep rows near the visible ones; seed 004)")
    func lazyStackCacheMargin() throws {
        let harness = RecordingGraph(defaultViewport: 0..<10)
        let counter = CreationCounter()
        harness.graph.mount(LazyOwningParent(counter: counter))
        let row0 = "LazyOwningParent/LazyVStack/OwningChild[0]"
        #expect(harness.graph.lazyStackCacheMargin == 5)

        try harness.graph.setViewport(5..<15)  // row 0 is 5 rows above the window: kept
        #expect(harness.events(.unmount, view: row0).isEmpty)
        try harness.graph.setViewport(0..<10)
        #expect(harness.events(.stateInit, view: row0).count == 1)

        try harness.graph.setViewport(6..<16)  // 6 rows above: beyond the margin
        #expect(harness.events(.unmount, view: row0).count == 1)
        try harness.graph.setViewport(0..<10)
        #expect(harness.events(.stateInit, view: row0).count == 2)
    }

    @Test("A parent-owned find-or-create cache keeps the rows' view models across scrolling", arguments: [true, false])
    func parentCacheKeepsViewModels(caching: Bool) throws {
        let harness = RecordingGraph(defaultViewport: 0..<10)
        harness.graph.lazyStackCacheMargin = 0  // a row leaving the window unmounts at once
        harness.graph.mount(CachingParent(counter: CreationCounter(), caching: caching))
        try harness.graph.setViewport(5..<15)
        try harness.graph.setViewport(0..<10)
        let row0 = "CachingParent/LazyHStack/ObservingChild[0]"
        #expect(harness.events(.mount, view: row0).count == 2)
        #expect(harness.events(.unmount, view: row0).count == 1)
        let inits = harness.events(.stateInit).filter { $0.wrapper == WrapperKind.observedObject.name }
        if caching {
            // Each row's model is made once, however often its row is built or mounted.
            #expect(inits.count == 15)
            #expect(harness.events(.stateInit, view: row0).count == 1)
        } else {
            // Without the cache every build of a row makes a model: 10, then 10 again, then 10.
            #expect(inits.count == 30)
            #expect(harness.events(.stateInit, view: row0).count == 2)
        }
    }

    @Test("A new viewport is a write of the stack's viewport caused by the owner's evaluation that made the rows' content; the rows name it, and the inputs that differed")
    func viewportChangeHasRecordedCause() throws {
        let harness = RecordingGraph(defaultViewport: 0..<10)
        harness.graph.mount(CachingParent(counter: CreationCounter(), caching: false))
        let owner = try #require(harness.events(.bodyEval, view: "CachingParent").last)
        let before = harness.lastSeq
        try harness.graph.setViewport(5..<15)
        let viewport = try #require(harness.events(.write, after: before).first)
        #expect((viewport.view, viewport.prop, viewport.wrapper) == ("CachingParent/LazyHStack", "viewport", WrapperKind.external.name))
        #expect(viewport.cause == owner.seq)
        let rows = harness.events(after: before).filter { $0.view.hasPrefix("CachingParent/LazyHStack/") }
        let kept = rows.filter { $0.is(.bodyEval) && $0.reason == EvalReason.inputsChanged.name }
        #expect(kept.count == 10)
        #expect(kept.allSatisfy { $0.cause == viewport.seq && $0.fields[TraceSchema.Field.inputs] as? [String] == ["viewModel"] })
        let mounts = rows.filter { $0.is(.mount) }
        #expect(mounts.count == 5)
        #expect(mounts.allSatisfy { $0.cause == viewport.seq })
        #expect(rows.allSatisfy { $0.cause != 0 && $0.tx == viewport.tx })
    }

    @Test("A @Published write re-evaluates every observer, sharing one write event")
    func publishedWriteInvalidatesObservers() throws {
        let harness = RecordingGraph()
        let counter = CreationCounter()
        let model = ChildViewModel(title: "a", counter: counter)
        harness.graph.mount(VStack {
            ObservingChild(viewModel: model)
            ObservingChild(viewModel: model)
        })
        let before = harness.lastSeq
        model.title = "b"
        harness.graph.flush()
        let writes = harness.events(.write, after: before)
        #expect(writes.count == 1)
        #expect(writes.first?.prop == "title")
        #expect(harness.events(.invalidate, after: before).allSatisfy { $0.cause == writes.first?.seq })
        #expect(harness.evaluatedViews(after: before) == ["VStack/ObservingChild", "VStack/ObservingChild#2"])
        #expect(harness.events(.bodyEval, after: before).allSatisfy { $0.reason == EvalReason.observed.name })
    }
}
