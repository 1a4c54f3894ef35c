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
                guard let precision = total.precision(rule) else { continue }
                #expect(precision >= Self.minimumPrecision, "\(shape.name), \(rule.rule): \(precision) %")
            }
            if let precision = total.linkPrecision {
                #expect(precision >= Self.minimumPrecision, "\(shape.name), the import's links: \(precision) %")
            }
            if shape.name == DegradeHarness.Shape.adapter.name {
                #expect((total.coverage ?? 0) >= Self.minimumAdapterCoverage, "adapter coverage: \(total.coverage ?? 0) %")
            }
        }
    }

    /// The runtime trace `name`'s events, and `shape`'s strip of them.
    private func degraded(_ name: String, to shape: DegradeHarness.Shape) throws -> (events: [[String: Any]], stripped: [[String: Any]]) {
        let events = try ScenarioTraces.normalised(name).split(separator: "\n").map { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
        }
        var hops: [Int64: DegradeHarness.Hop] = [:]
        for evaluation in DegradeHarness.evaluations(events) { hops[evaluation.seq] = evaluation.recorded }
        let stripped = try DegradeHarness.strip(events, to: shape, hops: hops).dropFirst().map { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
        }
        return (events, stripped)
    }

    @Test("a stripped trace keeps writes, evaluations and marks, only the causes from a write to an evaluation, and no inputs")
    func stripping() throws {
        let (events, stripped) = try degraded("selection.view-state", to: .adapter)
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

extension DegradeHarnessTests {
    @Test("a shape that records inputs keeps them on the inputs-changed evaluations, and only there")
    func inputsWhereRecorded() throws {
        var shape = DegradeHarness.Shape.adapterNested
        shape.keepsInputs = true
        let (events, kept) = try degraded("scroll-offset.state", to: shape)
        let named = Set(events.filter { $0["inputs"] != nil }.compactMap { DegradeHarness.integer($0, "seq") })
        #expect(!named.isEmpty)
        #expect(Set(kept.filter { $0["inputs"] != nil }.compactMap { DegradeHarness.integer($0, "seq") }) == named)
        #expect(DegradeHarness.Shape.all.allSatisfy { !$0.keepsInputs })
    }

    @Test("the _printChanges shape lists every write that led to an evaluation as its causes, the cause first; the legacy shape every write linked to it")
    func severalCauses() throws {
        for shape in [DegradeHarness.Shape.printChanges, .instrumentsLegacy] {
            let (_, kept) = try degraded("selection.view-state", to: shape)
            let writes = Set(kept.compactMap { $0["kind"] as? String == "write" ? DegradeHarness.integer($0, "seq") : nil })
            let listed = kept.filter { $0["causes"] != nil }
            #expect(!listed.isEmpty, "\(shape.name)")
            for evaluation in listed {
                let causes = (evaluation["causes"] as? [NSNumber] ?? []).map(\.int64Value)
                #expect(causes.count > 1 && causes.first == DegradeHarness.integer(evaluation, "cause") && causes.allSatisfy(writes.contains))
            }
        }
    }

    @Test("the legacy shape links as the import does: each write to the one evaluation of its flat name in its update, every event in an update")
    func legacyLinks() throws {
        let (_, kept) = try degraded("selection.view-state", to: .instrumentsLegacy)
        let bySeq = Dictionary(uniqueKeysWithValues: kept.map { (DegradeHarness.integer($0, "seq") ?? 0, $0) })
        #expect(kept.allSatisfy { DegradeHarness.integer($0, "tx") != nil })
        let linked = kept.filter { $0["cause"] != nil }
        #expect(!linked.isEmpty)
        for evaluation in linked {
            let write = try #require(bySeq[DegradeHarness.integer(evaluation, "cause") ?? 0])
            #expect(write["kind"] as? String == "write" && write["view"] as? String == evaluation["view"] as? String)
            #expect(DegradeHarness.integer(write, "tx") == DegradeHarness.integer(evaluation, "tx"))
            let sameUpdate = kept.filter {
                $0["kind"] as? String == "body-eval" && $0["view"] as? String == evaluation["view"] as? String
                    && DegradeHarness.integer($0, "tx") == DegradeHarness.integer(evaluation, "tx")
            }
            #expect(sameUpdate.count == 1)
        }
    }
}
