import Foundation
import Testing
@testable import Tracer

/// A plain value that is not `Equatable`.
private struct Spot {
    var x: Int
    var y: Double
}

/// A plain value with padding: 7 unused bytes after `isOn`, and after the optional's tag.
private struct Marker {
    var isOn: Bool
    var at: Double?
    var weight: Double
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

    @Test("Plain values are compared field by field where their bytes differ in padding only: unused bytes never make a change (AttributeGraph compares a type's fields, not its padding; sure)")
    func paddingIsNotCompared() {
        let marker = Marker(isOn: true, at: 1.5, weight: 2)
        var padded = marker
        withUnsafeMutableBytes(of: &padded) { bytes in
            bytes[1] = 0xA5
            bytes[MemoryLayout<Marker>.offset(of: \Marker.at)! + 9] = 0x5A
        }
        #expect(ValueComparison.sameBytes(marker, padded) == true)
        var moved = marker
        moved.weight = 3
        #expect(ValueComparison.sameBytes(marker, moved) == false)
        #expect(ValueComparison.sameBytes(marker, Marker(isOn: true, at: nil, weight: 2)) == false)
        #expect(ValueComparison.sameBytes(0.0, -0.0) == false)
    }
}
