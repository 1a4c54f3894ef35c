import Testing
@testable import Tracer

/// A form owning every field's state.
private struct ProfileForm: View {
    @State private var name = ""
    @State private var email = ""
    @State private var notifications = false
    @State private var volume = 0.0
    @State private var guests = 1

    var body: some View {
        VStack {
            TextField("Name", text: $name)
            TextField("Email", text: $email)
            Toggle("Notifications", isOn: $notifications)
            Slider(value: $volume, in: 0...1, step: 0.25)
            Stepper("Guests", value: $guests, in: 1...3)
        }
    }
}

@Suite("Runtime: bound controls")
struct RuntimeControlTests {
    @Test("A control reads its binding: each write through it re-evaluates the control, a control bound elsewhere is not re-evaluated (SwiftUI: Binding docs)")
    func typingReevaluatesTheField() throws {
        let harness = RecordingGraph()
        harness.graph.mount(ProfileForm())
        let before = harness.lastSeq
        try harness.graph.type("Ada", intoFieldTitled: "Name")

        let writes = harness.events(.write, after: before)
        #expect(writes.count == 3)
        #expect(writes.allSatisfy { $0.prop == "name" && $0.wrapper == WrapperKind.state.name && $0.changedFlag == true })
        #expect(Set(writes.map(\.tx)).count == 3)
        let evaluated = harness.evaluatedViews(after: before)
        #expect(evaluated.filter { $0 == "ProfileForm/VStack/TextField" }.count == 3)
        #expect(!evaluated.contains("ProfileForm/VStack/TextField#2"))
        #expect((harness.graph.view(at: "ProfileForm/VStack/TextField/Text") as? Text)?.content == "Ada")
        #expect((harness.graph.view(at: "ProfileForm/VStack/TextField#2/Text") as? Text)?.content == "Email")
    }

    @Test("Toggling writes the bound Bool and re-evaluates the toggle")
    func toggle() throws {
        let harness = RecordingGraph()
        harness.graph.mount(ProfileForm())
        let before = harness.lastSeq
        try harness.graph.toggle(titled: "Notifications")
        #expect(harness.events(.write, after: before).map(\.prop) == ["notifications"])
        #expect(harness.evaluatedViews(after: before).contains("ProfileForm/VStack/Toggle"))
        #expect((harness.graph.view(at: "ProfileForm/VStack/Toggle/HStack/Text#2") as? Text)?.content == "On")
    }

    @Test("A slider writes its value clamped and rounded to its step; an equal value invalidates nothing",
          arguments: [(0.6, 0.5), (7.0, 1.0)])
    func slide(target: Double, expected: Double) throws {
        let harness = RecordingGraph()
        harness.graph.mount(ProfileForm())
        try harness.graph.slide(to: target)
        #expect((harness.graph.view(at: "ProfileForm/VStack/Slider/Text") as? Text)?.content == "\(expected)")
        let before = harness.lastSeq
        try harness.graph.slide(to: target)
        let write = try #require(harness.events(.write, after: before).first)
        #expect(write.changedFlag == false)
        #expect(harness.evaluatedViews(after: before).isEmpty)
    }

    @Test("A stepper writes once per step and not past its bounds")
    func step() throws {
        let harness = RecordingGraph()
        harness.graph.mount(ProfileForm())
        let before = harness.lastSeq
        try harness.graph.step(5, stepperTitled: "Guests")
        #expect(harness.events(.write, after: before).count == 2)
        #expect((harness.graph.view(at: "ProfileForm/VStack/Stepper/Text") as? Text)?.content == "Guests: 3")
    }

    @Test("Driving a control that is not mounted names what was looked for")
    func missingControl() {
        let harness = RecordingGraph()
        harness.graph.mount(ProfileForm())
        #expect(throws: ViewGraphError.noView(matching: "TextField \"Phone\"")) {
            try harness.graph.type("1", intoFieldTitled: "Phone")
        }
    }
}
