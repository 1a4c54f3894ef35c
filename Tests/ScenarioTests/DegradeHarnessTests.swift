import Foundation
import ScenarioTestSupport
import Testing
import TraceAnalysis

/// The cause inference judged on truth nobody tuned it to: every built-in scenario variant,
/// recorded by the runtime (which records every cause), stripped to what each source records,
/// inferred, and compared hop by hop (see `DegradeHarness`). The table is printed for CI's log and
/// quoted in the `why` article.
@Suite("degrade harness")
struct DegradeHarnessTests {
    /// Each rule's least precision on any source, in percent.
    static let minimumPrecision = 95.0
    /// The least coverage of the adapter's shape over every scenario together, in percent.
    static let minimumAdapterCoverage = 90.0

    @Test("every rule is right on at least 95 % of the hops it infers, and the adapter's shape is covered on at least 90 %")
    func precisionAndCoverage() throws {
        let traces = DegradeHarness.traces
        #expect(traces.count >= 14)
        let scores = try DegradeHarness.Shape.all.map { shape in
            (shape: shape, traces: try traces.map { name in (name: name, score: try DegradeHarness.score(ScenarioTraces.normalised(name), shape: shape)) })
        }
        print(DegradeHarness.table(scores))
        for (shape, perTrace) in scores {
            var total = DegradeHarness.Score()
            for trace in perTrace { total.add(trace.score) }
            for rule in InferenceOutcome.rules {
                if let precision = total.precision(rule) {
                    #expect(precision >= Self.minimumPrecision, "\(shape.name), \(rule.rule): \(precision) %")
                }
            }
            if shape.name == DegradeHarness.Shape.adapter.name {
                #expect((total.coverage ?? 0) >= Self.minimumAdapterCoverage, "adapter coverage: \(total.coverage ?? 0) %")
            }
        }
    }

    @Test("a stripped trace keeps writes, evaluations and marks, only the causes from a write to an evaluation, and no inputs")
    func stripping() throws {
        let events = try ScenarioTraces.normalised("selection.view-state").split(separator: "\n").map { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
        }
        var hops: [Int64: DegradeHarness.Hop] = [:]
        for evaluation in DegradeHarness.evaluations(events) { hops[evaluation.seq] = evaluation.recorded }
        let stripped = try DegradeHarness.strip(events, to: .adapter, hops: hops).dropFirst().map { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
        }
        let writes = Set(stripped.compactMap { $0["kind"] as? String == "write" ? DegradeHarness.integer($0, "seq") : nil })
        #expect(Set(stripped.compactMap { $0["kind"] as? String }) == ["write", "body-eval", "mark"])
        #expect(stripped.allSatisfy { $0["tx"] == nil && ($0["view"] as? String)?.contains("/") != true })
        let causes = stripped.compactMap { DegradeHarness.integer($0, "cause") }
        #expect(!causes.isEmpty && causes.allSatisfy(writes.contains))
        // NB: the runtime names the inputs of its `inputs-changed` evaluations; no other source records them.
        #expect(events.contains { $0["inputs"] != nil })
        #expect(stripped.allSatisfy { $0["inputs"] == nil })
        #expect(DegradeHarness.flatTypeName("ContentView/HStack/List/Row[tracer/readme]#2") == "Row")
    }
}
