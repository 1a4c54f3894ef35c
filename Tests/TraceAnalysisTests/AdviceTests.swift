import Foundation
import ScenarioTestSupport
import Testing
import TracerTestSupport
@testable import TraceAnalysis

@Suite("tracectl advise: patterns, estimates and capabilities", .temporaryDirectory)
struct AdviceTests {
    /// The advice for scenario trace `name` (`SCENARIO.VARIANT`).
    static func advice(_ name: String, minimumSavings: Int = TraceAdvisor.defaultMinimumSavings) throws -> AdviceReport {
        try TraceAdvisor.advise(source: .file(scenario(name)), minimumSavings: minimumSavings)
    }

    /// The path of scenario trace `name` (`SCENARIO.VARIANT`), recorded at test time.
    static func scenario(_ name: String) throws -> String {
        try ScenarioTraces.file(name)
    }

    /// What `tracectl diff BASE VARIANT` measures as saved: base − variant body evaluations.
    static func measuredSavedEvals(_ base: String, _ variant: String) throws -> Int {
        let diff = TraceDiff(
            base: try VisualProfile.load(source: .file(scenario(base))),
            variant: try VisualProfile.load(source: .file(scenario(variant))))
        return -Int(diff.totals.evals.delta)
    }

    /// The `state-init` events of `base` minus those of `variant`.
    static func measuredSavedStateInits(_ base: String, _ variant: String) throws -> Int {
        func inits(_ name: String) throws -> Int {
            try TraceAnalyzer.analyze(source: .file(scenario(name))).kindCounts["state-init", default: 0]
        }
        return try inits(base) - inits(variant)
    }

