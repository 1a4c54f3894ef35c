import ScenarioTestSupport
import Testing
@testable import Scenarios

/// Pins the event counts of the scenarios of common screen patterns (form-typing,
/// environment-theme), derived from their scripted interactions.
@Suite("Screen pattern scenario counts")
struct ScreenPatternCountTests {
    static let characters = FormTyping.typed.count
    static let fields = FormTyping.titles.count

    @Test("form-typing types 40 characters into the first of 20 fields")
    func formTypingInteraction() {
        #expect(Self.characters == 40)
        #expect(Self.fields == 20)
    }

    @Test("form-typing: one write per character; the typed field re-evaluates each time; the form and the other fields too when the form binds them with closures",
          arguments: ["form-state", "field-state"])
    func formTyping(variant: String) throws {
        let trace = try ScenarioRecording("form-typing", variant)
        let ownedByForm = variant == "form-state"
        let fieldPath = { (title: String) in
            ownedByForm ? "SignupForm/VStack/HStack[\(title)]/TextField" : "SignupForm/VStack/FormField[\(title)]/HStack/TextField"
        }
        #expect(trace.count("write") == Self.characters)
        #expect(trace.events.filter { $0["kind"] as? String == "write" }.allSatisfy { $0["changed"] as? Bool == true })
        #expect(trace.count("body-eval", view: fieldPath(FormTyping.titles[0])) == 1 + Self.characters)
        for title in FormTyping.titles.dropFirst() {
            #expect(trace.count("body-eval", view: fieldPath(title)) == (ownedByForm ? 1 + Self.characters : 1))
        }
        #expect(trace.count("body-eval", view: "SignupForm") == (ownedByForm ? 1 + Self.characters : 1))
    }

    static let switches = EnvironmentTheme.switches
    static let rows = EnvironmentTheme.rows

    @Test("environment-theme: the theme's readers re-evaluate on every switch; the rows only with an environment object",
          arguments: ["environment", "environment-object"])
    func environmentTheme(variant: String) throws {
        let trace = try ScenarioRecording("environment-theme", variant)
        let evaluations = trace.counts("body-eval")
        let readers = ["ThemedScreen", "ThemedScreen/VStack/Header", "ThemedScreen/VStack/Footer"]
            + stride(from: 0, to: Self.rows, by: 4).map { "ThemedScreen/VStack/ArticleRow[\($0)]/HStack/Badge" }
        for reader in readers { #expect(evaluations[reader] == 1 + Self.switches, "\(reader)") }
        let rowEvaluations = variant == "environment" ? 1 : 1 + Self.switches
        for row in 0..<Self.rows { #expect(evaluations["ThemedScreen/VStack/ArticleRow[\(row)]"] == rowEvaluations) }
        #expect(evaluations.count == readers.count + Self.rows)
        let wrappers = trace.events.filter { $0["kind"] as? String == "write" }.map { $0["wrapper"] as? String ?? "" }
        if variant == "environment" {
            #expect(wrappers.filter { $0 == "State" }.count == Self.switches)
            #expect(wrappers.filter { $0 == "Environment" }.count == Self.switches)
        } else {
            #expect(wrappers == Array(repeating: "Published", count: Self.switches))
        }
    }
}
