import Foundation
import Testing
import Tracer
@testable import TraceAnalysis

@Suite("Budgets: files, evaluation, baselines, write-budget")
struct BudgetTests {
    static let budgets = TestSupport.packageRoot.appendingPathComponent("Fixtures/Budgets")
    static let scenarios = TestSupport.traces.appendingPathComponent("scenarios")

    static let badBudgets: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: budgets.appendingPathComponent("bad").path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    /// The figures of the golden scenario trace `name` (e.g. `scroll-offset.state`).
    private func figures(_ name: String, marks: Set<String> = []) throws -> BudgetFigures {
        try BudgetFigures.load(source: .file(Self.scenarios.appendingPathComponent("\(name).jsonl").path), marks: marks)
    }

    private func budget(_ name: String) throws -> Budget {
        try Budget.load(path: Self.budgets.appendingPathComponent(name).path)
    }

    private func check(_ budgetName: String, _ traces: [String], baseline: String? = nil) throws -> BudgetCheck {
        let budget = try budget(budgetName)
        let marks = BudgetCheck.marks(of: budget)
        return try BudgetCheck.evaluate(
            budget, file: budgetName, traces: traces.map { try figures($0, marks: marks) },
            baseline: try baseline.map { try figures($0, marks: marks) })
    }

    // MARK: Files

    @Test("every budget fixture parses", arguments: ["scroll-offset.json", "warn-only.json", "ratchet.json", "rendering-cycle.json"])
    func fixturesParse(name: String) throws {
        #expect(try !budget(name).rules.isEmpty)
    }

