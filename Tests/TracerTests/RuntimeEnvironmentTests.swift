import Observation
import Testing
@testable import Tracer

private enum Theme: Equatable { case light, dark }

private struct ThemeKey: EnvironmentKey { static let defaultValue = Theme.light }
private struct AccentKey: EnvironmentKey { static let defaultValue = 0 }
/// A key whose type begins with an initialism.
private struct URLSessionKey: EnvironmentKey { static let defaultValue = "shared" }

extension EnvironmentValues {
    fileprivate var theme: Theme {
        get { self[ThemeKey.self] }
        set { self[ThemeKey.self] = newValue }
    }

    fileprivate var accent: Int {
        get { self[AccentKey.self] }
        set { self[AccentKey.self] = newValue }
    }

    fileprivate var urlSession: String {
        get { self[URLSessionKey.self] }
        set { self[URLSessionKey.self] = newValue }
    }
}

/// What a write through `keyPath` storing `key` is named by: the property where the key path can
/// name it, else the key's type as written.
private func writeName(_ keyPath: AnyKeyPath, key: Any.Type) -> String {
    EnvironmentValues.propertyName(of: keyPath) ?? String(describing: key)
}

/// Sets the session name for its label from its own state.
private struct SessionScreen: View {
    @State private var session = "shared"

    var body: some View {
        VStack {
            SessionLabel()
            Button("Ephemeral") { session = "ephemeral" }
        }
        .environment(\.urlSession, session)
    }
}

private struct SessionLabel: View {
    @Environment(\.urlSession) private var session
    var body: some View { Text(session) }
}

private struct ThemeLabel: View {
    @Environment(\.theme) private var theme
    var body: some View { Text("\(theme)") }
}

private struct AccentLabel: View {
    @Environment(\.accent) private var accent
    var body: some View { Text("accent \(accent)") }
}

private struct PlainLabel: View {
    var body: some View { Text("plain") }
}

/// A view that reads nothing from the environment, with a reader below it.
private struct Card: View {
    var body: some View {
        VStack {
            ThemeLabel()
            PlainLabel()
        }
    }
}

/// A card whose content always gets the dark theme, whatever is set above it.
private struct DarkCard: View {
    var body: some View { ThemeLabel().environment(\.theme, .dark) }
}

/// Sets the theme and the accent for everything below, from its own state.
private struct ThemedScreen: View {
    @State private var theme = Theme.light
    @State private var accent = 0

    var body: some View {
        VStack {
            ThemeLabel()
            PlainLabel()
            Card()
            DarkCard()
            AccentLabel()
            Button("Theme") { theme = theme == .light ? .dark : .light }
            Button("Accent") { accent += 1 }
        }
        .environment(\.theme, theme)
        .environment(\.accent, accent)
    }
}

@Observable
private final class Profile {
    var name = "Ada"
    var visits = 0
}

private struct NameLabel: View {
    @Environment(Profile.self) private var profile
    var body: some View { Text(profile.name) }
}

private struct VisitsLabel: View {
    @Environment(Profile.self) private var profile
    var body: some View { Text("\(profile.visits)") }
}

private struct OptionalProfileLabel: View {
    @Environment(Profile.self) private var profile: Profile?
    var body: some View { Text(profile?.name ?? "nobody") }
}

private struct ProfileScreen: View {
    let profile: Profile

    var body: some View {
        VStack {
            NameLabel()
            VisitsLabel()
            PlainLabel()
        }
        .environment(profile)
    }
}

private final class Settings: ObservableObject {
    @Published var theme = Theme.light
    @Published var fontSize = 12
}

private struct SettingsThemeLabel: View {
    @EnvironmentObject private var settings: Settings
    var body: some View { Text("\(settings.theme)") }
}

private struct SettingsFontLabel: View {
    @EnvironmentObject private var settings: Settings
    var body: some View { Text("\(settings.fontSize)") }
}

private struct SettingsScreen: View {
    let settings: Settings

