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

    @Test("form-typing: one write per character; the typed field re-evaluates each time, the other fields never; the form only when it owns the text",
          arguments: ["form-state", "field-state"])
    func formTyping(variant: String) throws {
        let trace = try ScenarioRecording("form-typing", variant)
        let rows = variant == "form-state" ? "SignupForm/VStack/HStack" : "SignupForm/VStack/FormField"
        let fieldPath = { (index: Int) in variant == "form-state" ? "\(rows)[\(index)]/TextField" : "\(rows)[\(index)]/HStack/TextField" }
        #expect(trace.count("write") == Self.characters)
        #expect(trace.events.filter { $0["kind"] as? String == "write" }.allSatisfy { $0["changed"] as? Bool == true })
        #expect(trace.count("body-eval", view: fieldPath(0)) == 1 + Self.characters)
        for index in 1..<Self.fields { #expect(trace.count("body-eval", view: fieldPath(index)) == 1) }
        #expect(trace.count("body-eval", view: "SignupForm") == (variant == "form-state" ? 1 + Self.characters : 1))
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
