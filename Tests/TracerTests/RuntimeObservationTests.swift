import Foundation
import Observation
import Testing
@testable import Tracer

@Observable
private final class CounterModel {
    var count = 0
    var unread = 0
    var items = [1, 2, 3]
}

private struct CountLabel: View {
    let model: CounterModel
    var body: some View { Text("\(model.count)") }
}

private struct UnreadLabel: View {
    let model: CounterModel
    var body: some View { Text("\(model.unread) unread") }
}

/// Two views reading `count`, one reading `unread`; the root reads nothing and owns a `@State`.
private struct Labels: View {
    let model: CounterModel
    let probe: StateProbe
    @State private var local = 0

    var body: some View {
        let _ = probe.capture(_local)
        VStack {
            CountLabel(model: model)
            CountLabel(model: model)
            UnreadLabel(model: model)
        }
    }
}

/// Rows that read the model in their `ForEach` closure, not in the body.
private struct ModelRows: View {
    let model: CounterModel

    var body: some View {
        VStack {
            ForEach(model.items, id: \.self) { item in Text("\(item) of \(model.count)") }
        }
    }
}

/// A lazy stack whose rows from 10 on read `count`; rows before read nothing.
private struct LazyModelRows: View {
    let model: CounterModel

    var body: some View {
        LazyVStack {
            ForEach(0..<50) { row in Text(row >= 10 ? "\(row): \(model.count)" : "\(row)") }
        }
    }
}

/// A model without any `@Published` property: it announces changes by hand.
private final class ManualModel: ObservableObject {
    var value = 0
}

private struct ManualView: View {
    @ObservedObject var model: ManualModel
    var body: some View { Text("\(model.value)") }
}

@Suite("Runtime: @Observable and ObservableObject observation")
struct RuntimeObservationTests {
    @Test("One @Observable mutation is one write, named by the property, invalidating each observer")
    func oneMutationOneWrite() throws {
        let harness = RecordingGraph()
        let model = CounterModel()
        harness.graph.mount(Labels(model: model, probe: StateProbe()))
        let before = harness.lastSeq
        model.count += 1
        harness.graph.flush()

        let writes = harness.events(.write, after: before)
        #expect(writes.count == 1)
        let write = try #require(writes.first)
        #expect(write.wrapper == WrapperKind.observable.name)
        #expect(write.prop == "CounterModel.count")
        #expect(write.view == "Labels/VStack/CountLabel")
        let invalidations = harness.events(.invalidate, after: before)
        #expect(invalidations.map(\.view) == ["Labels/VStack/CountLabel", "Labels/VStack/CountLabel#2"])
        #expect(invalidations.allSatisfy { $0.cause == write.seq && $0.tx == write.tx })
        let evaluations = harness.events(.bodyEval, after: before)
        #expect(evaluations.map(\.view) == ["Labels/VStack/CountLabel", "Labels/VStack/CountLabel#2"])
        #expect(evaluations.allSatisfy { $0.reason == EvalReason.observed.name })
    }

