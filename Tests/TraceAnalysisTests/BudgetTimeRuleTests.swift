import Foundation
import Testing
@testable import TraceAnalysis

/// Time rules with `maxIncrease` over several baseline runs: the budget's settings, the verdicts'
/// statuses, and counts still held to the baseline runs' median.
@Suite struct BudgetTimeRuleTests {
    static let runs = TestSupport.packageRoot.appendingPathComponent("Fixtures/Traces/runs")

    /// A budget of `rules` (JSON) with `settings` (JSON members, may be empty) added at the top.
    private func budget(_ rules: String, _ settings: String = "") throws -> Budget {
        try Budget.parse(Array(#"{"schema":"tracer-budget/1",\#(settings)"rules":[\#(rules)]}"#.utf8), file: "b.json")
    }

    private func figures(_ name: String, _ count: Int, for budget: Budget) throws -> [BudgetFigures] {
        try (1...count).map { try BudgetFigures.load(source: .file(Self.runs.appendingPathComponent("\(name)-\($0).jsonl").path), for: budget) }
    }

    private func evaluate(_ budget: Budget, head: String, count: Int) throws -> BudgetCheck.Result {
        let check = try BudgetCheck.evaluate(
            budget, file: "b.json", traces: try figures(head, count, for: budget), baselines: try figures("base", count, for: budget))
        return check.results[0]
    }

    @Test("alpha, minEffect and minEffectTime are read, and default to 0.01, 1% and 1 µs")
    func settings() throws {
        let rule = #"{"view":"List","metric":"body-time-total","maxIncrease":"5%"}"#
        #expect(try budget(rule).significance == SignificanceSettings(alpha: 0.01, relativeEffect: 1, absoluteEffect: 1_000))
        let read = try budget(rule, #""alpha":0.05,"minEffect":"2.5%","minEffectTime":"5us","#).significance
        #expect(read == SignificanceSettings(alpha: 0.05, relativeEffect: 2.5, absoluteEffect: 5_000))
    }

    @Test("a time rule fails only when regressed (at level warn it warns); improved and same pass; too few runs warn with the runs needed")
    func statuses() throws {
        let rule = #"{"view":"List","metric":"body-time-total","maxIncrease":"5%"}"#
        let regressed = try evaluate(try budget(rule), head: "slower", count: 6)
        #expect(regressed.status == .fail && regressed.comparison?.verdict == .regressed)
        let warned = try evaluate(try budget(#"{"view":"List","metric":"body-time-total","maxIncrease":"5%","level":"warn"}"#), head: "slower", count: 6)
        #expect(warned.status == .warn && warned.comparison?.verdict == .regressed)
        #expect(try evaluate(try budget(rule), head: "faster", count: 6).status == .pass)
        let same = try evaluate(try budget(rule), head: "same", count: 6)
        #expect(same.status == .pass && same.comparison?.verdict == .same)
        let inconclusive = try evaluate(try budget(rule), head: "slower", count: 2)
        #expect(inconclusive.status == .warn && inconclusive.comparison?.verdict == .inconclusive)
        #expect(inconclusive.comparison?.runsNeeded == 5)
    }

    @Test("an allowed increase above the change makes a 20% slowdown no regression; a minimum effect above it, the same")
    func allowances() throws {
        let generous = try evaluate(try budget(#"{"view":"List","metric":"body-time-total","maxIncrease":"30%"}"#), head: "slower", count: 6)
        #expect(generous.status == .pass && generous.comparison?.verdict == .same)
        let coarse = try evaluate(
            try budget(#"{"view":"List","metric":"body-time-total","maxIncrease":"0%"}"#, #""minEffect":"25%","#), head: "slower", count: 6)
        #expect(coarse.status == .pass && coarse.comparison?.verdict == .same)
    }

    @Test("a count rule with maxIncrease is held to the baseline runs' median, with no comparison")
    func countsKeepTheMedian() throws {
        let result = try evaluate(try budget(#"{"view":"List","metric":"body-evals","maxIncrease":"10%"}"#), head: "slower", count: 6)
        #expect(result.status == .pass && result.comparison == nil)
        #expect(result.baseline == 1 && result.maximum == 1.1)
    }
}
