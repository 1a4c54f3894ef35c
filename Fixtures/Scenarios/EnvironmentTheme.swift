import Tracer

/// A theme switched ten times on a screen of a header, twelve article rows (every fourth with a
/// themed badge) and a footer. In the environment, only the views that read the theme
/// re-evaluate; in an `ObservableObject` passed down with `.environmentObject`, every view that
/// declares the object does, also the rows that only read its font scale.
enum EnvironmentTheme {
    static let scenario = Scenario(
        name: "environment-theme", seed: "screen pattern",
        summary: "A theme switched 10 times on a screen of a header, 12 rows (3 with a themed badge) and a footer.",
        variants: [
            ScenarioVariant("environment", "The theme in the environment: only the views reading \\.theme re-evaluate."),
            ScenarioVariant("environment-object", "The theme in an ObservableObject from .environmentObject: every view declaring it re-evaluates."),
        ],
        script: play)

    /// How often the theme is switched.
    static let switches = 10
    /// The article rows.
    static let rows = 12

    private static func play(_ variant: String, _ session: ScenarioSession) throws(ViewGraphError) {
        if variant == "environment" {
            session.launch(EnvironmentVariant.ThemedScreen())
        } else {
            session.launch(EnvironmentObjectVariant.ThemedScreen())
        }
        try session.play("switch-theme", 0..<switches) { _ throws(ViewGraphError) in
            try session.graph.tap(buttonTitled: "Switch theme")
        }
    }

    /// A colour scheme.
    enum Theme: Equatable {
        case light, dark

        var toggled: Theme { self == .light ? .dark : .light }
    }

    enum EnvironmentVariant {
        struct ThemeKey: EnvironmentKey { static let defaultValue = Theme.light }

        /// The theme owned by the screen's `@State`, handed down in the environment.
        struct ThemedScreen: View {
            @State private var theme = Theme.light

            var body: some View {
                VStack {
                    Header()
                    ForEach(0..<EnvironmentTheme.rows) { index in ArticleRow(index: index) }
                    Footer()
                    Button("Switch theme") { theme = theme.toggled }
                }
                .environment(\.theme, theme)
            }
        }

        struct Header: View {
            @Environment(\.theme) private var theme
            var body: some View { Text("Articles").background(theme == .dark ? Color.black : Color.white) }
        }

        /// A row: reads nothing from the environment; every fourth shows a badge.
        struct ArticleRow: View {
            let index: Int

            var body: some View {
                HStack {
                    Text("Article \(index + 1)")
                    if index % 4 == 0 { Badge() }
                }
            }
        }

        struct Badge: View {
            @Environment(\.theme) private var theme
            var body: some View { Text("new").background(theme == .dark ? Color.gray : Color.blue) }
        }

        struct Footer: View {
            @Environment(\.theme) private var theme
            var body: some View { Text("\(EnvironmentTheme.rows) articles").opacity(theme == .dark ? 0.8 : 1) }
        }
    }

    enum EnvironmentObjectVariant {
        /// What the screen shares with its views: the theme and a font scale.
        final class Appearance: ObservableObject {
            @Published var theme = Theme.light
            @Published var fontScale = 1.0
        }

        /// The appearance owned by the screen's `@StateObject`, handed down with `.environmentObject`.
        struct ThemedScreen: View {
            @StateObject private var appearance = Appearance()

            var body: some View {
                VStack {
                    Header()
                    ForEach(0..<EnvironmentTheme.rows) { index in ArticleRow(index: index) }
                    Footer()
                    Button("Switch theme") { appearance.theme = appearance.theme.toggled }
                }
                .environmentObject(appearance)
            }
        }

        struct Header: View {
            @EnvironmentObject private var appearance: Appearance
            var body: some View { Text("Articles").background(appearance.theme == .dark ? Color.black : Color.white) }
        }

        /// A row: reads only the font scale, but declares the whole object; every fourth shows a badge.
        struct ArticleRow: View {
            let index: Int
            @EnvironmentObject private var appearance: Appearance

            var body: some View {
                HStack {
                    Text("Article \(index + 1)").frame(height: 20 * appearance.fontScale)
                    if index % 4 == 0 { Badge() }
                }
            }
        }

        struct Badge: View {
            @EnvironmentObject private var appearance: Appearance
            var body: some View { Text("new").background(appearance.theme == .dark ? Color.gray : Color.blue) }
        }

        struct Footer: View {
            @EnvironmentObject private var appearance: Appearance
            var body: some View { Text("\(EnvironmentTheme.rows) articles").opacity(appearance.theme == .dark ? 0.8 : 1) }
        }
    }
}

extension EnvironmentValues {
    /// The screen's colour scheme (`environment-theme`).
    var theme: EnvironmentTheme.Theme {
        get { self[EnvironmentTheme.EnvironmentVariant.ThemeKey.self] }
        set { self[EnvironmentTheme.EnvironmentVariant.ThemeKey.self] = newValue }
    }
}
