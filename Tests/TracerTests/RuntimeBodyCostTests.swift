import Testing
@testable import Tracer

/// A list of `count` padded rows under a user view of its own.
private struct PaddedRows: View {
    let count: Int

    var body: some View {
        VStack {
            ForEach(0..<count) { row in Text("Row \(row)").padding(4) }
            Caption()
        }
    }
}

/// A user view: its own content is charged to its own body, not to its parent's.
private struct Caption: View {
    var body: some View { Text("caption").padding(2).opacity(0.5) }
}

@Suite("Runtime: simulated body cost")
struct RuntimeBodyCostTests {
    @Test("A body evaluation costs a fixed amount per view value it builds, its user-view children's content excluded",
          arguments: [0, 3, 12])
    func costGrowsWithContent(rows: Int) {
        let harness = RecordingGraph()
        let perValue = 500
        harness.graph.simulatedBodyCost = SimulatedBodyCost(clock: harness.clock, nanosecondsPerViewValue: UInt64(perValue))
        harness.graph.mount(PaddedRows(count: rows))
        let step = 1_000  // every clock reading advances the harness's clock by 1 µs
        // VStack, each row's Text and its padding, and Caption as one value.
        #expect(harness.events(.bodyEval, view: "PaddedRows").map(\.dur) == [step + perValue * (1 + 2 * rows + 1)])
        // Text with its padding and opacity.
        #expect(harness.events(.bodyEval, view: "PaddedRows/VStack/Caption").map(\.dur) == [step + perValue * 3])
    }

    @Test("Without a simulated cost a body's duration is the clock's alone")
    func noCostByDefault() {
        let harness = RecordingGraph()
        harness.graph.mount(PaddedRows(count: 12))
        #expect(harness.events(.bodyEval, view: "PaddedRows").map(\.dur) == [1_000])
    }
}
