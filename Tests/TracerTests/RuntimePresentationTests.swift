import Foundation
import Synchronization
import Testing
@testable import Tracer

private struct GreetingKey: EnvironmentKey { static let defaultValue = "Hello" }

extension EnvironmentValues {
    fileprivate var greeting: String {
        get { self[GreetingKey.self] }
        set { self[GreetingKey.self] = newValue }
    }
}

/// Sheet content with state of its own, reading a value set above the presenting view.
private struct SettingsSheet: View {
    @State private var draft = ""
    @Environment(\.greeting) private var greeting
    var body: some View { Text("\(greeting) settings") }
}

/// Counts `onDismiss` calls.
private final class DismissCounter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

private struct HomeScreen: View {
    let dismissals: DismissCounter
    @State private var showsSettings = false

    var body: some View {
        VStack {
            Text("Home")
            Button("Settings") { showsSettings = true }
        }
        .sheet(isPresented: $showsSettings, onDismiss: dismissals.increment) { SettingsSheet() }
        .environment(\.greeting, "Hi")
    }
}

private struct MessageDetail: View {
    @State private var isRead = false
    var body: some View { Text("Message") }
}

private struct Inbox: View {
    var body: some View {
        NavigationStack {
            VStack {
                Text("Inbox")
                NavigationLink("Open") { MessageDetail() }
            }
        }
    }
}

private struct WidthLabel: View {
    let width: Double
    var body: some View { Text("\(width)") }
}

private struct FixedLabel: View {
    var body: some View { Text("fixed") }
}

private struct ResponsiveView: View {
    var body: some View {
        GeometryReader { proxy in
            WidthLabel(width: proxy.size.width)
            FixedLabel()
        }
    }
}

/// A host whose body runs on every edit, with a sheet and a destination that count their builds.
private struct BuildCountingHost: View {
    let sheetBuilds: CreationCounter
    let destinationBuilds: CreationCounter
    @State private var edits = 0
    @State private var showsSheet = false
    @State private var showsDestination = false

    var body: some View {
        VStack {
            Text("\(edits)")
            Button("Edit") { edits += 1 }
            Button("Sheet") { showsSheet = true }
        }
        .sheet(isPresented: $showsSheet) {
            let _ = sheetBuilds.increment()
            Text("sheet")
        }
        .navigationDestination(isPresented: $showsDestination) {
            let _ = destinationBuilds.increment()
            Text("destination")
        }
    }
}

@Suite("Runtime: presentations and geometry")
struct RuntimePresentationTests {
    @Test("A sheet's content is mounted while isPresented is true and unmounted, with its state, when dismissed; onDismiss runs after (SwiftUI: sheet(isPresented:onDismiss:content:) docs)")
    func sheet() throws {
        let harness = RecordingGraph()
        let dismissals = DismissCounter()
        harness.graph.mount(HomeScreen(dismissals: dismissals))
        #expect(!harness.graph.contains(path: "HomeScreen/SettingsSheet"))

        var before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Settings")
        #expect(harness.events(.mount, after: before).map(\.view) == ["HomeScreen/SettingsSheet"])
        #expect(harness.events(.stateInit, view: "HomeScreen/SettingsSheet", after: before).count == 1)
        #expect((harness.graph.view(at: "HomeScreen/SettingsSheet/Text") as? Text)?.content == "Hi settings")

        before = harness.lastSeq
        try harness.graph.dismissSheet()
        #expect(harness.events(.unmount, after: before).map(\.view) == ["HomeScreen/SettingsSheet"])
        #expect(!harness.graph.contains(path: "HomeScreen/SettingsSheet"))
        #expect(dismissals.value == 1)
        #expect(throws: ViewGraphError.noView(matching: "a presented sheet")) { try harness.graph.dismissSheet() }

        before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Settings")
        #expect(harness.events(.stateInit, view: "HomeScreen/SettingsSheet", after: before).count == 1)
    }

    @Test("A pushed destination is mounted above the stack's root, which stays mounted; popping unmounts it with its state (SwiftUI: NavigationStack, navigationDestination(isPresented:) docs)")
    func pushAndPop() throws {
        let harness = RecordingGraph()
        harness.graph.mount(Inbox())
        let detail = "Inbox/NavigationStack/VStack/NavigationLink/MessageDetail"
        var before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Open")
        #expect(harness.events(.mount, after: before).map(\.view) == [detail])
        #expect(harness.graph.contains(path: "Inbox/NavigationStack/VStack/Text"))

        before = harness.lastSeq
        try harness.graph.pop()
        #expect(harness.events(.unmount, after: before).map(\.view) == [detail])
        #expect(!harness.graph.contains(path: detail))
        #expect(throws: ViewGraphError.noView(matching: "a pushed navigation destination")) { try harness.graph.pop() }
    }

    @Test("A sheet's content is built only while it is presented, never while hidden (Apple declares sheet's content @escaping: SwiftUI stores it and calls it on presentation; sure)")
    func sheetContentIsLazy() throws {
        let harness = RecordingGraph()
        let sheetBuilds = CreationCounter()
        let destinationBuilds = CreationCounter()
        harness.graph.mount(BuildCountingHost(sheetBuilds: sheetBuilds, destinationBuilds: destinationBuilds))
        try harness.graph.tap(buttonTitled: "Edit")
        try harness.graph.tap(buttonTitled: "Edit")
        #expect(sheetBuilds.value == 0)

        try harness.graph.tap(buttonTitled: "Sheet")
        #expect(sheetBuilds.value == 1)
        #expect(harness.graph.contains(path: "BuildCountingHost/Text"))
        try harness.graph.tap(buttonTitled: "Edit")
        #expect(sheetBuilds.value == 2)

        try harness.graph.dismissSheet()
        try harness.graph.tap(buttonTitled: "Edit")
        #expect(sheetBuilds.value == 2)
    }

    @Test("navigationDestination(isPresented:)'s destination is built with the body declaring it, presented or not (Apple declares its builder non-escaping: it runs while the body runs; sure)")
    func destinationIsBuiltEagerly() throws {
        let harness = RecordingGraph()
        let destinationBuilds = CreationCounter()
        harness.graph.mount(BuildCountingHost(sheetBuilds: CreationCounter(), destinationBuilds: destinationBuilds))
        #expect(destinationBuilds.value == 1)
        try harness.graph.tap(buttonTitled: "Edit")
        #expect(destinationBuilds.value == 2)
        #expect(!harness.graph.contains(path: "BuildCountingHost/Text"))
    }

    @Test("A GeometryReader re-evaluates its content when its size changes, not for an equal size; content that does not use the size is skipped (SwiftUI: GeometryReader docs)")
    func geometryReader() throws {
        let harness = RecordingGraph()
        harness.graph.mount(ResponsiveView())
        var before = harness.lastSeq
        try harness.graph.resize(to: CGSize(width: 320, height: 480))
        #expect(harness.evaluatedViews(after: before) == [
            "ResponsiveView/GeometryReader", "ResponsiveView/GeometryReader/WidthLabel",
        ])
        #expect(harness.skippedViews(after: before) == ["ResponsiveView/GeometryReader/FixedLabel"])
        #expect((harness.graph.view(at: "ResponsiveView/GeometryReader/WidthLabel/Text") as? Text)?.content == "320.0")

        before = harness.lastSeq
        try harness.graph.resize(to: CGSize(width: 320, height: 480))
        #expect(harness.evaluatedViews(after: before).isEmpty)
        #expect(harness.events(.write, after: before).first?.changedFlag == false)
    }
}
