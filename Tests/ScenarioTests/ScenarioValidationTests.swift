import Testing
import TraceAnalysis
import Tracer
import Scenarios

/// Every variant of every built-in scenario, recorded, conforms to `tracer/1`: `validate` finds
/// nothing in it. The variants come from the catalog, so a new scenario is checked without a line here.
@Suite("Scenario traces conform to tracer/1")
struct ScenarioValidationTests {
    static let variants: [(String, String)] = ScenarioCatalog.all.flatMap { scenario in
        scenario.variants.map { (scenario.name, $0.name) }
    }

    @Test("record SCENARIO --variant V writes a trace validate accepts, with and without values", arguments: variants, [false, true])
    func conforms(_ recorded: (scenario: String, variant: String), values: Bool) throws {
        let (scenario, variant) = recorded
        let sink = MemorySink()
        try ScenarioCatalog.scenario(named: scenario).record(variant: variant, to: sink, values: values)
        let trace = sink.lines.map { $0 + "\n" }.joined()
        let validation = TraceValidator.validation(of: .bytes(Array(trace.utf8), name: "\(scenario).\(variant)"))
        #expect(validation.errorCount == 0 && validation.warningCount == 0, "\(validation.diagnostics.prefix(5).map(\.description))")
    }
}
