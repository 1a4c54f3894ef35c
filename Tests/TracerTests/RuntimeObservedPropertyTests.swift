import Observation
import Testing
@testable import Tracer

@Observable
private final class FormModel {
    var name = ""
    var count = 0
    var untouched = 1
    /// Not Equatable, not a class, not plain (it holds a String): cannot be compared.
    var payload = Payload(text: "")
    @ObservationIgnored var ignored = 0
}

private struct Payload {
    var text: String
}

/// Reads every tracked property of the model it is given.
private struct FormView: View {
    let model: FormModel
    var body: some View { Text("\(model.name) \(model.count) \(model.untouched) \(model.payload.text)") }
}

/// Keeps its model in `@State` and is made again by its parent's every evaluation.
private struct OwningView: View {
    @State var model = FormModel()
    var body: some View { Text("\(model.count)") }
}

/// Re-evaluates on `tick`, making `OwningView` again (with a new initial model it ignores).
private struct OwningParent: View {
    @State var tick = 0
    let probe: StateProbe
    var body: some View {
        let _ = probe.capture(_tick)
        VStack { OwningView() }
    }
}

@Suite("Runtime: @Observable writes name the properties that changed")
struct RuntimeObservedPropertyTests {
    /// The `@Observable` writes recorded after `seq`.
    private func observedWrites(_ harness: RecordingGraph, after seq: Int) -> [RecordedEvent] {
        harness.events(.write, after: seq).filter { $0.wrapper == WrapperKind.observable.name }
    }

    @Test("A write to one property names it, changed")
    func onePropertyNamed() throws {
        let harness = RecordingGraph()
        let model = FormModel()
        harness.graph.mount(FormView(model: model))
        let before = harness.lastSeq
        model.count = 3
        harness.graph.flush()
        let writes = observedWrites(harness, after: before)
        #expect(writes.map(\.prop) == ["FormModel.count"])
        #expect(writes.map(\.changedFlag) == [true])
        let evaluation = try #require(harness.events(.bodyEval, view: "FormView", after: before).first)
        let invalidation = try #require(harness.events(.invalidate, view: "FormView", after: before).first)
        #expect(evaluation.cause == invalidation.seq && invalidation.cause == writes[0].seq)
    }

    @Test("Two properties written before one evaluation are two writes; the first causes the evaluation")
    func twoPropertiesNamed() throws {
        let harness = RecordingGraph()
        let model = FormModel()
        harness.graph.mount(FormView(model: model))
        let before = harness.lastSeq
        model.name = "a"
        model.count = 1
        harness.graph.flush()
        let writes = observedWrites(harness, after: before)
        #expect(writes.map(\.prop) == ["FormModel.name", "FormModel.count"])
        #expect(Set(writes.map(\.tx)).count == 1)
        #expect(harness.events(.invalidate, view: "FormView", after: before).map(\.cause) == [writes[0].seq])
        #expect(harness.events(.bodyEval, view: "FormView", after: before).count == 1)
    }

    @Test("A property that did not change is not named: written with its own value, ignored, or untouched")
    func unchangedNotNamed() throws {
        let harness = RecordingGraph()
        let model = FormModel()
        harness.graph.mount(FormView(model: model))
        let before = harness.lastSeq
        model.ignored = 5
        model.count = 2
        model.untouched = 1
        harness.graph.flush()
        #expect(observedWrites(harness, after: before).map(\.prop) == ["FormModel.count"])
    }

    @Test("Each of two mutations with other activity between them names its own property")
    func separatedMutationsNameTheirOwn() throws {
        let harness = RecordingGraph()
        let model = FormModel()
        let probe = StateProbe()
        harness.graph.mount(VStack {
            FormView(model: model)
            OwningParent(probe: probe)
        })
        let before = harness.lastSeq
        model.name = "a"
        try #require(probe.captured).wrappedValue = 1
        // NB: nobody observes the model now (its only observer was told): a second mutation needs
        // a new tracking, so the flush comes first.
        harness.graph.flush()
        model.count = 1
        harness.graph.flush()
        #expect(observedWrites(harness, after: before).map(\.prop) == ["FormModel.name", "FormModel.count"])
    }

    @Test("A property that cannot be compared falls back to the model type, without changed")
    func uncomparableFallsBack() throws {
        let harness = RecordingGraph()
        let model = FormModel()
        harness.graph.mount(FormView(model: model))
        let before = harness.lastSeq
        model.payload = Payload(text: "new")
        harness.graph.flush()
        let writes = observedWrites(harness, after: before)
        #expect(writes.map(\.prop) == ["FormModel"])
        #expect(writes.map(\.changedFlag) == [nil])

        // Beside a property that changed, the one that cannot be compared is not named.
        let next = harness.lastSeq
        model.payload = Payload(text: "newer")
        model.count = 9
        harness.graph.flush()
        #expect(observedWrites(harness, after: next).map(\.prop) == ["FormModel.count"])
    }

    @Test("A model a tracking observed and nothing mutated goes away with its graph")
    func trackingKeepsNoModelAlive() {
        weak var gone: FormModel?
        do {
            let harness = RecordingGraph()
            let model = FormModel()
            gone = model
            harness.graph.mount(FormView(model: model))
        }
        #expect(gone == nil)
    }

    @Test("A model in @State is the node's, not the initial value of the view made again")
    func stateModelIsTheNodes() throws {
        let harness = RecordingGraph()
        let probe = StateProbe()
        harness.graph.mount(OwningParent(probe: probe))
        try #require(probe.captured).wrappedValue = 1
        harness.graph.flush()
        let view = try #require(harness.graph.view(at: "OwningParent/VStack/OwningView") as? OwningView)
        let before = harness.lastSeq
        view.model.count = 4
        harness.graph.flush()
        #expect(observedWrites(harness, after: before).map(\.prop) == ["FormModel.count"])
    }
}