    /// Whether `estimate` is within 25 % of `measured`.
    /// Expects `estimate` within 25 % of `measured`.
    static func expectClose(_ estimate: Int, to measured: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(estimate - measured) * 4 <= measured, "estimated \(estimate), measured \(measured)", sourceLocation: sourceLocation)
    }

    /// The rank (1-based) of the first finding of `pattern`, checked to be 1 or 2.
    static func topFinding(_ report: AdviceReport, _ pattern: AdvicePattern) throws -> AdviceFinding {
        let index = try #require(report.findings.firstIndex { $0.pattern == pattern }, "no \(pattern) finding")
        #expect(index < 2, "\(pattern) ranked \(index + 1)")
        return report.findings[index]
    }

    @Test("an adapter trace, whose source records what no pattern needs, opens with that, not with \"no finding\"")
    func nothingEvaluated() throws {
        let adapter = TestSupport.traces.appendingPathComponent("adapter/scroll-offset.state.jsonl").path
        let report = try TraceAdvisor.advise(source: .file(adapter))
        #expect(report.findings.isEmpty && report.notEvaluated.count == AdvicePattern.allCases.count)
        let text = AdviceRenderer.render(report, format: .text)
        #expect(text.contains("Nothing could be evaluated: each of the 6 patterns needs what the trace (source swiftui) does not record"))
        #expect(!text.contains("No finding saves"))
    }

    @Test("scroll-offset state: @ViewStorage for MyView.scrollContentOffset, saving what view-storage saves")
    func scrollOffset() throws {
        let finding = try Self.topFinding(try Self.advice("scroll-offset.state"), .highFrequencyWrite)
        #expect((finding.view, finding.prop, finding.wrapper, finding.site) == ("MyView", "scrollContentOffset", "State", "Scenarios/ScrollOffset.swift:62"))
        Self.expectClose(finding.savings.bodyEvals, to: try Self.measuredSavedEvals("scroll-offset.state", "scroll-offset.view-storage"))
    }

    @Test("scroll-offset state: MyScrollView's wasted evaluations name the parent's property")
    func wastedChild() throws {
        let finding = try Self.topFinding(try Self.advice("scroll-offset.state"), .wastedChildEvaluations)
        #expect(finding.subject == "MyView.scrollContentOffset (State)")
        #expect(finding.relatedView == "MyView/MyScrollView")
        #expect(finding.savings.bodyEvals == 240)
    }

    @Test("lazy-stack inline-view-model: the inline view model, saving what parent-cache saves")
    func inlineViewModel() throws {
        let finding = try Self.topFinding(try Self.advice("lazy-stack.inline-view-model"), .inlineViewModel)
        #expect((finding.view, finding.prop, finding.site) == ("ParentView/ScrollView/LazyVStack/ChildView[*]", "viewModel", "Scenarios/LazyStack.swift:64"))
        Self.expectClose(finding.savings.bodyEvals, to: try Self.measuredSavedEvals("lazy-stack.inline-view-model", "lazy-stack.parent-cache"))
        Self.expectClose(finding.savings.stateRecreations, to: try Self.measuredSavedStateInits("lazy-stack.inline-view-model", "lazy-stack.parent-cache"))
    }

    @Test("lazy-stack state-object: state lost in the lazy stack, as many re-creations as parent-cache saves")
    func stateLost() throws {
        let finding = try Self.topFinding(try Self.advice("lazy-stack.state-object"), .stateLostInLazyContainer)
        #expect(finding.subject == "ParentView/ScrollView/LazyVStack/ChildView[*].viewModel (StateObject)")
        #expect(finding.site == "Scenarios/LazyStack.swift:75")
        Self.expectClose(finding.savings.stateRecreations, to: try Self.measuredSavedStateInits("lazy-stack.state-object", "lazy-stack.parent-cache"))
        // NB: diff measures no evaluation saved (a row mounted again is evaluated either way), and none is claimed.
        #expect(try Self.measuredSavedEvals("lazy-stack.state-object", "lazy-stack.parent-cache") == 0)
        #expect(finding.savings.bodyEvals == 0)
    }

    @Test("the optimised variants: nothing above --min-savings for the pattern they fix", arguments: [
        ("scroll-offset.view-storage", AdvicePattern.highFrequencyWrite),
        ("scroll-offset.observable-object", .highFrequencyWrite),
        ("lazy-stack.parent-cache", .inlineViewModel),
        ("lazy-stack.parent-cache", .stateLostInLazyContainer),
        ("rendering-cycle.extracted", .wastedChildEvaluations),
    ])
    func optimised(trace: String, pattern: AdvicePattern) throws {
        let report = try Self.advice(trace)
        #expect(!report.findings.contains { $0.pattern == pattern })
    }

    @Test("broad observation: views an ObservableObject change re-evaluates with unchanged output")
    func broadObservation() throws {
        let trace = TestSupport.meta + "\n" + (0..<12).map { index in
            let seq = index * 4
            return """
                {"seq":\(seq + 1),"tx":\(index + 1),"kind":"write","view":"Screen","prop":"model","wrapper":"Published","changed":true,"site":"Screen.swift:3"}
                {"seq":\(seq + 2),"tx":\(index + 1),"kind":"invalidate","view":"Screen/Badge","cause":\(seq + 1)}
                {"seq":\(seq + 3),"tx":\(index + 1),"kind":"body-eval","view":"Screen/Badge","cause":\(seq + 2),"reason":"observed","changed":0,"dur":10}
                {"seq":\(seq + 4),"tx":\(index + 1),"kind":"skip","view":"Screen/Badge/Text","cause":\(seq + 3),"reason":"inputs-equal"}
                """
        }.joined(separator: "\n") + "\n"
        let report = try TraceAdvisor.advise(source: .bytes(Array(trace.utf8), name: "observed.jsonl"))
        let finding = try Self.topFinding(report, .broadObservation)
        #expect(finding.subject == "Screen.model (Published)")
        #expect(finding.relatedView == "Screen/Badge")
        #expect(finding.savings == EstimatedSavings(bodyEvals: 12, bodyTimeNs: 120, stateRecreations: 0))
    }

    @Test("a pattern whose needs the header does not list is not evaluated, and no finding of it is made")
    func capabilities() throws {
        let lines = try ScenarioTraces.normalised("lazy-stack.state-object").split(separator: "\n")
        let header = #"{"kind":"meta","schema":"tracer/1","source":"swiftui","capabilities":["write","body-eval","dur","body-eval.changed","cause","site","state-init"]}"#
        let trace = ([header] + lines.dropFirst().map(String.init)).joined(separator: "\n") + "\n"
        let report = try TraceAdvisor.advise(source: .bytes(Array(trace.utf8), name: "swiftui.jsonl"), minimumSavings: 0)
        let skipped = Dictionary(uniqueKeysWithValues: report.notEvaluated.map { ($0.pattern, $0.missing) })
        #expect(skipped[.stateLostInLazyContainer] == [.mount, .unmount, .viewPath])
        #expect(skipped[.inlineViewModel] == [.viewPath])
        #expect(skipped[.highFrequencyWrite] == nil)
        #expect(!report.findings.contains { $0.pattern == .stateLostInLazyContainer || $0.pattern == .inlineViewModel })
        // A pattern the header allows is still found (here in the scroll-offset screen's trace).
        let scrollLines = try ScenarioTraces.normalised("scroll-offset.state").split(separator: "\n")
        let scrollTrace = ([header] + scrollLines.dropFirst().map(String.init)).joined(separator: "\n") + "\n"
        let scrollReport = try TraceAdvisor.advise(source: .bytes(Array(scrollTrace.utf8), name: "swiftui.jsonl"), minimumSavings: 0)
        #expect(scrollReport.findings.contains { $0.pattern == .highFrequencyWrite })
        #expect(AdviceRenderer.render(report, format: .text).contains(
            "Not evaluated: state-lost-in-lazy-container: the trace (source swiftui) lacks mount, unmount, view-path."))
    }

    @Test("--min-savings keeps the findings saving at least N and counts the rest")
    func minimumSavings() throws {
        let all = try Self.advice("scroll-offset.state", minimumSavings: 0)
        let some = try Self.advice("scroll-offset.state", minimumSavings: 300)
        #expect(some.findings == all.findings.filter { $0.savings.score >= 300 })
        #expect(some.findingsBelowMinimum == all.findings.count - some.findings.count)
        #expect(all.findings.map(\.savings.score) == all.findings.map(\.savings.score).sorted(by: >))
    }

    @Test("findings are ranked the same in whatever order they come, a child's per-parent findings included")
    func rankingIsTotal() {
        func wasted(after parent: String) -> AdviceFinding {
            AdviceFinding(
                pattern: .wastedChildEvaluations, view: "List", prop: "offset", wrapper: "State", site: "List.swift:3",
                relatedView: "List/Row[*]/Label", evidence: [AdviceEvidence("unchangedEvaluations", 12)],
                savings: EstimatedSavings(bodyEvals: 12, bodyTimeNs: nil, stateRecreations: 0),
                estimate: "12 evaluations of List/Row[*]/Label with unchanged output after \(parent) passed new inputs")
        }
        let findings = [wasted(after: "List"), wasted(after: "List/Row[*]"), wasted(after: "List/Header")]
        func ranked(_ findings: [AdviceFinding]) -> [AdviceFinding] {
            AdviceReport(
                file: "t", header: nil, lineCount: 0, findings: findings, minimumSavings: 0, notEvaluated: [], warnings: [],
                invalidLineCount: 0
            ).findings
        }
        let first = ranked(findings)
        #expect(ranked(findings.reversed()) == first)
        #expect(ranked([findings[1], findings[2], findings[0]]) == first)
    }

    @Test("memory: the collector's tables hold as many entries for a long trace as for a short one")
    func boundedTables() throws {
        /// `transactions` updates of 5 properties, each re-evaluating one of 20 rows, which is
        /// unmounted and mounted again with its state.
        func trace(_ transactions: Int) -> String {
            var lines = [TestSupport.meta]
            for tx in 1...transactions {
                let seq = tx * 10, row = "Root/Row[\(tx % 20)]"
                lines += [
                    #"{"seq":\#(seq),"tx":\#(tx),"kind":"write","view":"Root","prop":"p\#(tx % 5)","wrapper":"State","site":"Root.swift:\#(tx % 5)"}"#,
                    #"{"seq":\#(seq + 1),"tx":\#(tx),"kind":"invalidate","view":"Root","cause":\#(seq)}"#,
                    #"{"seq":\#(seq + 2),"tx":\#(tx),"kind":"body-eval","view":"Root","cause":\#(seq + 1),"reason":"state","changed":1}"#,
                    #"{"seq":\#(seq + 3),"tx":\#(tx),"kind":"body-eval","view":"\#(row)","cause":\#(seq + 2),"reason":"inputs-changed","changed":0}"#,
                    #"{"seq":\#(seq + 4),"tx":\#(tx),"kind":"unmount","view":"\#(row)"}"#,
                    #"{"seq":\#(seq + 5),"tx":\#(tx),"kind":"mount","view":"\#(row)"}"#,
                    #"{"seq":\#(seq + 6),"tx":\#(tx),"kind":"state-init","view":"\#(row)","prop":"model","wrapper":"StateObject","cause":\#(seq + 5)}"#,
                    #"{"seq":\#(seq + 7),"tx":\#(tx),"kind":"state-init","view":"\#(row)","prop":"item","wrapper":"ObservedObject","cause":\#(seq + 2)}"#,
                ]
            }
            return lines.joined(separator: "\n") + "\n"
        }
        func tableSizes(_ transactions: Int) throws -> [Int] {
            var reader = try TraceReader(source: .bytes(Array(trace(transactions).utf8), name: "t"))
            var collector = AdviceCollector(&reader)
            while try reader.advance() { reader.withCurrent { collector.add(&$0) } }
            return collector.tableSizes
        }
        // NB: a row's property follows from the row (both come from `tx`): 5 origins, 20 (row,
        // origin) pairs, 20 rows × 2 state properties.
        #expect(try tableSizes(1_000) == [5, 20, 40])
        #expect(try tableSizes(20_000) == [5, 20, 40])
    }

    @Test("read in ranges on two threads, the advice is the one-thread advice", arguments: [
        "scroll-offset.state", "lazy-stack.inline-view-model", "lazy-stack.state-object", "lazy-stack.parent-cache",
        "selection.model-state", "rendering-cycle.inline",
    ])
    func splitRead(trace: String) throws {
        let path = try Self.scenario(trace)
        func advice(threads: Int) throws -> AdviceReport {
            let options = TraceAnalyzer.AnalysisOptions(
                read: TraceReadOptions(threads: threads), minimumSplitSize: 1, minimumStolenSize: 4096)
            return try TraceAdvisor.advise(source: .file(path), options: options, minimumSavings: 0)
        }
        let (one, two) = (try advice(threads: 1), try advice(threads: 2))
        #expect(two.findings == one.findings)
        #expect(two.lineCount == one.lineCount)
    }

    @Test("row identities are collapsed, brackets inside ids included", arguments: [
        ("List/Row[42]/Label", "List/Row[*]/Label"),
        ("Detail[tracer/readme]", "Detail[*]"),
        ("A[x[1]]/B#2", "A[*]/B#2"),
        ("Plain/Path", "Plain/Path"),
    ])
    func collapsing(path: String, expected: String) {
        #expect(ViewPathPattern.collapsingIdentities(path) == expected)
    }
}
