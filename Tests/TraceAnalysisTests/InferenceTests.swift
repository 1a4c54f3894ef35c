import Foundation
import Testing
import TracerTestSupport
@testable import TraceAnalysis

/// The cause inference every reader of causes runs: named rules, their abstentions, recorded
/// links first, and the gates that count recorded edges only unless a rule opts in.
@Suite("cause inference", .temporaryDirectory)
struct InferenceTests {
    /// The adapter's scroll fixture (`@Observable` model, no `tx`).
    static let adapter = TestSupport.traces.appendingPathComponent("adapter/scroll-offset.observable.jsonl").path

    /// `why GLOB` on the trace at `path`, one thread, recorded causes only when `recordedOnly`.
    static func why(_ path: String, _ glob: String, recordedOnly: Bool = false) throws -> WhyResult {
        let options = TraceAnalyzer.AnalysisOptions(read: TraceReadOptions(threads: 1, recordedCausesOnly: recordedOnly))
        return try WhyAnalyzer.analyze(source: .file(path), glob: ViewGlob(glob), options: options).result
    }

    /// A trace of `lines` (the header added) in the test's directory.
    static func trace(_ lines: [String]) throws -> String {
        try TestSupport.temporaryTrace(([TestSupport.meta] + lines).joined(separator: "\n") + "\n", name: "inferred.jsonl")
    }

    @Test("an adapter trace's child evaluations are inferred from the write's evaluation in their update, the first one stays unknown")
    func adapterScroll() throws {
        let view = try #require(try Self.why(Self.adapter, "**/MyScrollView").views.first)
        #expect(view.paths.map(\.figures.evals) == [240, 1])
        let inferred = view.paths[0]
        #expect(WhyText.path(inferred.key) == "MyView.ScrollModel (Observable) → MyView (observed) → ≈ MyScrollView (inputs-changed)")
        #expect(inferred.key.hops.map(\.inferred) == [nil, "same-update-sole-root"])
        #expect(view.paths[1].key.root == .unknown)
        #expect(view.inference.inferred == ["same-update-sole-root": 240])
        #expect(view.inference.noCause == 1)
        let recorded = try #require(try Self.why(Self.adapter, "**/MyScrollView", recordedOnly: true).views.first)
        #expect(recorded.paths.map(\.figures.evals) == [241])
        #expect(recorded.paths[0].key.root == .unknown && recorded.inference.isEmpty)
    }

    @Test("a runtime trace, which records every cause, reads the same with and without inference", arguments: [
        "scroll-offset.state", "selection.view-state", "rendering-cycle.extracted", "environment-theme.environment",
    ])
    func recordedLinksWin(name: String) throws {
        let path = TestSupport.traces.appendingPathComponent("scenarios/\(name).jsonl").path
        let inferred = try Self.why(path, "**")
        #expect(inferred == (try Self.why(path, "**", recordedOnly: true)))
        #expect(inferred.views.allSatisfy { $0.inference.isEmpty && $0.paths.allSatisfy { $0.key.hops.allSatisfy { $0.inferred == nil } } })
    }

    @Test("an evaluation under an evaluated view's path is nested under the nearest one; two roots and no root abstain, named")
    func rulesAndAbstentions() throws {
        let path = try Self.trace([
            #"{"seq":1,"tx":1,"kind":"write","view":"A","prop":"x","wrapper":"State","changed":true}"#,
            #"{"seq":2,"tx":1,"kind":"body-eval","view":"A","cause":1,"reason":"state"}"#,
            #"{"seq":3,"tx":1,"kind":"body-eval","view":"A/B"}"#,
            #"{"seq":4,"tx":1,"kind":"body-eval","view":"A/B/C"}"#,
            #"{"seq":5,"tx":2,"kind":"write","view":"D","prop":"y","wrapper":"State","changed":true}"#,
            #"{"seq":6,"tx":2,"kind":"body-eval","view":"D","cause":5,"reason":"state"}"#,
            #"{"seq":7,"tx":2,"kind":"body-eval","view":"E","cause":5,"reason":"state"}"#,
            #"{"seq":8,"tx":2,"kind":"body-eval","view":"F"}"#,
            #"{"seq":9,"tx":3,"kind":"body-eval","view":"F"}"#,
        ])
        let result = try Self.why(path, "**")
        let byView = Dictionary(uniqueKeysWithValues: result.views.map { ($0.view, $0) })
        #expect(byView["A/B/C"].map { WhyText.path($0.paths[0].key) } == "A.x (State) → A (state) → ≈ A/B (initial) → ≈ A/B/C (initial)")
        #expect(byView["A/B/C"]?.inference.inferred == ["same-update-nested": 1])
        #expect(byView["F"]?.paths.map(\.key.root) == [.unknown])
        #expect(byView["F"]?.inference.abstained == ["same-update-sole-root: several evaluations of the update record a cause": 1])
        #expect(byView["F"]?.inference.noCause == 1)
    }

    @Test("sole root: the first evaluation of a flat name in the update is inferred, a second one of that name abstains (two views of one name: it may be new)")
    func secondOfANameAbstains() throws {
        let path = try Self.trace([
            #"{"seq":1,"tx":1,"kind":"write","view":"List","prop":"x","wrapper":"State","changed":true}"#,
            #"{"seq":2,"tx":1,"kind":"body-eval","view":"List","cause":1,"reason":"state"}"#,
            #"{"seq":3,"tx":1,"kind":"body-eval","view":"Row"}"#,
            #"{"seq":4,"tx":1,"kind":"body-eval","view":"Row"}"#,
            #"{"seq":5,"tx":2,"kind":"write","view":"List","prop":"x","wrapper":"State","changed":true}"#,
            #"{"seq":6,"tx":2,"kind":"body-eval","view":"List","cause":5,"reason":"state"}"#,
            #"{"seq":7,"tx":2,"kind":"body-eval","view":"Row"}"#,
        ])
        let row = try #require(try Self.why(path, "Row").views.first)
        #expect(row.inference.inferred == ["same-update-sole-root": 2])
        #expect(row.inference.abstained == ["same-update-sole-root: a view of its name was evaluated before in the update": 1])
        #expect(row.paths.filter { $0.key.root == .unknown }.map(\.figures.evals) == [1])
    }

