import Foundation
import ScenarioTestSupport
import Testing
import TracerTestSupport
@testable import Scenarios

/// Every scenario variant, recorded and normalised, against its golden trace in
/// `Fixtures/Traces/scenarios/SCENARIO.VARIANT.jsonl`. A missing golden is written and the test
/// fails once; `TRACER_RECORD_GOLDENS=1` re-records them.
@Suite("Scenario golden traces")
struct ScenarioGoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Traces/scenarios")

    static let variants: [(String, String)] = ScenarioCatalog.all.flatMap { scenario in
        scenario.variants.map { (scenario.name, $0.name) }
    }

    @Test("the normalised trace equals its golden", arguments: variants)
    func golden(scenario: String, variant: String) throws {
        let trace = try ScenarioRecording(scenario, variant).normalised
        let url = Self.directory.appendingPathComponent("\(scenario).\(variant).jsonl")
        expectGolden(trace, at: url) { expected in
            let (actualLines, expectedLines) = (trace.split(separator: "\n"), expected.split(separator: "\n"))
            let first = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(actualLines.count, expectedLines.count)
            return """
                \(url.lastPathComponent) differs first at line \(first + 1) (\(actualLines.count) lines, golden \(expectedLines.count)):
                  recorded: \(first < actualLines.count ? String(actualLines[first]) : "<end>")
                  golden:   \(first < expectedLines.count ? String(expectedLines[first]) : "<end>")
                """
        }
    }

    @Test("a golden trace differs from the recording it would hide: volatile fields only are dropped")
    func normalisationKeepsContent() throws {
        let trace = try ScenarioRecording("dice-roll", "default")
        let normalised = trace.normalised
        for field in ["ts", "tid", "dur", "pid"] { #expect(!normalised.contains("\"\(field)\":")) }
        #expect(normalised.split(separator: "\n").count == trace.lines.count)
        #expect(normalised.contains("\"kind\":\"write\",\"view\":\"ContentView\",\"prop\":\"number\""))
    }
}
