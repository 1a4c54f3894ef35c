import Testing
@testable import Tracer

/// What an action saw right after sending.
private final class Sightings {
    var flagAfterSend: [Bool] = []
}

/// A value in `@ViewStorage` whose publisher sets a `@State` flag through `.onReceive`.
private struct Sender: View {
    @ViewStorage private var level = 0
    @State private var isHigh = false
    let sightings: Sightings

    var body: some View {
        VStack {
            Text(isHigh ? "high" : "low")
            Button("Raise") {
                level = 10
                sightings.flagAfterSend.append(isHigh)
            }
        }
        .onReceive($level.publisher) { value in isHigh = value > 5 }
    }
}

@Suite("Runtime: .onReceive")
struct RuntimeReceiveTests {
    @Test(".onReceive runs its handler when the publisher sends, before the sender's next statement (SwiftUI: onReceive performs the action when the publisher emits)")
    func handlerRunsWhenSent() throws {
        let harness = RecordingGraph()
        let sightings = Sightings()
        harness.graph.mount(Sender(sightings: sightings))
        let before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Raise")
        #expect(sightings.flagAfterSend == [true])
        let writes = harness.events(.write, after: before)
        #expect(writes.map(\.prop) == ["level", "isHigh"])
        #expect(writes[1].cause == writes[0].seq)
        #expect(harness.evaluatedViews(after: before) == ["Sender"])
        #expect((harness.graph.view(at: "Sender/VStack/Text") as? Text)?.content == "high")
    }
}
