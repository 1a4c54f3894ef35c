import Foundation
import Observation
import Testing
@testable import Tracer

private struct Item: Identifiable, Hashable {
    let id: String
    let name: String
}

private let catalog = [Item(id: "a", name: "Apple"), Item(id: "b", name: "Banana"), Item(id: "c", name: "Cherry")]

private struct ItemRow: View {
    let item: Item
    var body: some View { Text(item.name) }
}

/// A detail view with view-local state: edits made to the shown item.
private struct DetailView: View {
    let item: Item
    @State private var edits = 0

    var body: some View {
        VStack {
            Text("\(item.name): \(edits) edits")
            Button("Edit") { edits += 1 }
        }
    }
}

/// Seed 002, preferred: the selection is view state; `.id` resets the detail per item, and the
/// selection is saved to `@AppStorage` from `.onChange` and restored in `.task`.
private struct StateSelectionView: View {
    let defaults: UserDefaults
    let resetsDetail: Bool
    @State private var selectedItem: Item?
    @AppStorage private var savedItemID: String

    init(defaults: UserDefaults, resetsDetail: Bool = true) {
        self.defaults = defaults
        self.resetsDetail = resetsDetail
        _savedItemID = AppStorage(wrappedValue: "", "selectedItemID", store: defaults)
    }

    var body: some View {
        HStack {
            List(catalog, selection: $selectedItem) { item in ItemRow(item: item).tag(item) }
            if let selectedItem {
                if resetsDetail {
                    DetailView(item: selectedItem).id(selectedItem.id)
                } else {
                    DetailView(item: selectedItem)
                }
            } else {
                Text("Select an Item")
            }
        }
        .task {
            if let item = catalog.first(where: { $0.id == savedItemID }) { selectedItem = item }
        }
        .onChange(of: selectedItem) { _, new in savedItemID = new?.id ?? "" }
    }
}

/// Seed 002, avoided: the model tracks the selection; the list needs a custom binding.
@Observable
private final class AppModel {
    var items = catalog
    private(set) var selectedItem: Item?

    func selectItem(_ item: Item?) { selectedItem = item }
}

private struct ModelSidebar: View {
    let model: AppModel

    var body: some View {
        let binding = Binding<Item?>(get: { model.selectedItem }, set: { model.selectItem($0) })
        List(model.items, selection: binding) { item in ItemRow(item: item) }
    }
}

private struct ModelSelectionView: View {
    let model: AppModel

    var body: some View {
        HStack {
            ModelSidebar(model: model)
            if let item = model.selectedItem {
                DetailView(item: item).id(item.id)
            }
        }
    }
}

/// Shows the saved item id; declares the same `@AppStorage` key as `StateSelectionView`.
private struct SavedItemLabel: View {
    @AppStorage private var savedItemID: String

    init(defaults: UserDefaults) {
        _savedItemID = AppStorage(wrappedValue: "", "selectedItemID", store: defaults)
    }

    var body: some View { Text("saved: \(savedItemID)") }
}

/// A fresh, empty `UserDefaults` suite for one test.
private func temporaryDefaults() -> UserDefaults {
    let suite = "tracer-runtime-tests-\(UUID().uuidString)"
    let defaults = UserDefaults(suiteName: suite)!
    defaults.removePersistentDomain(forName: suite)
    return defaults
}

@Suite("Runtime: seed 002, view state, identity and selection")
struct RuntimeSelectionTests {
    @Test("Changing .id(_:) resets the detail view's @State; without it the state survives", arguments: [true, false])
    func identityResetsState(resetsDetail: Bool) throws {
        let harness = RecordingGraph()
        harness.graph.mount(StateSelectionView(defaults: temporaryDefaults(), resetsDetail: resetsDetail))
        try harness.graph.select(catalog[0])
        try harness.graph.tap(buttonTitled: "Edit")
        try harness.graph.tap(buttonTitled: "Edit")
        let before = harness.lastSeq
        try harness.graph.select(catalog[1])

        let detail = resetsDetail ? "StateSelectionView/HStack/DetailView[b]" : "StateSelectionView/HStack/DetailView"
        let text = try #require(harness.graph.view(at: detail + "/VStack/Text") as? Text)
        if resetsDetail {
            #expect(text.content == "Banana: 0 edits")
            #expect(harness.events(.unmount, view: "StateSelectionView/HStack/DetailView[a]", after: before).count == 1)
            #expect(harness.events(.stateInit, view: detail, after: before).map(\.prop) == ["edits"])
            #expect(harness.events(.bodyEval, view: detail, after: before).map(\.reason) == [EvalReason.identity.name])
        } else {
            #expect(text.content == "Banana: 2 edits")
            #expect(harness.events(.stateInit, view: detail, after: before).isEmpty)
            #expect(harness.events(.bodyEval, view: detail, after: before).map(\.reason) == [EvalReason.inputsChanged.name])
        }
    }