    @Test("a recorded mount is a step: the chain walks on to the write that led to it")
    func mountWalksOn() throws {
        let path = TestSupport.traces.appendingPathComponent("scenarios/selection.view-state.jsonl").path
        let view = try #require(try Self.why(path, "ContentView/HStack/FileDetailView[tracer/package]").views.first)
        let walked = try #require(view.paths.first { $0.figures.examples.contains(61) })
        #expect(walked.key.root == .write(view: "ContentView", prop: "selectedFile", wrapper: "State", site: "Scenarios/Selection.swift:143", changes: ""))
        #expect(walked.key.hops.map(\.kind) == [.evaluation, .mount, .evaluation])
        let chain = try WhyChain.find(seq: 61, source: .file(path), options: TraceReadOptions())
        #expect(chain.steps.map(\.seq) == [50, 51, 52, 59, 61])
    }

    @Test("an inferred edge is an edge of its own, marked with its rule")
    func inferredEdges() throws {
        let options = TraceAnalyzer.AnalysisOptions(read: TraceReadOptions(threads: 1), causeGraph: true)
        let graph = try #require(try TraceAnalyzer.analyze(source: .file(Self.adapter), options: options).causeGraph)
        let edge = try #require(graph.edge(CauseEdge.Key(from: .view("MyView"), to: "MyScrollView", inferred: "same-update-sole-root")))
        #expect(edge.evals == 240)
        #expect(graph.edge(CauseEdge.Key(from: .view("MyView"), to: "MyScrollView")) == nil)
        #expect(GraphRenderer.text(
            try TraceAnalyzer.analyze(source: .file(Self.adapter), options: options), options: GraphSelection.Options()
        ).contains("MyView → ≈ MyScrollView"))
    }

    @Test("report's top cause follows an inferred link, marked with its rule; evaluations per write count recorded links only")
    func reportTopCause() throws {
        func summary(recordedOnly: Bool) throws -> TraceSummary {
            try TraceAnalyzer.analyze(
                source: .file(Self.adapter), options: .init(read: TraceReadOptions(threads: 1, recordedCausesOnly: recordedOnly)))
        }
        let (inferred, recorded) = (try summary(recordedOnly: false), try summary(recordedOnly: true))
        let cause = try #require(inferred.stats(for: "MyScrollView")?.causes.first)
        #expect(cause.origin.view == "MyView" && cause.count == 240 && cause.inferredBy == "same-update-sole-root")
        #expect(recorded.stats(for: "MyScrollView")?.causes.isEmpty == true)
        #expect(inferred.stats(for: "MyView")?.causes.map(\.inferredBy) == [nil])
        #expect(inferred.views.map(\.evalsCausedByWrites) == recorded.views.map(\.evalsCausedByWrites))
        let text = ReportRenderer.render(inferred, format: .text, options: ReportOptions())
        #expect(text.contains("≈ MyView.ScrollModel (Observable) ×240"))
        #expect(!ReportRenderer.render(recorded, format: .text, options: ReportOptions()).contains("≈"))
    }

    /// A budget of one edge rule over the edges to `view`, counting inferred edges when `inferred`.
    static func edgeBudget(view: String = "**", inferred: Bool) throws -> Budget {
        let flag = inferred ? #", "inferred": true"# : ""
        let text = #"{"schema": "tracer-budget/1", "rules": [{"view": "\#(view)", "metric": "edge-evals", "max": 100\#(flag)}]}"#
        return try Budget.parse(Array(text.utf8), file: "edges.json")
    }

    /// Every trace fixture a budget can be checked on (bad inputs left out).
    static var fixtures: [String] {
        let root = TestSupport.traces
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.filter { $0.pathExtension == "jsonl" && !$0.path.contains("/bad/") && !$0.path.contains("/listen/") }.map(\.path).sorted()
    }

    @Test("an edge rule's verdict is the same with inference as before it, on every fixture; one with \"inferred\": true sees inferred edges")
    func gatesDoNotFlip() throws {
        let budget = try Self.edgeBudget(inferred: false)
        #expect(Self.fixtures.count > 20)
        for path in Self.fixtures {
            guard let now = try? BudgetFigures.load(source: .file(path), for: budget, options: TraceReadOptions(threads: 1)) else { continue }
            let before = try BudgetFigures.load(source: .file(path), for: budget, options: TraceReadOptions(threads: 1, recordedCausesOnly: true))
            let verdicts = try [now, before].map { try BudgetCheck.evaluate(budget, file: "edges.json", traces: [$0]).results.map(\.status) }
            #expect(verdicts[0] == verdicts[1], "\(path)")
        }
        let (recordedOnly, optedIn) = (try Self.edgeBudget(view: "MyScrollView", inferred: false), try Self.edgeBudget(view: "MyScrollView", inferred: true))
        let figures = try BudgetFigures.load(source: .file(Self.adapter), for: optedIn, options: TraceReadOptions(threads: 1))
        #expect(try BudgetCheck.evaluate(optedIn, file: "edges.json", traces: [figures]).results.map(\.status) == [.fail])
        #expect(try BudgetCheck.evaluate(recordedOnly, file: "edges.json", traces: [figures]).results.map(\.status) == [.pass])
    }
}
