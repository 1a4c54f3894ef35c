import Foundation
import Testing
import TracerTestSupport
@testable import TraceAnalysis

/// The visual fixtures and golden files of the flame, diff, export and HTML tests.
enum VisualGolden {
    static let fixtures = TestSupport.traces.appendingPathComponent("visual")
    /// The recorded scenario traces (`Fixtures/Traces/scenarios`).
    static let scenarios = TestSupport.traces.appendingPathComponent("scenarios")
    static let goldens = TestSupport.goldens
    /// Scenario traces with golden outputs: seed 000's `@ViewStorage` variant (cause chains through a
    /// second write) and seed 003's extracted views (nested paths, skips).
    static let scenarioFixtures = ["scroll-offset.view-storage", "rendering-cycle.extracted"]

    /// The path of fixture `name`: a hand-written one in `visual` (`state`, `view-storage`,
    /// `other-scenario`), else a recorded one in `scenarios` (`scroll-offset.state`).
    static func fixture(_ name: String) -> String {
        let visual = fixtures.appendingPathComponent("\(name).jsonl").path
        return FileManager.default.fileExists(atPath: visual) ? visual : scenarios.appendingPathComponent("\(name).jsonl").path
    }

    /// The profile of fixture `name`.
    static func profile(_ name: String) throws -> VisualProfile {
        try VisualProfile.load(source: .file(fixture(name)), options: TraceReadOptions(threads: 1))
    }

    /// Expects `actual` to equal golden `name` (e.g. `flame/state.evals.folded`) once the fixtures'
    /// directories are written `$FIXTURES` and `$SCENARIOS`; a missing golden is written and the
    /// test fails once; `TRACER_RECORD_GOLDENS=1` re-records.
    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = actual.replacingOccurrences(of: fixtures.path, with: "$FIXTURES")
            .replacingOccurrences(of: scenarios.path, with: "$SCENARIOS")
        expectGolden(actual, at: goldens.appendingPathComponent(name), sourceLocation: sourceLocation)
    }

    /// What `exporter` writes for fixture `name`.
    static func export(_ name: String, with exporter: some StreamingExporter) throws -> String {
        var exporter = exporter
        var output = ""
        try exporter.export(source: .file(fixture(name)), options: TraceReadOptions(threads: 1), into: &output)
        return output
    }
}

@Suite struct ExportGoldenTests {
    static let fixtures = ["state", "view-storage"] + VisualGolden.scenarioFixtures

    @Test(arguments: fixtures)
    func chromeMatchesGolden(fixture: String) throws {
        VisualGolden.check(try VisualGolden.export(fixture, with: ChromeTraceExporter()), named: "export/\(fixture).chrome.json")
    }

    @Test(arguments: ["state", "view-storage"], FlameWeight.allCases)
    func speedscopeMatchesGolden(fixture: String, weight: FlameWeight) throws {
        let output = try VisualGolden.export(fixture, with: SpeedscopeExporter(weight: weight))
        VisualGolden.check(output, named: "export/\(fixture).\(weight.rawValue).speedscope.json")
    }

    /// Recorded scenario traces carry no `ts`/`dur`: weighted by evaluations, and by wasted ones.
    @Test(arguments: VisualGolden.scenarioFixtures, [FlameWeight.evals, .wasted])
    func speedscopeOfScenarioMatchesGolden(fixture: String, weight: FlameWeight) throws {
        let output = try VisualGolden.export(fixture, with: SpeedscopeExporter(weight: weight))
        VisualGolden.check(output, named: "export/\(fixture).\(weight.rawValue).speedscope.json")
    }
}
