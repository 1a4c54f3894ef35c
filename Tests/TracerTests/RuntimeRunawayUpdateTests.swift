import Testing
@testable import Tracer

/// `.onChange(of: count)` that writes `count` again: a loop no frame can settle.
private struct Runaway: View {
    @State private var count = 0

    var body: some View {
        VStack {
            Text("\(count)")
            Button("Start") { count = 1 }
            CountingView(title: "Tap")
        }
        .onChange(of: count) { _, _ in count += 1 }
    }
}


@Suite("Runtime: runaway updates")
struct RuntimeRunawayUpdateTests {
    @Test("A handler that keeps writing ends the frame at the round limit with a warning naming view and property, nothing left pending (SwiftUI: 'onChange(of: Int) action tried to update multiple times per frame.')")
    func runawayFrameEndsWithAWarning() throws {
        let harness = RecordingGraph()
        harness.graph.mount(Runaway())
        let before = harness.lastSeq
        let stderr = try capturingStandardError { try harness.graph.tap(buttonTitled: "Start") }

        let message = "onChange(of: Int) action tried to update multiple times per frame."
        let warnings = harness.events(.warning, after: before)
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.view == "Runaway")
        #expect(warning.prop == "count")
        #expect(warning.message == message)
        let cause = try #require(harness.event(seq: warning.cause))
        #expect(cause.is(.write) && cause.prop == "count")
        #expect(harness.events(.bodyEval, view: "Runaway", after: before).count == harness.graph.maximumRoundsPerFlush)
        #expect(stderr.components(separatedBy: message).count == 2)
        #expect(stderr.contains("tracer: warning: TracerTests/RuntimeRunawayUpdateTests.swift:"))
        #expect(harness.graph.hasPendingUpdates == false)

        // The next interaction is an ordinary frame.
        let next = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Tap")
        #expect(harness.events(.warning, after: next).isEmpty)
        #expect(harness.evaluatedViews(after: next) == ["Runaway/VStack/CountingView"])
        #expect((harness.graph.view(at: "Runaway/VStack/CountingView/VStack/Text") as? Text)?.content == "1")
        #expect(harness.graph.hasPendingUpdates == false)
    }
}
