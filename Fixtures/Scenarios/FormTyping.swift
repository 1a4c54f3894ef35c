import Tracer

/// Typing into one field of a 20-field form: with every value in the form's `@State` and each
/// field bound by a `Binding(get:set:)` made in the form's body, each keystroke re-evaluates the
/// form and every field (closure bindings never compare equal); with each field its own view
/// owning its text, a keystroke re-evaluates that field alone.
enum FormTyping {
    static let scenario = Scenario(
        name: "form-typing", seed: "screen pattern",
        summary: "40 characters typed into the first field of a 20-field form, one frame per character.",
        variants: [
            ScenarioVariant("form-state", "Every text in the form's @State, bound with Binding(get:set:): a keystroke re-evaluates the form and all 20 fields."),
            ScenarioVariant("field-state", "Each field its own view with its own @State: a keystroke re-evaluates that field only."),
        ],
        script: play)

    /// The fields' titles.
    static let titles = [
        "Name", "Email", "Phone", "Company", "Title", "Street", "City", "Postcode", "Region", "Country",
        "Website", "Username", "Birthday", "Pronouns", "Language", "Timezone", "Referrer", "Team", "Badge", "Notes",
    ]
    /// What is typed into the first field: 40 characters.
    static let typed = "Ada Lovelace, Countess of Lovelace, 1815"

    private static func play(_ variant: String, _ session: ScenarioSession) throws(ViewGraphError) {
        if variant == "form-state" {
            session.launch(FormStateVariant.SignupForm())
        } else {
            session.launch(FieldStateVariant.SignupForm())
        }
        try session.play("type", typed) { character throws(ViewGraphError) in
            try session.graph.type(String(character), intoFieldTitled: titles[0])
        }
    }

    enum FormStateVariant {
        /// The form owns every value, by title, and binds each field in its own body; its footer
        /// counts the fields filled in.
        struct SignupForm: View {
            @State private var values: [String: String] = [:]

            var body: some View {
                VStack {
                    ForEach(FormTyping.titles, id: \.self) { title in
                        HStack {
                            Text(title)
                            TextField(title, text: Binding(get: { values[title, default: ""] }, set: { values[title] = $0 }))
                        }
                    }
                    Text("\(values.values.filter { !$0.isEmpty }.count) of \(FormTyping.titles.count) filled")
                }
            }
        }
    }

    enum FieldStateVariant {
        /// The form lays out one field view per title; each field owns its text.
        struct SignupForm: View {
            var body: some View {
                VStack {
                    ForEach(FormTyping.titles, id: \.self) { title in FormField(title: title) }
                }
            }
        }

        /// One row: its title and a text field bound to its own state.
        struct FormField: View {
            let title: String
            @State private var text = ""

            var body: some View {
                HStack {
                    Text(title)
                    TextField(title, text: $text)
                }
            }
        }
    }
}
