import Foundation
import Observation
import Testing
@testable import Tracer

/// A model a view makes in its `init`.
@Observable
private final class Draft {
    var title: String
    init(title: String) { self.title = title }
}

/// A store a view makes in its `init`.
private final class Store: ObservableObject {
    @Published var items: [String]
    init(items: [String]) { self.items = items }
}

/// Every wrapper declared without an initial value and set in `init` through its underscored
/// storage, as SwiftUI code does when the initial value depends on an argument.
private struct Editor: View {
    @State private var draft: Draft
    @State private var count: Int
    @StateObject private var store: Store
    @ObservedObject private var shared: Store
    @ViewStorage private var offset: CGPoint
    @Bindable private var bound: Draft
    @Binding private var isOn: Bool

    init(title: String, shared: Store, bound: Draft, isOn: Binding<Bool>) {
        _draft = State(initialValue: Draft(title: title))
        _count = State(wrappedValue: title.count)
        _store = StateObject(wrappedValue: Store(items: [title]))
        _shared = ObservedObject(wrappedValue: shared)
        _offset = ViewStorage(wrappedValue: .zero)
        _bound = Bindable(bound)
        _isOn = isOn
    }

    var body: some View {
        Text("\(draft.title) \(count) \(store.items.count) \(shared.items.count) \(bound.title) \(isOn)")
    }
}

private struct EditorHost: View {
    let shared = Store(items: ["a", "b"])
    let bound = Draft(title: "bound")
    @State private var isOn = true

    var body: some View { Editor(title: "draft", shared: shared, bound: bound, isOn: $isOn) }
}

@Suite("Runtime: wrapper initialisers")
struct RuntimeWrapperInitialiserTests {
    @Test("A wrapper declared without an initial value can be set in init through its storage (_model = State(initialValue:)); its nil-literal initialiser is in a constrained extension, as SwiftUI declares it (Apple's State docs: 'init(initialValue:)' in init; sure)")
    func initAssignedWrappers() throws {
        let harness = RecordingGraph()
        harness.graph.mount(EditorHost())
        #expect((harness.graph.view(at: "EditorHost/Editor/Text") as? Text)?.content == "draft 5 1 2 bound true")
        let initialised = harness.events(.stateInit, view: "EditorHost/Editor").compactMap(\.prop)
        #expect(initialised == ["draft", "count", "store", "shared", "offset"])
    }

    @Test("An optional @State without an initial value starts at nil (SwiftUI: State.init() where Value: ExpressibleByNilLiteral; sure)")
    func optionalStateStartsAtNil() {
        let state = State<Int?>()
        #expect(state.wrappedValue == nil)
    }
}
