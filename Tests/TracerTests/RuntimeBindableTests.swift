import Observation
import Testing
@testable import Tracer

@Observable
private final class Draft {
    var title = ""
    var likes = 0
}

private struct LikesLabel: View {
    let draft: Draft
    var body: some View { Text("\(draft.likes) likes") }
}

/// Edits the draft's title through `$draft.title`; shows its likes in a child.
private struct DraftEditor: View {
    @Bindable var draft: Draft

    var body: some View {
        VStack {
            TextField("Title", text: $draft.title)
            LikesLabel(draft: draft)
        }
    }
}

/// The iOS 17 pattern: the model in `@State`, read in the body, handed to a child.
private struct DraftScreen: View {
    @State private var draft = Draft()

    var body: some View {
        VStack {
            Text(draft.title)
            LikesLabel(draft: draft)
            Button("Like") { draft.likes += 1 }
            Button("Rename") { draft.title += "!" }
        }
    }
}

@Suite("Runtime: @Bindable and @Observable in @State")
struct RuntimeBindableTests {
    @Test("A write through a @Bindable binding re-evaluates the views that read the property (the field, and the view that made the binding), not those reading another (SwiftUI: Bindable docs; Binding carries its value, OpenSwiftUI's reading)")
    func bindableWrites() throws {
        let harness = RecordingGraph()
        let draft = Draft()
        harness.graph.mount(DraftEditor(draft: draft))
        let before = harness.lastSeq
        try harness.graph.type("Hi", intoFieldTitled: "Title")

        #expect(draft.title == "Hi")
        let writes = harness.events(.write, after: before)
        #expect(writes.count == 2)
        #expect(writes.allSatisfy { $0.wrapper == WrapperKind.observable.name && $0.prop == "Draft.title" })
        let evaluated = harness.evaluatedViews(after: before)
        #expect(evaluated.filter { $0 == "DraftEditor/VStack/TextField" }.count == 2)
        #expect(evaluated.filter { $0 == "DraftEditor" }.count == 2)
        #expect(!evaluated.contains("DraftEditor/VStack/LikesLabel"))
    }

    @Test("An @Observable model in @State is made once per identity and re-evaluates a body only for the properties it read (SwiftUI: 'Migrating from the ObservableObject protocol to the Observable macro')")
    func observableInState() throws {
        let harness = RecordingGraph()
        harness.graph.mount(DraftScreen())
        var before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Like")
        #expect(harness.evaluatedViews(after: before) == ["DraftScreen/VStack/LikesLabel"])
        #expect(harness.events(.write, after: before).map(\.wrapper) == [WrapperKind.observable.name])

        // A new value of the screen (its parent re-evaluating) keeps the node's model.
        harness.graph.mount(DraftScreen())
        before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Rename")
        #expect(harness.evaluatedViews(after: before) == ["DraftScreen"])
        try harness.graph.tap(buttonTitled: "Like")
        #expect((harness.graph.view(at: "DraftScreen/VStack/LikesLabel/Text") as? Text)?.content == "2 likes")
        #expect(harness.events(.stateInit, view: "DraftScreen").count == 1)
    }
}