    @Test("the JSON Schema names exactly the keys and values the parser accepts")
    func schemaInSync() throws {
        let url = TestSupport.packageRoot.appendingPathComponent("Fixtures/tracer-budget.schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let top = try #require(schema["properties"] as? [String: Any])
        #expect(Set(top.keys) == BudgetReader.topLevelKeys)
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let rule = try #require((definitions["rule"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(rule.keys) == BudgetReader.ruleKeys)
        func enumeration(_ object: Any?) -> Set<String> { Set(((object as? [String: Any])?["enum"] as? [String]) ?? []) }
        #expect(enumeration(rule["metric"]) == Set(BudgetMetric.allCases.map(\.rawValue)))
        #expect(enumeration(rule["level"]) == Set(BudgetLevel.allCases.map(\.rawValue)))
        #expect(enumeration(definitions["aggregate"]) == Set(RunAggregate.allCases.map(\.rawValue)))
        #expect((top["schema"] as? [String: Any])?["const"] as? String == Budget.schema)
    }

    @Test("each bad budget file fails with its position, JSON path and message", arguments: badBudgets)
    func badBudget(name: String) throws {
        let url = Self.budgets.appendingPathComponent("bad/\(name)")
        let expected = try String(contentsOf: url.deletingPathExtension().appendingPathExtension("expected"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(expected.first == "exit 2")
        let bytes = Array(try Data(contentsOf: url))
        do throws(BudgetError) {
            _ = try Budget.parse(bytes, file: name)
            Issue.record("\(name) was accepted")
        } catch {
            #expect(error.description == expected.dropFirst().first)
        }
    }

    // MARK: Evaluation

    @Test("scroll-offset budget: view-storage passes, state fails its error rules and warns on the warn rule")
    func passAndFail() throws {
        let pass = try check("scroll-offset.json", ["scroll-offset.view-storage"])
        #expect(pass.results.map(\.status) == [.pass, .pass, .pass, .pass, .pass, .pass, .off])
        #expect(pass.exitStatus == 0)
        let fail = try check("scroll-offset.json", ["scroll-offset.state"])
        #expect(fail.results.map(\.status) == [.fail, .warn, .fail, .fail, .fail, .pass, .off])
        #expect(fail.exitStatus == 1)
        let first = fail.results[0]
        #expect(first.message == "MyView body-evals: expected ≤ 3, found 241")
        #expect(first.offenders.first?.causes.first?.origin.prop == "scrollContentOffset")
        // The mark rule counts only the events after "scroll-down" and before "scroll-up": 120 per view.
        #expect(fail.results[3].found == 120)
        #expect(fail.results[3].offenders.map(\.view) == ["MyView", "MyView/MyScrollView"])
    }

    @Test("warnings alone pass (exit 0)")
    func warnOnly() throws {
        let check = try check("warn-only.json", ["scroll-offset.view-storage"])
        #expect(check.results.map(\.status) == [.pass, .warn, .warn])
        #expect(check.exitStatus == 0)
        #expect(BudgetCheckRenderer.verdict(check) == "PASS with warnings: 0 failed, 2 warned, 1 passed, 0 off, 0 skipped")
    }

    @Test("scenario and variant filters: rules of another scenario are skipped, globs match paths")
    func filters() throws {
        let extracted = try check("rendering-cycle.json", ["rendering-cycle.extracted"])
        #expect(extracted.results.map(\.status) == [.pass, .pass, .pass, .warn])
        #expect(extracted.results[0].view == "ViewRenderingCycle/ZStack/ScrollView/VStack/Counter")
        // In the "count" interval the owner and Counter are evaluated on each of the 5 taps.
        #expect(extracted.results[3].found == 5)
        let inline = try check("rendering-cycle.json", ["rendering-cycle.inline"])
        #expect(inline.results.map(\.status) == [.skipped, .skipped, .pass, .skipped])
        #expect(inline.results[0].note == "no trace of scenario 'rendering-cycle', variant 'extracted'")
    }

    @Test("repeated runs combine per rule: median, max and min", arguments: [
        (RunAggregate.median, 5.0), (.max, 9.0), (.min, 1.0),
    ])
    func repeatedRuns(aggregate: RunAggregate, expected: Double) throws {
        let runs = try [1, 9, 5].map { evaluations in
            BudgetFigures(summary: try TestSupport.analyze(trace(evaluations: evaluations)))
        }
        let budget = Budget(aggregate: aggregate, rules: [BudgetRule(view: "A", metric: .bodyEvals, max: 4, path: "$.rules[0]")])
        let check = try BudgetCheck.evaluate(budget, file: "b", traces: runs)
        #expect(check.results[0].found == expected)
        #expect(check.results[0].status == (expected > 4 ? .fail : .pass))
    }

    @Test("a baseline limits each view to its baseline figure plus the increase")
    func baseline() throws {
        let same = try check("ratchet.json", ["scroll-offset.state"], baseline: "scroll-offset.state")
        #expect(same.results.map(\.status) == [.pass, .pass])
        let worse = try check("ratchet.json", ["scroll-offset.state"], baseline: "scroll-offset.view-storage")
        #expect(worse.results.map(\.status) == [.fail, .fail])
        #expect(worse.results[0].expected == "≤ 3.30 (baseline 3 +10%)")
        #expect(worse.results[1].expected == "≤ 8 (baseline 6 +2)")
        let better = try check("ratchet.json", ["scroll-offset.view-storage"], baseline: "scroll-offset.state")
        #expect(better.exitStatus == 0)
        #expect(throws: BudgetError.self) { try check("ratchet.json", ["scroll-offset.state"]) }
    }

    @Test("a budget written from a trace passes on it; one more evaluation fails it", arguments: [0.0, 10.0])
    func writeBudgetRoundTrip(headroom: Double) throws {
        let summary = try TestSupport.analyze(trace(evaluations: 20))
        let text = BudgetWriter.budget(from: summary, headroom: headroom)
        let budget = try Budget.parse(Array(text.utf8), file: "written.json")
        #expect(budget.rules.map(\.metric) == [.bodyEvals, .wastedEvals, .totalBodyEvals])
        #expect(try BudgetCheck.evaluate(budget, file: "written.json", traces: [BudgetFigures(summary: summary)]).exitStatus == 0)
        let limit = Int((20 * (1 + headroom / 100)).rounded(.up))
        let worse = try TestSupport.analyze(trace(evaluations: limit + 1))
        let check = try BudgetCheck.evaluate(budget, file: "written.json", traces: [BudgetFigures(summary: worse)])
        #expect(check.results.map(\.status) == [.fail, .pass, .fail])
    }

    @Test("write-budget escapes glob characters in view paths")
    func writtenGlobsAreLiteral() throws {
        #expect(ViewGlob.escape("List/Row[*]?") == "List/Row[\\*]\\?")
        #expect(ViewGlob(ViewGlob.escape("A/Row[*]")).matches("A/Row[*]"))
        #expect(!ViewGlob(ViewGlob.escape("A/Row[*]")).matches("A/Row[1]"))
    }

    // MARK: Swift API

    @Test("a Swift test can gate an in-memory trace recorded from views")
    func inMemoryTrace() throws {
        let sink = MemorySink()
        let recorder = TraceRecorder(sink: sink, metadata: TraceMetadata(scenario: "api"), clock: .manual(ManualClock(step: 1)))
        let graph = ViewGraph(recorder: recorder)
        graph.mount(Counter())
        for _ in 0..<4 { try graph.tap(buttonTitled: "Add") }
        recorder.close()
        let budget = try Budget.parse(Array(#"""
            {"schema":"tracer-budget/1","rules":[
              {"view":"Counter","metric":"body-evals","max":5},
              {"view":"Counter/VStack/Label","metric":"body-evals","max":1,"level":"warn"}]}
            """#.utf8), file: "inline")
        let check = try budget.check(trace: sink.bytes, name: "counter")
        #expect(check.results.map(\.found) == [5, 5])
        #expect(check.results.map(\.status) == [.pass, .warn])
        #expect(check.exitStatus == 0)
    }

    // MARK: Renderers

    @Test("GitHub workflow commands escape %, CR, LF, and in properties also : and ,")
    func githubEscaping() {
        #expect(BudgetCheckRenderer.escapeData("50% a\r\nb:c,d") == "50%25 a%0D%0Ab:c,d")
        #expect(BudgetCheckRenderer.escapeProperty("a:b,c%\n") == "a%3Ab%2Cc%25%0A")
    }

    @Test("the GitHub annotation points at the top cause's declaration site")
    func githubAnnotation() throws {
        let check = try check("scroll-offset.json", ["scroll-offset.state"])
        let lines = BudgetCheckRenderer.githubCommands(check).split(separator: "\n")
        #expect(lines.count == 5, "four failed rules and one warning")
        #expect(lines[0].hasPrefix("::error file=ScrollOffset.swift,line=62,title=Tracer budget $.rules[0]::MyView body-evals: expected ≤ 3, found 241%0A"))
        #expect(lines[1].hasPrefix("::warning file=ScrollOffset.swift,line=62,"))
    }

    /// A trace in which view `A` is evaluated `evaluations` times, once per write of `A.n`.
    private func trace(evaluations: Int) -> String {
        var lines = [TestSupport.meta]
        var seq = 0
        for _ in 0..<evaluations {
            seq += 1
            lines.append(#"{"seq":\#(seq),"ts":\#(seq),"tx":\#(seq),"kind":"write","view":"A","prop":"n","wrapper":"State","changed":true,"site":"A.swift:3"}"#)
            seq += 1
            lines.append(#"{"seq":\#(seq),"ts":\#(seq),"tx":\#(seq - 1),"kind":"body-eval","view":"A","changed":1,"cause":\#(seq - 1),"reason":"state","dur":10}"#)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A counter whose label is its own view: re-evaluated whenever the count changes.
private struct Counter: View {
    @State private var count = 0

    var body: some View {
        VStack {
            Label(count: count)
            Button("Add") { count += 1 }
        }
    }
}

private struct Label: View {
    let count: Int

    var body: some View { Text("\(count)") }
}