    @Test("Mutations with other state activity between them are separate; back to back they are one, a write per property",
          arguments: [true, false])
    func mutationsSeparatedByActivity(separated: Bool) throws {
        let harness = RecordingGraph()
        let model = CounterModel()
        let probe = StateProbe()
        harness.graph.mount(Labels(model: model, probe: probe))
        let before = harness.lastSeq
        model.count = 1
        if separated { try #require(probe.captured).wrappedValue = 1 }
        model.unread = 1
        harness.graph.flush()

        let observed = harness.events(.write, after: before).filter { $0.wrapper == WrapperKind.observable.name }
        #expect(observed.map(\.prop) == ["CounterModel.count", "CounterModel.unread"])
        let invalidated = harness.events(.invalidate, after: before).filter { $0.view != "Labels" }
        #expect(invalidated.map(\.view) == [
            "Labels/VStack/CountLabel", "Labels/VStack/CountLabel#2", "Labels/VStack/UnreadLabel",
        ])
        // NB: one mutation's observers are all invalidated by its first write.
        let unreadCause = separated ? observed[1].seq : observed[0].seq
        #expect(invalidated.map(\.cause) == [observed[0].seq, observed[0].seq, unreadCause])
    }

    @Test("Mutations on two threads are two writes")
    func mutationsOnTwoThreads() throws {
        let harness = RecordingGraph()
        let model = CounterModel()
        harness.graph.mount(Labels(model: model, probe: StateProbe()))
        let before = harness.lastSeq
        model.count = 1
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let shared = model
        Thread {
            shared.unread = 1
            done.signal()
        }.start()
        done.wait()
        harness.graph.flush()
        let writes = harness.events(.write, after: before)
        #expect(writes.map(\.view) == ["Labels/VStack/CountLabel", "Labels/VStack/UnreadLabel"])
        let causes = harness.events(.invalidate, after: before).map(\.cause)
        #expect(causes == [writes[0].seq, writes[0].seq, writes[1].seq])
        #expect(harness.evaluatedViews(after: before) == [
            "Labels/VStack/CountLabel", "Labels/VStack/CountLabel#2", "Labels/VStack/UnreadLabel",
        ])
    }

    @Test("A read in a ForEach row closure invalidates the view whose evaluation built the row")
    func rowClosureReadsAreTracked() throws {
        let harness = RecordingGraph()
        let model = CounterModel()
        harness.graph.mount(ModelRows(model: model))
        let before = harness.lastSeq
        model.count = 7
        harness.graph.flush()
        let evaluation = try #require(harness.events(.bodyEval, view: "ModelRows", after: before).first)
        #expect(evaluation.reason == EvalReason.observed.name)
        #expect(evaluation.changedCount == 3, "each row's text changed")
        let text = try #require(harness.graph.view(at: "ModelRows/VStack/Text[2]") as? Text)
        #expect(text.content == "2 of 7")
    }

    @Test("Rows a new viewport builds are tracked for the view owning the lazy stack")
    func viewportRowReadsAreTracked() throws {
        let harness = RecordingGraph(defaultViewport: 0..<5)
        let model = CounterModel()
        harness.graph.mount(LazyModelRows(model: model))
        model.count = 1
        harness.graph.flush()
        #expect(harness.events(.bodyEval, view: "LazyModelRows").count == 1, "no row shown reads count")

        try harness.graph.setViewport(10..<15)
        let before = harness.lastSeq
        model.count = 2
        harness.graph.flush()
        #expect(harness.events(.invalidate, view: "LazyModelRows", after: before).count == 1)
        #expect(harness.events(.bodyEval, view: "LazyModelRows", after: before).map(\.reason) == [EvalReason.observed.name])
        let text = try #require(harness.graph.view(at: "LazyModelRows/LazyVStack/Text[12]") as? Text)
        #expect(text.content == "12: 2")
    }

    @Test("An ObservableObject without @Published has one publisher: a manual send invalidates its observers")
    func manualObjectWillChange() throws {
        let harness = RecordingGraph()
        let model = ManualModel()
        #expect(model.objectWillChange === model.objectWillChange)
        harness.graph.mount(VStack {
            ManualView(model: model)
            ManualView(model: model)
        })
        let before = harness.lastSeq
        model.value = 3
        harness.graph.flush()
        #expect(harness.events(after: before).allSatisfy { !$0.is(.bodyEval) }, "a plain var notifies nobody")

        model.objectWillChange.send()
        harness.graph.flush()
        let writes = harness.events(.write, after: before)
        #expect(writes.count == 1)
        #expect(writes.first?.prop == "objectWillChange")
        #expect(harness.events(.invalidate, after: before).allSatisfy { $0.cause == writes.first?.seq })
        let evaluations = harness.events(.bodyEval, after: before)
        #expect(evaluations.map(\.view) == ["VStack/ManualView", "VStack/ManualView#2"])
        #expect(evaluations.allSatisfy { $0.reason == EvalReason.observed.name })
        #expect((harness.graph.view(at: "VStack/ManualView/Text") as? Text)?.content == "3")
    }
}
