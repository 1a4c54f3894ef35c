import Foundation
import Testing
@testable import TraceAnalysis
import TracerTestSupport

@Suite("Cause graph: edges, medians and comparisons", .temporaryDirectory)
struct CauseGraphTests {
    private static func graph(_ text: String) throws -> CauseGraph {
        let path = try TestSupport.temporaryTrace(text)
        return try #require(try TraceAnalyzer.analyze(source: .file(path), options: .init(causeGraph: true)).causeGraph)
    }

    @Test("without view statistics a read has the same cause graph, totals and warnings, and no views", arguments: [1, 2])
    func graphWithoutViews(threads: Int) throws {
        let path = try TestSupport.temporaryTrace(TestSupport.syntheticTrace(transactions: 3_000))
        func summary(views: Bool) throws -> TraceSummary {
            try TraceAnalyzer.analyze(
                source: .file(path),
                options: .init(read: TraceReadOptions(threads: threads), minimumSplitSize: 1, causeGraph: true, viewStatistics: views))
        }
        let (full, lean) = (try summary(views: true), try summary(views: false))
        #expect(!full.views.isEmpty && lean.views.isEmpty)
        #expect(lean.causeGraph == full.causeGraph)
        #expect(lean.totals == full.totals && lean.marks == full.marks && lean.kindCounts == full.kindCounts)
        #expect(lean.warnings == full.warnings && lean.lineCount == full.lineCount)
        let slice = try TraceScan.run(source: .file(path), slice: TraceSlice(mark: "m1"), viewFigures: false, causeGraph: true)
        #expect(slice.summary.views.isEmpty && slice.summary.causeGraph?.edges.isEmpty == false)
    }

    @Test("the synthetic trace's graph: each owner's writes → owner, owner → Row[*] with every child's evaluations and skips, the same on two threads")
    func syntheticGraph() throws {
        let text = TestSupport.syntheticTrace(transactions: 20_000)
        let path = try TestSupport.temporaryTrace(text)
        let single = try TraceAnalyzer.analyze(source: .file(path), options: .init(read: TraceReadOptions(threads: 1), causeGraph: true))
        let split = try TraceAnalyzer.analyze(
            source: .file(path), options: .init(read: TraceReadOptions(threads: 2), minimumSplitSize: 1, causeGraph: true))
        let graph = try #require(single.causeGraph)
        #expect(split.causeGraph == graph)
        // NB: every evaluation but the owners' goes along a parent edge; the owners' along a source edge.
        let parentEdges = graph.edges.filter { !$0.from.isSource }
        #expect(Set(parentEdges.map(\.to)) == ["Root/Row[*]", "Root/Content/Row[*]", "Settings/Form/Row[*]"])
        let children = single.views.filter { $0.view.contains("/Row[") }
        #expect(parentEdges.reduce(0) { $0 + $1.evals } == children.reduce(0) { $0 + $1.bodyEvals })
        #expect(parentEdges.reduce(0) { $0 + $1.skips } == children.reduce(0) { $0 + $1.skips })
        let owners = single.views.filter { !$0.view.contains("/Row[") }
        #expect(graph.edges.filter(\.from.isSource).reduce(0) { $0 + $1.evals } == owners.reduce(0) { $0 + $1.bodyEvals })
        #expect(graph.edges == graph.edges.sorted(by: CauseEdge.heavier))
    }

