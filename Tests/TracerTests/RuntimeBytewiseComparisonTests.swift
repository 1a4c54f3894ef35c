import Foundation
import Testing
@testable import Tracer

/// A plain value that is not `Equatable`.
private struct Spot {
    var x: Int
    var y: Double
}

/// Holds a `Spot` in state and writes it from buttons.
private struct SpotView: View {
    @State private var spot = Spot(x: 1, y: 2)

    var body: some View {
        VStack {
            Text("\(spot.x), \(spot.y)")
            Button("Same") { spot = Spot(x: 1, y: 2) }
            Button("Move") { spot = Spot(x: 3, y: 2) }
            SpotLabel(spot: spot)
        }
    }
}

/// Takes a `Spot` as its input.
private struct SpotLabel: View {
    let spot: Spot

    var body: some View { Text("x \(spot.x)") }
}

@Suite("Runtime: byte-wise comparison of plain values")
struct RuntimeBytewiseComparisonTests {
    @Test("A @State write of a plain non-Equatable value equal byte for byte is recorded unchanged and invalidates nothing (SwiftUI: POD values compared by their bytes)")
    func identicalPlainWriteIsSkipped() throws {
        let harness = RecordingGraph()
        harness.graph.mount(SpotView())
        var before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Same")
        #expect(harness.events(.write, after: before).map(\.changedFlag) == [false])
        #expect(harness.events(.invalidate, after: before).isEmpty)
        #expect(harness.evaluatedViews(after: before).isEmpty)

        before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Move")
        #expect(harness.events(.write, after: before).map(\.changedFlag) == [true])
        #expect(harness.evaluatedViews(after: before) == ["SpotView", "SpotView/VStack/SpotLabel"])
    }

    @Test("A view input of a plain non-Equatable type equal byte for byte keeps its view skipped (SwiftUI: POD inputs compared by their bytes)")
    func identicalPlainInputIsSkipped() throws {
        #expect(ValueComparison.sameInput(Spot(x: 1, y: 2), Spot(x: 1, y: 2)))
        #expect(!ValueComparison.sameInput(Spot(x: 1, y: 2), Spot(x: 1, y: 3)))
        let harness = RecordingGraph()
        harness.graph.mount(SpotView())
        try harness.graph.tap(buttonTitled: "Move")
        let before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Move")  // the same value again: nothing happens
        harness.graph.mount(SpotView())  // a new root value: its state is the same storage
        #expect(harness.skippedViews(after: before) == ["SpotView"])
    }

    @Test("Plain types are exactly those _isPOD accepts: no references, closures, existentials or copy-on-write storage")
    func plainTypes() {
        let plain: [Any] = [Spot(x: 1, y: 2), CGPoint(x: 1, y: 2), (1, 2.5, true), Optional(3) as Any]
        let notPlain: [Any] = ["text", [1, 2], NSObject(), { () in } as () -> Void, Optional<Any>.some(1) as Any]
        for value in plain { #expect(ValueComparison.sameBytes(value, value) == true, "\(type(of: value))") }
        for value in notPlain { #expect(ValueComparison.sameBytes(value, value) == nil, "\(type(of: value))") }
    }
}
