import Foundation
import Scenarios
import Testing
import Tracer

/// The scenarios recorded with values on (`TRACER_VALUES=1`), and off.
@Suite("Scenario write values")
struct ScenarioValueTests {
    /// The events of `variant` of `scenario`, recorded with or without values; the header first.
    private func events(_ scenario: String, _ variant: String, values: Bool) throws -> [[String: Any]] {
        let sink = MemorySink()
        try ScenarioCatalog.scenario(named: scenario).record(variant: variant, to: sink, values: values)
        return try sink.lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    @Test("scroll-offset: every write carries old and new, and each old is the previous write's new",
          arguments: ["state", "observable-object", "view-storage"])
    func scrollOffsetChainsItsValues(_ variant: String) throws {
        let events = try events("scroll-offset", variant, values: true)
        #expect((events[0]["capabilities"] as? [String])?.contains("values") == true)
        let writes = events.filter { $0["kind"] as? String == "write" }
        #expect(!writes.isEmpty)
        #expect(writes.allSatisfy { $0["old"] is String && $0["new"] is String })
        let byProperty = Dictionary(grouping: writes) { "\($0["view"] ?? "")/\($0["prop"] ?? "")" }
        for (_, writes) in byProperty {
            for (previous, next) in zip(writes, writes.dropFirst()) {
                #expect(next["old"] as? String == previous["new"] as? String)
            }
        }
    }

    @Test("form-typing: the form's dictionary of typed text carries the marker, never a value")
    func formTypingIsRedacted() throws {
        let events = try events("form-typing", "form-state", values: true)
        let writes = events.filter { $0["kind"] as? String == "write" && $0["prop"] as? String == "values" }
        #expect(!writes.isEmpty)
        #expect(writes.allSatisfy { $0["values"] as? String == "redacted" && $0["old"] == nil && $0["new"] == nil })
    }

    @Test("values off: no write carries old, new or values, and the header lists no capabilities",
          arguments: ["scroll-offset", "form-typing"])
    func valuesOffAddsNothing(_ scenario: String) throws {
        for variant in try ScenarioCatalog.scenario(named: scenario).variants.map(\.name) {
            let events = try events(scenario, variant, values: false)
            #expect(events[0]["capabilities"] == nil)
            #expect(events.allSatisfy { $0["old"] == nil && $0["new"] == nil && $0["values"] == nil })
        }
    }
}
