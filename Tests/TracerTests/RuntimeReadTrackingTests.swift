import Testing
@testable import Tracer

/// Counts taps in state its body never reads: it only passes `$taps` on.
private struct TapCounter: View {
    @State private var taps = 0

    var body: some View {
        VStack {
            Button("Tap") { taps += 1 }
            TapLabel(taps: $taps)
        }
    }
}

/// Reads the count through its binding.
private struct TapLabel: View {
    @Binding var taps: Int

    var body: some View { Text("\(taps) taps") }
}

/// Reads `detail` in its body only while `showsDetail` is on.
private struct Toggled: View {
    @State private var showsDetail = true
    @State private var detail = 0

    var body: some View {
        VStack {
            if showsDetail { Text("detail \(detail)") }
            Button("Hide") { showsDetail = false }
            Button("Bump") { detail += 1 }
        }
    }
}

@Suite("Runtime: read tracking of @State")
struct RuntimeReadTrackingTests {
    @Test("A @State write whose owner never read it in body does not invalidate the owner; the view reading it through a Binding is (SwiftUI: dependency tracking, WWDC21 'Demystify SwiftUI')")
    func unreadStateDoesNotInvalidateItsOwner() throws {
        let harness = RecordingGraph()
        harness.graph.mount(TapCounter())
        let before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Tap")
        let write = try #require(harness.events(.write, after: before).first)
        #expect(write.view == "TapCounter")
        #expect(write.prop == "taps")
        #expect(write.changedFlag == true)
        let label = "TapCounter/VStack/TapLabel"
        #expect(harness.events(.invalidate, after: before).map(\.view) == [label])
        #expect(harness.evaluatedViews(after: before) == [label])
        #expect(harness.events(.bodyEval, view: label, after: before).map(\.reason) == [EvalReason.state.name])
        #expect((harness.graph.view(at: label + "/Text") as? Text)?.content == "1 taps")
    }

    @Test("A @State read by an earlier body evaluation but not the latest no longer invalidates its owner (SwiftUI: dependencies are those of the last evaluation)")
    func dependenciesAreThoseOfTheLatestEvaluation() throws {
        let harness = RecordingGraph()
        harness.graph.mount(Toggled())
        var before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Bump")
        #expect(harness.evaluatedViews(after: before) == ["Toggled"])
        try harness.graph.tap(buttonTitled: "Hide")
        before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Bump")
        #expect(harness.events(.write, after: before).map(\.prop) == ["detail"])
        #expect(harness.evaluatedViews(after: before).isEmpty)
    }
}
