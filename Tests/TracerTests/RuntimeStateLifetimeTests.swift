import Foundation
import Testing
@testable import Tracer

/// A stack whose root never re-evaluates: the link keeps the destination value it was given.
private struct CounterStack: View {
    var body: some View {
        NavigationStack {
            NavigationLink("Open") { CountingView(title: "Add") }
        }
    }
}

/// A container that stores its content and shows it while open.
private struct Disclosure<Content: View>: View {
    let content: Content
    @State private var isOpen = true

    var body: some View {
        VStack {
            Button("Toggle") { isOpen.toggle() }
            if isOpen { content }
        }
    }
}

private struct DisclosureScreen: View {
    var body: some View { Disclosure(content: CountingView(title: "Add")) }
}

/// A host presenting content it was given (stored, not built in its body).
private struct SheetHost: View {
    let content: CountingView
    @State private var isPresented = false

    var body: some View {
        Button("Show") { isPresented = true }
            .sheet(isPresented: $isPresented) { content }
    }
}

private struct SheetScreen: View {
    var body: some View { SheetHost(content: CountingView(title: "Add")) }
}

private final class Tally: ObservableObject {}

/// Stored content owning an object and reading the environment.
private struct ObjectCard: View {
    let made: CreationCounter
    @StateObject private var tally: Tally
    @Environment(\.cardTitle) private var title

    init(made: CreationCounter) {
        self.made = made
        _tally = StateObject(wrappedValue: { made.increment(); return Tally() }())
    }

    var body: some View { Text(title) }
}

private struct CardTitleKey: EnvironmentKey { static let defaultValue = "untitled" }

extension EnvironmentValues {
    fileprivate var cardTitle: String {
        get { self[CardTitleKey.self] }
        set { self[CardTitleKey.self] = newValue }
    }
}

/// Shows a stored card while open; renaming changes the title it reads from the environment.
private struct CardScreen: View {
    let card: ObjectCard
    @State private var isOpen = true
    @State private var title = "first"

    var body: some View {
        VStack {
            Button("Toggle") { isOpen.toggle() }
            Button("Rename") { title = "second" }
            if isOpen { card }
        }
        .environment(\.cardTitle, title)
    }
}

@Suite("Runtime: state lives as long as its identity")
struct RuntimeStateLifetimeTests {
    /// Taps `Add` twice in the counter at `path`, checks it shows 2, runs `hide` and `show`, and
    /// checks the counter starts from 0 again with one `state-init`, then counts from there.
    private func expectFreshState(
        at path: String, in harness: RecordingGraph, hide: () throws -> Void, show: () throws -> Void
    ) throws {
        let count = { (harness.graph.view(at: path + "/VStack/Text") as? Text)?.content }
        try harness.graph.tap(buttonTitled: "Add")
        try harness.graph.tap(buttonTitled: "Add")
        #expect(count() == "2")
        try hide()
        #expect(!harness.graph.contains(path: path))
        let before = harness.lastSeq
        try show()
        #expect(harness.events(.mount, after: before).map(\.view) == [path])
        #expect(harness.events(.stateInit, view: path, after: before).map(\.prop) == ["count"])
        #expect(count() == "0")
        try harness.graph.tap(buttonTitled: "Add")
        #expect(count() == "1")
    }

    @Test("A destination pushed again starts from its initial state: popping took its identity, and its state, away (WWDC21 'Demystify SwiftUI': state lives as long as the identity; Apple's NavigationStack docs; sure)")
    func repushedDestination() throws {
        let harness = RecordingGraph()
        harness.graph.mount(CounterStack())
        try harness.graph.tap(buttonTitled: "Open")
        try expectFreshState(
            at: "CounterStack/NavigationStack/NavigationLink/CountingView", in: harness,
            hide: { try harness.graph.pop() }, show: { try harness.graph.tap(buttonTitled: "Open") })
    }

    @Test("Content a container stores and shows under `if open { content }` starts from its initial state when shown again (WWDC21 'Demystify SwiftUI': a branch of an if is an identity of its own; sure)")
    func reshownStoredContent() throws {
        let harness = RecordingGraph()
        harness.graph.mount(DisclosureScreen())
        let toggle = { try harness.graph.tap(buttonTitled: "Toggle") }
        try expectFreshState(at: "DisclosureScreen/Disclosure/VStack/CountingView", in: harness, hide: toggle, show: toggle)
    }

    @Test("A sheet presented again starts from its initial state, also when its content is a value its host stores (Apple's sheet(isPresented:onDismiss:content:) docs; WWDC21 'Demystify SwiftUI'; sure)")
    func representedSheet() throws {
        let harness = RecordingGraph()
        harness.graph.mount(SheetScreen())
        try harness.graph.tap(buttonTitled: "Show")
        try expectFreshState(
            at: "SheetScreen/SheetHost/CountingView", in: harness,
            hide: { try harness.graph.dismissSheet() }, show: { try harness.graph.tap(buttonTitled: "Show") })
    }

    @Test("Stored content shown again gets a new @StateObject and reads the environment as it is now, not as it was when it left (Apple's StateObject docs: one object per identity; sure)")
    func reshownObjectAndEnvironment() throws {
        let harness = RecordingGraph()
        let made = CreationCounter()
        harness.graph.mount(CardScreen(card: ObjectCard(made: made)))
        let card = "CardScreen/VStack/ObjectCard"
        let title = { (harness.graph.view(at: card + "/Text") as? Text)?.content }
        #expect(made.value == 1)
        #expect(title() == "first")

        try harness.graph.tap(buttonTitled: "Toggle")
        try harness.graph.tap(buttonTitled: "Rename")
        let before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Toggle")
        #expect(made.value == 2)
        #expect(harness.events(.stateInit, view: card, after: before).map(\.prop) == ["tally"])
        #expect(title() == "second")
    }
}