    @Test("Selection in view @State: the owner re-evaluates for its state, the rows are skipped")
    func selectionInState() throws {
        let harness = RecordingGraph()
        let defaults = temporaryDefaults()
        harness.graph.mount(StateSelectionView(defaults: defaults))
        let before = harness.lastSeq
        try harness.graph.select(catalog[2])
        let selectionWrite = try #require(harness.events(.write, after: before).first)
        #expect(selectionWrite.wrapper == WrapperKind.state.name)
        #expect(selectionWrite.prop == "selectedItem")
        let owner = try #require(harness.events(.bodyEval, view: "StateSelectionView", after: before).first)
        #expect(owner.reason == EvalReason.state.name)
        let rowSkips = harness.events(.skip, after: before).filter { $0.tx == selectionWrite.tx }
        #expect(rowSkips.map(\.view) == catalog.map { "StateSelectionView/HStack/List/ItemRow[\($0.id)]" })
        // .onChange saved the selection to @AppStorage, caused by the owner's evaluation.
        let saved = try #require(harness.events(.write, after: before).first { $0.wrapper == WrapperKind.appStorage.name })
        #expect(saved.prop == "savedItemID")
        #expect(saved.cause == owner.seq)
        #expect(defaults.string(forKey: "selectedItemID") == "c")
    }

    @Test("An @AppStorage write invalidates the views whose last body read the key, not those that only declare it (SwiftUI: dependency tracking)")
    func appStorageInvalidatesEveryReader() throws {
        let harness = RecordingGraph()
        let defaults = temporaryDefaults()
        harness.graph.mount(VStack {
            StateSelectionView(defaults: defaults)
            SavedItemLabel(defaults: defaults)
        })
        let before = harness.lastSeq
        try harness.graph.select(catalog[1])
        let saved = try #require(harness.events(.write, after: before).first { $0.wrapper == WrapperKind.appStorage.name })
        let invalidated = harness.events(.invalidate, after: saved.seq).filter { $0.cause == saved.seq }.map(\.view)
        // StateSelectionView declares the key but reads it only in .task and writes it in .onChange.
        #expect(invalidated == ["VStack/SavedItemLabel"])
        #expect(harness.events(.bodyEval, view: "VStack/SavedItemLabel", after: saved.seq).map(\.reason) == [EvalReason.state.name])
        #expect((harness.graph.view(at: "VStack/SavedItemLabel/Text") as? Text)?.content == "saved: b")
    }

    @Test(".task restores the saved selection when the view appears")
    func taskRestoresSelection() throws {
        let harness = RecordingGraph()
        let defaults = temporaryDefaults()
        defaults.set("b", forKey: "selectedItemID")
        harness.graph.mount(StateSelectionView(defaults: defaults))
        #expect(harness.graph.contains(path: "StateSelectionView/HStack/DetailView[b]"))
    }

    @Test("Selection in an @Observable model: every view that read it re-evaluates, as observed")
    func selectionInObservableModel() throws {
        let harness = RecordingGraph()
        let model = AppModel()
        harness.graph.mount(ModelSelectionView(model: model))
        let before = harness.lastSeq
        try harness.graph.select(catalog[1])
        // One mutation (the selection), one write, named by the property of the model the observers hold.
        let writes = harness.events(.write, after: before)
        #expect(writes.map(\.wrapper) == [WrapperKind.observable.name])
        #expect(writes.first?.prop == "AppModel.selectedItem")
        let evaluated = harness.events(.bodyEval, after: before)
        let observed = evaluated.filter { $0.reason == EvalReason.observed.name }.map(\.view)
        #expect(observed == ["ModelSelectionView", "ModelSelectionView/HStack/ModelSidebar"])
        #expect(evaluated.contains { $0.view == "ModelSelectionView/HStack/DetailView[b]" && $0.reason == EvalReason.initial.name })

        // A change to a property nobody read invalidates nothing.
        let quiet = harness.lastSeq
        model.items = model.items
        harness.graph.flush()
        #expect(harness.events(.bodyEval, view: "ModelSelectionView", after: quiet).isEmpty)
    }
}
