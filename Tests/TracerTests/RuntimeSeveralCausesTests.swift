import Testing
@testable import Tracer

/// A view whose buttons write one or both of its two states.
private struct TwoStates: View {
    @State private var count = 0
    @State private var isOn = false

    var body: some View {
        VStack {
            Text("\(count) \(isOn)")
            Button("Both") {
                count += 1
                isOn.toggle()
            }
            Button("One") { count += 1 }
        }
    }
}

@Suite("Runtime: several causes")
struct RuntimeSeveralCausesTests {
    @Test("Writes that invalidate one view before its evaluation are all its causes: cause is the first invalidation, causes lists each in order")
    func everyInvalidationIsACause() throws {
        let harness = RecordingGraph()
        harness.graph.mount(TwoStates())
        let before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Both")
        let writes = harness.events(.write, after: before)
        let invalidations = harness.events(.invalidate, after: before)
        #expect(writes.map(\.prop) == ["count", "isOn"])
        #expect(invalidations.map(\.cause) == writes.map(\.seq))
        let evaluation = try #require(harness.events(.bodyEval, view: "TwoStates", after: before).first)
        #expect(evaluation.cause == invalidations[0].seq)
        #expect(evaluation.fields[TraceSchema.Field.causes] as? [Int] == invalidations.map(\.seq))
        #expect(harness.events(.bodyEval, view: "TwoStates", after: before).count == 1)
    }

    @Test("An evaluation with one cause lists no causes")
    func oneCauseListsNone() throws {
        let harness = RecordingGraph()
        harness.graph.mount(TwoStates())
        let before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "One")
        let evaluation = try #require(harness.events(.bodyEval, view: "TwoStates", after: before).first)
        #expect(evaluation.cause == harness.events(.invalidate, after: before).first?.seq)
        #expect(evaluation.fields[TraceSchema.Field.causes] == nil)
    }

    @Test("The record keeps its 72-byte stride; its two duration flags are independent bits")
    func recordLayout() {
        #expect(MemoryLayout<TraceEvent>.stride == 72)
        var event = TraceEvent(kind: .bodyEval)
        event.durationInTicks = true
        #expect(!event.hasDuration && event.durationInTicks)
        event.hasDuration = true
        event.durationInTicks = false
        #expect(event.hasDuration && !event.durationInTicks)
    }
}