    @Test("a chain through @ViewStorage and a derived @State ends at the root write; an initial evaluation is on no edge")
    func rootWrite() throws {
        let graph = try Self.graph("""
            {"kind":"meta","schema":"tracer/1"}
            {"seq":1,"tx":1,"kind":"body-eval","view":"A","reason":"initial"}
            {"seq":2,"tx":1,"kind":"mount","view":"A/B","cause":1}
            {"seq":3,"tx":1,"kind":"body-eval","view":"A/B","reason":"initial","cause":2}
            {"seq":4,"tx":2,"kind":"write","view":"A","prop":"offset","wrapper":"ViewStorage"}
            {"seq":5,"tx":2,"kind":"write","view":"A","prop":"flag","wrapper":"State","cause":4}
            {"seq":6,"tx":2,"kind":"invalidate","view":"A","cause":5}
            {"seq":7,"tx":2,"kind":"body-eval","view":"A","cause":6,"reason":"state","dur":10}
            {"seq":8,"tx":2,"kind":"skip","view":"A/B","cause":7,"reason":"inputs-equal"}

            """)
        #expect(graph.edges == [
            CauseEdge(key: .init(from: .source(view: "A", prop: "offset"), to: "A"), wrapper: "ViewStorage", evals: 1, bodyTimeNs: 10),
            CauseEdge(key: .init(from: .view("A"), to: "A/B"), skips: 1),
        ])
    }

    private static func edge(_ from: String, _ to: String, evals: Int, wrapper: String = "State") -> CauseEdge {
        CauseEdge(key: .init(from: .source(view: from, prop: "p"), to: to), wrapper: wrapper, evals: evals)
    }

    @Test("several runs: each edge's median, 0 in a run without it; an edge with a median of 0 is left out")
    func median() {
        let runs = [
            CauseGraph(edges: [Self.edge("A", "A", evals: 10), Self.edge("A", "B", evals: 1)]),
            CauseGraph(edges: [Self.edge("A", "A", evals: 30)]),
            CauseGraph(edges: [Self.edge("A", "A", evals: 20)]),
        ]
        #expect(CauseGraph.median(of: runs).edges == [Self.edge("A", "A", evals: 20)])
    }

    @Test("the median of two saturated figures is their midpoint, not an overflow")
    func saturatedMedian() {
        func run(_ bodyTimeNs: Int64, evals: Int) -> CauseGraph {
            CauseGraph(edges: [CauseEdge(key: .init(from: .view("A"), to: "A/B"), evals: evals, bodyTimeNs: bodyTimeNs)])
        }
        let median = CauseGraph.median(of: [run(.max, evals: .max), run(.max - 2, evals: .max - 1)])
        #expect(median.edges.map(\.bodyTimeNs) == [.max - 1])
        #expect(median.edges.map(\.evals) == [.max - 1])
    }

    @Test("edges match by their ends' names: a wrapper that changes is not a new edge; a change within 10% is not listed",
          arguments: [(240, 2, EdgeDelta.Change.changed), (100, 110, .same), (100, 111, .changed), (0, 0, .same)])
    func comparison(base: Int, variant: Int, change: EdgeDelta.Change) {
        let diff = EdgeDiff(
            base: [CauseGraph(edges: [Self.edge("A", "A", evals: base, wrapper: "State")])],
            variant: [CauseGraph(edges: [Self.edge("A", "A", evals: variant, wrapper: "ViewStorage"), Self.edge("A", "N", evals: 3)])])
        #expect(diff.all.map(\.change) == [change, .new])
        #expect(diff.listed.first?.key.to == (change == .changed && variant > base + 3 ? "A" : "N"))
    }

    @Test("an edge compared is on one side at least, and stays so: its sides cannot be set, and an edge on neither stops the process")
    func edgeDeltaHasASide() async {
        let diff = EdgeDiff(base: [CauseGraph(edges: [Self.edge("A", "A", evals: 2)])], variant: [CauseGraph(edges: [Self.edge("A", "N", evals: 3)])])
        #expect(diff.all.map(\.latest.to) == ["A", "N"])
        // NB: `let`s have no writable key path: `delta.base = nil` does not compile.
        #expect(!(\EdgeDelta.base as AnyKeyPath is WritableKeyPath<EdgeDelta, CauseEdge?>))
        #expect(!(\EdgeDelta.variant as AnyKeyPath is WritableKeyPath<EdgeDelta, CauseEdge?>))
        await #expect(processExitsWith: .failure) {
            _ = EdgeDelta(key: CauseEdge.Key(from: .view("A"), to: "B"), base: nil, variant: nil)
        }
    }
}
