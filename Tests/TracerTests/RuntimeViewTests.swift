import Foundation
import Testing
@testable import Tracer

/// A badge compared by its title only: `renders` is left out of `==` on purpose.
private struct Badge: View, Equatable {
    let title: String
    let renders: Int

    static func == (lhs: Badge, rhs: Badge) -> Bool { lhs.title == rhs.title }

    var body: some View { Text(title) }
}

/// A count shown by its parity, holding plain data only: its `==` (parity) is used only under
/// `.equatable()`; otherwise it is compared by its bytes.
private struct ParityBadge: View, Equatable {
    let count: Int

    static func == (lhs: ParityBadge, rhs: ParityBadge) -> Bool { lhs.count % 2 == rhs.count % 2 }

    var body: some View { Text(count % 2 == 0 ? "even" : "odd") }
}

/// The same fields without `Equatable`: compared field by field.
private struct PlainBadge: View {
    let title: String
    let renders: Int

    var body: some View { Text(title) }
}

private struct BadgeParent: View {
    @State private var taps = 0

    var body: some View {
        VStack {
            Button("Tap") { taps += 1 }
            Badge(title: taps < 2 ? "few" : "many", renders: taps).equatable()
            PlainBadge(title: "same", renders: taps)
            Badge(title: "same", renders: taps)
            ParityBadge(count: 2 * taps)
            ParityBadge(count: 2 * taps).equatable()
        }
    }
}

/// Structural views: a group, an empty view, spacers, and content drawn over and behind.
private struct LayoutParent: View {
    @State private var step = 0

    var body: some View {
        VStack {
            Button("Step") { step += 1 }
            Group {
                Text("grouped")
                PlainBadge(title: "in group", renders: 0)
            }
            .opacity(step < 1 ? 1 : 0.5)
            EmptyView()
            Spacer(minLength: step < 2 ? 8 : 16)
            Text("decorated")
                .overlay(Badge(title: step < 3 ? "over" : "over!", renders: step).equatable())
                .background(Color.gray)
        }
    }
}

/// A point in `@State`; children bound to its coordinates through key paths.
private struct PointParent: View {
    @State private var point = CGPoint.zero

    var body: some View {
        VStack {
            Text("(\(point.x), \(point.y))")
            Button("Move y") { point.y += 1 }
            Coordinate(value: $point.x)
            Coordinate(value: $point.y)
        }
    }
}

private struct Coordinate: View {
    @Binding var value: CGFloat

    var body: some View {
        VStack {
            Text("\(value)")
            Button("Set") { value = 5 }
        }
    }
}

/// Rows with a button each, all titled alike.
private struct EditableRows: View {
    var body: some View {
        VStack { ForEach(0..<3) { row in EditableRow(row: row) } }
    }
}

private struct EditableRow: View {
    let row: Int
    @State private var edits = 0

    var body: some View {
        HStack {
            Text("\(row): \(edits)")
            Button("Edit") { edits += 1 }
        }
    }
}

@Suite("Runtime: built-in views and modifiers")
struct RuntimeViewTests {
    @Test("An Equatable view holding more than plain data is compared by its ==, with or without .equatable(); a plain one by its bytes unless under .equatable(); others field by field (John Harper of the SwiftUI team, 2019; AttributeGraph's equatableUnlessPOD comparison as jcmosc/Compute reads it; OpenSwiftUI's EquatableView asks for equatableAlways; probable, not checked on a device)")
    func equatableComparesByEquality() throws {
        let harness = RecordingGraph()
        harness.graph.mount(BadgeParent())
        let badge = "BadgeParent/VStack/Badge"
        let plain = "BadgeParent/VStack/PlainBadge"
        let bare = "BadgeParent/VStack/Badge#2"
        let parity = "BadgeParent/VStack/ParityBadge"
        let equatableParity = "BadgeParent/VStack/ParityBadge#2"

        var before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Tap")
        // `renders` and `count` changed, which == ignores: a badge (a String: not plain) is skipped
        // with or without .equatable(); the plain parity badge only under it; the badge that is
        // not Equatable is compared field by field.
        #expect(harness.skippedViews(after: before) == [badge, bare, equatableParity])
        #expect(harness.events(.bodyEval, view: plain, after: before).map(\.reason) == [EvalReason.inputsChanged.name])
        #expect(harness.events(.bodyEval, view: parity, after: before).map(\.reason) == [EvalReason.inputsChanged.name])

        before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Tap")
        #expect(harness.events(.bodyEval, view: badge, after: before).map(\.reason) == [EvalReason.inputsChanged.name])
        #expect((harness.graph.view(at: badge + "/Text") as? Text)?.content == "many")
    }

