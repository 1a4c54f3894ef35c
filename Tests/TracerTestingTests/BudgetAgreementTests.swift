import Foundation
import Scenarios
import TracectlCommands
import Testing
import Tracer
import TracerTestSupport
import TracerTesting

/// The budget assertion gives `tracectl check`'s verdict on the same events: every built-in
/// scenario's variants held to every budget of Fixtures/Budgets, each against the scenario's first
/// variant as the baseline (the edge and ratchet budgets need one).
@Suite("TracerTesting: the budget assertion agrees with tracectl check", .temporaryDirectory)
struct BudgetAgreementTests {
    /// Fixtures/Budgets.
    static let budgets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures/Budgets").standardized.path

    /// Each scenario's variants, as `SCENARIO VARIANT` with the scenario's first variant.
    static let variants: [(scenario: String, variant: String, baseline: String)] = ScenarioCatalog.all.flatMap { scenario in
        scenario.variants.map { (scenario.name, $0.name, scenario.variants[0].name) }
    }

    /// Each variant's trace, recorded once (the deterministic clock: the same bytes every time).
    static let traces: [String: [UInt8]] = Dictionary(uniqueKeysWithValues: variants.map { entry in
        let sink = MemorySink()
        try! ScenarioCatalog.scenario(named: entry.scenario).record(variant: entry.variant, to: sink, values: false)
        return ("\(entry.scenario) \(entry.variant)", sink.bytes)
    })

    /// Each variant's redraws, read once for every budget.
    static let redraws: [String: Redraws] = traces.mapValues { try! Redraws(trace: $0) }

    @Test("each scenario variant held to each budget: the assertion fails exactly when tracectl check exits non-zero",
          arguments: FixtureFolder.names(in: budgets, suffix: ".json"))
    func assertionAgreesWithCheck(budget: String) throws {
        let path = "\(Self.budgets)/\(budget)"
        var verdicts: [Int32: Int] = [:]
        for entry in Self.variants {
            let trace = try #require(Self.traces["\(entry.scenario) \(entry.variant)"])
            let base = try #require(Self.traces["\(entry.scenario) \(entry.baseline)"])
            let (traceFile, baseFile) = (temporaryPath("\(entry.scenario)-\(entry.variant).jsonl"), temporaryPath("\(entry.scenario)-base.jsonl"))
            try Data(trace).write(to: URL(fileURLWithPath: traceFile))
            try Data(base).write(to: URL(fileURLWithPath: baseFile))
            let status = Tracectl.main(["check", traceFile, "--budget", path, "--baseline", baseFile], console: .capturing())
            verdicts[status, default: 0] += 1
            // NB: the public assertion on the verdict check gave: an issue where check passed, or
            // none where it failed ("known issue was not recorded"), fails this test.
            let redraws = try #require(Self.redraws["\(entry.scenario) \(entry.variant)"])
            let baseline = try #require(Self.redraws["\(entry.scenario) \(entry.baseline)"])
            if status == 0 {
                redraws.expectWithinBudget(at: path, baseline: baseline)
            } else {
                withKnownIssue("tracectl check exited \(status) for \(entry.scenario) \(entry.variant)") {
                    redraws.expectWithinBudget(at: path, baseline: baseline)
                }
            }
        }
        // NB: agreement on one verdict only would say little: over the variants, check both passes and fails.
        #expect(verdicts.count > 1 || budget == "instruments.json", "tracectl check gave one verdict for every variant against \(budget): \(verdicts)")
    }
}