    var body: some View {
        VStack {
            SettingsThemeLabel()
            SettingsFontLabel()
            PlainLabel()
        }
        .environmentObject(settings)
    }
}

@Suite("Runtime: the environment")
struct RuntimeEnvironmentTests {
    @Test("Only the views that declare an environment value re-evaluate when it changes, also below a skipped view (SwiftUI: Environment docs; objc.io 'SwiftUI Environment Tips')")
    func readersOnly() throws {
        let harness = RecordingGraph()
        harness.graph.mount(ThemedScreen())
        let before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Theme")

        #expect(harness.evaluatedViews(after: before) == [
            "ThemedScreen", "ThemedScreen/VStack/ThemeLabel", "ThemedScreen/VStack/Card/VStack/ThemeLabel",
        ])
        #expect(Set(harness.skippedViews(after: before)) == [
            "ThemedScreen/VStack/PlainLabel", "ThemedScreen/VStack/Card", "ThemedScreen/VStack/DarkCard",
            "ThemedScreen/VStack/AccentLabel",
        ])
        let write = try #require(harness.events(.write, after: before).last)
        #expect(write.wrapper == WrapperKind.environment.name)
        #expect(write.prop == writeName(\EnvironmentValues.theme, key: ThemeKey.self))
        #expect(write.view == "ThemedScreen")
        #expect(write.changedFlag == true)
        let screen = try #require(harness.events(.bodyEval, view: "ThemedScreen", after: before).first)
        #expect(write.cause == screen.seq)
        let invalidations = harness.events(.invalidate, after: write.seq)
        #expect(invalidations.map(\.view) == ["ThemedScreen/VStack/ThemeLabel", "ThemedScreen/VStack/Card/VStack/ThemeLabel"])
        #expect(invalidations.allSatisfy { $0.cause == write.seq })
        let readers = harness.events(.bodyEval, after: write.seq)
        #expect(readers.allSatisfy { $0.reason == EvalReason.environment.name })
        #expect(readers.map(\.cause) == invalidations.map(\.seq))
    }

    @Test("A view reads the value of the nearest modifier above it; an inner value shadows a change of the outer one (SwiftUI: View.environment(_:_:) docs)")
    func nearestValueWins() throws {
        let harness = RecordingGraph()
        harness.graph.mount(ThemedScreen())
        let before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Theme")
        try harness.graph.tap(buttonTitled: "Theme")
        #expect(!harness.evaluatedViews(after: before).contains("ThemedScreen/VStack/DarkCard/ThemeLabel"))
        #expect(harness.events(.bodyEval, view: "ThemedScreen/VStack/ThemeLabel", after: before).count == 2)
        #expect((harness.graph.view(at: "ThemedScreen/VStack/DarkCard/ThemeLabel/Text") as? Text)?.content == "dark")
    }

    @Test("A setter re-evaluated with an equal value invalidates nobody; another key's change reaches only its readers")
    func equalValueInvalidatesNobody() throws {
        let harness = RecordingGraph()
        harness.graph.mount(ThemedScreen())
        let before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Accent")
        #expect(harness.evaluatedViews(after: before) == ["ThemedScreen", "ThemedScreen/VStack/AccentLabel"])
        let writes = harness.events(.write, after: before).filter { $0.wrapper == WrapperKind.environment.name }
        #expect(writes.map(\.prop) == [writeName(\EnvironmentValues.accent, key: AccentKey.self)])
    }

    @Test("An environment write is named by the EnvironmentValues property its key path leads to where the key path names it (Apple platforms), else by the key's type as written: URLSessionKey, never uRLSession (SwiftUI names environment values by their property; sure)")
    func writeNames() throws {
        let property = EnvironmentValues.propertyName(of: \EnvironmentValues.urlSession)
        #expect(property == nil || property == "urlSession")

        let harness = RecordingGraph()
        harness.graph.mount(SessionScreen())
        let before = harness.lastSeq
        try harness.graph.tap(buttonTitled: "Ephemeral")
        let writes = harness.events(.write, after: before).filter { $0.wrapper == WrapperKind.environment.name }
        #expect(writes.map(\.prop) == [property ?? "URLSessionKey"])
        #expect((harness.graph.view(at: "SessionScreen/VStack/SessionLabel/Text") as? Text)?.content == "ephemeral")
    }

    @Test("A view without an ancestor setting the key gets its default value")
    func defaultValue() throws {
        let harness = RecordingGraph()
        harness.graph.mount(VStack { ThemeLabel() })
        #expect((harness.graph.view(at: "VStack/ThemeLabel/Text") as? Text)?.content == "light")
    }

    @Test("@Environment(Model.self) re-evaluates a view for the model's properties its body read, only (SwiftUI: 'Managing model data in your app'; WWDC23 'Discover Observation in SwiftUI')")
    func observableModelPerProperty() throws {
        let harness = RecordingGraph()
        let profile = Profile()
        harness.graph.mount(ProfileScreen(profile: profile))
        let before = harness.lastSeq
        profile.visits += 1
        harness.graph.flush()
        #expect(harness.evaluatedViews(after: before) == ["ProfileScreen/VStack/VisitsLabel"])
        let write = try #require(harness.events(.write, after: before).first)
        #expect(write.wrapper == WrapperKind.observable.name)
        #expect(write.prop == "Profile.visits")
    }

    @Test("Putting a different model in the environment re-evaluates every view that declares it")
    func replacedModel() throws {
        let harness = RecordingGraph()
        harness.graph.mount(ProfileScreen(profile: Profile()))
        let before = harness.lastSeq
        harness.graph.mount(ProfileScreen(profile: Profile()))
        #expect(harness.evaluatedViews(after: before) == [
            "ProfileScreen", "ProfileScreen/VStack/NameLabel", "ProfileScreen/VStack/VisitsLabel",
        ])
        let write = try #require(harness.events(.write, after: before).first)
        #expect(write.wrapper == WrapperKind.environment.name)
        #expect(write.prop == "Profile")
    }

    @Test("An optional @Environment(Model.self) is nil where no ancestor put a model")
    func missingOptionalModel() throws {
        let harness = RecordingGraph()
        harness.graph.mount(VStack { OptionalProfileLabel() })
        #expect((harness.graph.view(at: "VStack/OptionalProfileLabel/Text") as? Text)?.content == "nobody")
    }

    @Test("@EnvironmentObject re-evaluates every view that declares it on any @Published write, read or not (SwiftUI: EnvironmentObject docs)")
    func environmentObjectEveryObserver() throws {
        let harness = RecordingGraph()
        let settings = Settings()
        harness.graph.mount(SettingsScreen(settings: settings))
        let before = harness.lastSeq
        settings.fontSize = 14
        harness.graph.flush()
        #expect(harness.evaluatedViews(after: before) == [
            "SettingsScreen/VStack/SettingsThemeLabel", "SettingsScreen/VStack/SettingsFontLabel",
        ])
        let write = try #require(harness.events(.write, after: before).first)
        #expect(write.wrapper == WrapperKind.published.name)
        #expect(write.prop == "fontSize")
    }

    @Test("Putting a different object in the environment is an EnvironmentObject write re-evaluating its declarers")
    func replacedEnvironmentObject() throws {
        let harness = RecordingGraph()
        harness.graph.mount(SettingsScreen(settings: Settings()))
        let before = harness.lastSeq
        harness.graph.mount(SettingsScreen(settings: Settings()))
        let write = try #require(harness.events(.write, after: before).first)
        #expect(write.wrapper == WrapperKind.environmentObject.name)
        #expect(write.prop == "Settings")
        #expect(harness.evaluatedViews(after: before) == [
            "SettingsScreen", "SettingsScreen/VStack/SettingsThemeLabel", "SettingsScreen/VStack/SettingsFontLabel",
        ])
    }
}