    @Test("Group adds no node and passes its modifiers to each child; EmptyView adds nothing; Spacer is a leaf")
    func structuralViews() throws {
        let harness = RecordingGraph()
        harness.graph.mount(LayoutParent())
        let root = "LayoutParent/VStack"
        #expect(harness.graph.paths == [
            "LayoutParent", root, "\(root)/Button", "\(root)/Text", "\(root)/PlainBadge", "\(root)/PlainBadge/Text",
            "\(root)/Spacer", "\(root)/Text#2", "\(root)/Badge", "\(root)/Badge/Text", "\(root)/Color",
        ])

        // Step 1: the group's opacity changes on both of its children.
        var before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Step")
        var evaluation = try #require(harness.events(.bodyEval, view: "LayoutParent", after: before).first)
        #expect(evaluation.changedCount == 2)
        #expect(harness.skippedViews(after: before) == ["\(root)/PlainBadge", "\(root)/Badge"])

        // Step 2: the spacer's minimum length changes.
        before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Step")
        evaluation = try #require(harness.events(.bodyEval, view: "LayoutParent", after: before).first)
        #expect(evaluation.changedCount == 1)
        #expect(harness.skippedViews(after: before) == ["\(root)/PlainBadge", "\(root)/Badge"])
    }

    @Test(".overlay and .background content are views of their own: evaluated, skipped and counted like children")
    func decorationsAreViews() throws {
        let harness = RecordingGraph()
        harness.graph.mount(LayoutParent())
        let badge = "LayoutParent/VStack/Badge"
        #expect(harness.events(.bodyEval, view: badge).map(\.reason) == [EvalReason.initial.name])
        for _ in 1...2 { try harness.graph.tap(buttonTitled: "Step") }
        #expect(harness.events(.skip, view: badge).count == 2)

        let before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Step")
        let evaluation = try #require(harness.events(.bodyEval, view: "LayoutParent", after: before).first)
        #expect(evaluation.changedCount == 1, "only the overlay's input changed")
        #expect(harness.events(.bodyEval, view: badge, after: before).map(\.reason) == [EvalReason.inputsChanged.name])
        #expect(harness.events(.bodyEval, view: badge, after: before).first?.cause == evaluation.seq)
        #expect((harness.graph.view(at: badge + "/Text") as? Text)?.content == "over!")
    }

    @Test("A binding derived through a key path compares by storage, path and value, and writes the state")
    func keyPathBindings() throws {
        let harness = RecordingGraph()
        harness.graph.mount(PointParent())
        let x = "PointParent/VStack/Coordinate"
        let y = "PointParent/VStack/Coordinate#2"

        var before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Move y")
        #expect(harness.skippedViews(after: before) == [x])
        #expect(harness.evaluatedViews(after: before) == ["PointParent", y])

        before = harness.lastSeq
        try harness.graph.tap(buttonAt: x + "/VStack/Button")
        let write = try #require(harness.events(.write, after: before).first)
        #expect(write.view == "PointParent")
        #expect(write.prop == "point")
        #expect(harness.evaluatedViews(after: before) == ["PointParent", x])
        #expect((harness.graph.view(at: x + "/VStack/Text") as? Text)?.content == "5.0")
        #expect((harness.graph.view(at: y + "/VStack/Text") as? Text)?.content == "1.0")
    }

    @Test("tap(buttonAt:) taps the button at a path among buttons with one title")
    func tapByPath() throws {
        let harness = RecordingGraph()
        harness.graph.mount(EditableRows())
        try harness.graph.tap(buttonAt: "EditableRows/VStack/EditableRow[1]/HStack/Button")
        try harness.graph.tap(buttonTitled: "Edit")
        let texts = (0..<3).map { (harness.graph.view(at: "EditableRows/VStack/EditableRow[\($0)]/HStack/Text") as? Text)?.content }
        #expect(texts == ["0: 1", "1: 1", "2: 0"])
        #expect(throws: ViewGraphError.noView(matching: "EditableRows/VStack/Button")) {
            try harness.graph.tap(buttonAt: "EditableRows/VStack/Button")
        }
    }
}
