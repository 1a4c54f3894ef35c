import Foundation
import Testing
@testable import Tracer

private struct Labelled: View {
    let title: String
    let onTap: () -> Void
    var body: some View { Button(title, action: onTap) }
}

private struct BoundChild: View {
    @Binding var value: Int
    var body: some View { Text("\(value)") }
}

/// Makes children with inputs of every kind, re-evaluated on each "Next" tap.
private struct InputsParent: View {
    @State private var generation = 0
    @State private var bound = 0
    let bindingKind: BindingKind

    enum BindingKind { case state, constant, closures }

    var body: some View {
        VStack {
            Button("Next") { generation += 1 }
            Text("generation \(generation)")
            BoundChild(value: binding)
            Labelled(title: "same") {}
        }
    }

    private var binding: Binding<Int> {
        switch bindingKind {
        case .state: $bound
        case .constant: .constant(1)
        case .closures: Binding(get: { 1 }, set: { _ in })
        }
    }
}

@Suite("Runtime: comparing a child with its previous value")
struct RuntimeInputComparisonTests {
    @Test(
        "A binding is the same input when it refers to the same storage with the same value",
        arguments: [
            (InputsParent.BindingKind.state, EvalReason.inputsEqual),
            (.constant, .inputsEqual),
            (.closures, .inputsChanged),
        ] as [(InputsParent.BindingKind, EvalReason)])
    fileprivate func bindingComparison(kind: InputsParent.BindingKind, expected: EvalReason) throws {
        let harness = RecordingGraph()
        harness.graph.mount(InputsParent(bindingKind: kind))
        let before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Next")
        let child = "InputsParent/VStack/BoundChild"
        let outcome = harness.events(after: before).first { $0.view == child }
        #expect(outcome?.reason == expected.name)
        // A child holding a closure is never equal to its previous value.
        let labelled = harness.events(after: before).first { $0.view == "InputsParent/VStack/Labelled" }
        #expect(labelled?.reason == EvalReason.inputsChanged.name)
        // The evaluation names the inputs that differed: only the closure, and a wrapper without its `_`.
        #expect(labelled?.fields[TraceSchema.Field.inputs] as? [String] == ["onTap"])
        #expect(outcome?.fields[TraceSchema.Field.inputs] as? [String] == (expected == .inputsChanged ? ["value"] : nil))
    }

    @Test("Field-by-field comparison: values by ==, classes by identity, closures never equal")
    func fieldComparison() {
        final class Box {}
        let box = Box()
        struct Fields { var number: Int; var object: AnyObject; var optional: String? }
        #expect(ValueComparison.sameInput(Fields(number: 1, object: box, optional: nil), Fields(number: 1, object: box, optional: nil)))
        #expect(!ValueComparison.sameInput(Fields(number: 1, object: box, optional: nil), Fields(number: 2, object: box, optional: nil)))
        #expect(!ValueComparison.sameInput(Fields(number: 1, object: box, optional: nil), Fields(number: 1, object: Box(), optional: nil)))
        #expect(!ValueComparison.sameInput(Fields(number: 1, object: box, optional: "a"), Fields(number: 1, object: box, optional: nil)))
        let closure: () -> Void = {}
        #expect(!ValueComparison.sameInput(closure, closure))
    }
}
