import Testing
@testable import TraceAnalysis
import TracerTestSupport

/// Equal figures are listed in the order the trace first shows them, not as text sorts them.
@Suite("ties by first appearance", .temporaryDirectory)
struct TieOrderTests {
    /// Writes to `V.zeta`, `V.mid` and `V.alpha` (in that order, 300 rounds), each causing one
    /// evaluation of `V` of the same length: three edges of equal figures.
    static let edgeTrace: String = {
        var lines = [TestSupport.meta]
        var seq = 0
        for round in 0..<300 {
            for prop in ["zeta", "mid", "alpha"] {
                let write = seq + 1
                seq += 2
                lines.append(#"{"seq":\#(write),"ts":\#(write),"tid":1,"tx":\#(seq),"kind":"write","view":"V","prop":"\#(prop)","wrapper":"State","changed":true}"#)
                lines.append(#"{"seq":\#(seq),"ts":\#(seq),"tid":1,"tx":\#(seq),"kind":"body-eval","view":"V","cause":\#(write),"reason":"state","dur":5,"changed":1}"#)
            }
            _ = round
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    /// Views whose first evaluations come as `Zeta`, `Mid`, `Alpha` (the reverse of their text
    /// order), each evaluated once, `Alpha` twice, and the same again 400 times, so that a split
    /// read sees them in ranges; `Alpha` is named first by an event of a kind no figure counts,
    /// which must not move it forward.
    static let viewTrace: String = {
        var lines = [TestSupport.meta]
        var seq = 1
        lines.append(#"{"seq":1,"ts":1,"tid":1,"tx":1,"kind":"x-note","view":"Alpha"}"#)
        for round in 0..<400 {
            for view in ["Zeta", "Mid", "Alpha"] + (round == 0 ? ["Alpha"] : []) {
                seq += 1
                lines.append(#"{"seq":\#(seq),"ts":\#(seq),"tid":1,"tx":\#(round + 1),"kind":"body-eval","view":"\#(view)","dur":5,"changed":1}"#)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    @Test("graph's edges: equal figures in order of first appearance, however the trace is split", arguments: [1, 2])
    func graphEdges(threads: Int) throws {
        let path = try TestSupport.temporaryTrace(Self.edgeTrace)
        let summary = try TraceAnalyzer.analyze(
            source: .file(path), options: .init(read: TraceReadOptions(threads: threads), causeGraph: true))
        let edges = try #require(summary.causeGraph).edges.map(\.from.name)
        #expect(edges == ["V.zeta", "V.mid", "V.alpha"])
    }

    @Test("report's views: the most evaluated first, then ties in order of first evaluation, however the trace is split", arguments: [1, 2])
    func reportViews(threads: Int) throws {
        let summary = try TestSupport.analyze(Self.viewTrace, lenient: true, threads: threads)
        #expect(ReportOptions().selectViews(summary).map(\.view) == ["Alpha", "Zeta", "Mid"])
        #expect(ReportOptions(sort: .time).selectViews(summary).map(\.view) == ["Alpha", "Zeta", "Mid"])
        #expect(ReportOptions(sort: .skips).selectViews(summary).map(\.view) == ["Zeta", "Mid", "Alpha"])
    }

    @Test("a view's top causes: equal counts in order of the property's first write, however the trace is split", arguments: [1, 2])
    func topCauses(threads: Int) throws {
        let summary = try TestSupport.analyze(Self.edgeTrace, threads: threads)
        let view = try #require(summary.views.first { $0.view == "V" })
        #expect(view.causes.map(\.origin.prop) == ["zeta", "mid", "alpha"])
        #expect(view.writesByProperty.map(\.origin.prop) == ["zeta", "mid", "alpha"])
    }

    @Test("diff's views and edges: equal changes in the order the base first shows them, then the variant's new ones")
    func diffOrder() throws {
        let base = try VisualProfile.load(source: .bytes(Array(Self.edgeTrace.utf8), name: "base.jsonl"), causeGraph: true)
        var lines = [TestSupport.meta]
        for (index, view) in ["Zeta", "Alpha"].enumerated() {
            lines.append(#"{"seq":\#(index + 1),"ts":\#(index + 1),"tid":1,"tx":1,"kind":"body-eval","view":"\#(view)","dur":5,"changed":1}"#)
        }
        let variantText = lines.joined(separator: "\n") + "\n"
        let variant = try VisualProfile.load(source: .bytes(Array(variantText.utf8), name: "variant.jsonl"), causeGraph: true)
        let diff = TraceDiff(base: base, variant: variant)
        #expect(DiffRenderer.ranked(diff).map(\.view) == ["V", "Zeta", "Alpha"])
        #expect(try #require(diff.edges).listed.map(\.key.from.name) == ["V.zeta", "V.mid", "V.alpha"])
    }

    @Test("advise's findings: equal savings in the order of the properties' first writes")
    func adviceOrder() throws {
        var lines = [TestSupport.meta]
        var seq = 0
        for round in 0..<12 {
            for prop in ["zeta", "alpha"] {
                seq += 2
                lines.append(#"{"seq":\#(seq - 1),"tx":\#(seq),"kind":"write","view":"Screen","prop":"\#(prop)","wrapper":"Published","changed":true}"#)
                lines.append(#"{"seq":\#(seq),"tx":\#(seq),"kind":"body-eval","view":"Screen/Badge","cause":\#(seq - 1),"reason":"observed","changed":0,"dur":10}"#)
            }
            _ = round
        }
        let report = try TraceAdvisor.advise(source: .bytes(Array((lines.joined(separator: "\n") + "\n").utf8), name: "ties.jsonl"))
        let subjects = report.findings.filter { $0.pattern == .broadObservation }.map(\.subject)
        #expect(subjects == ["Screen.zeta (Published)", "Screen.alpha (Published)"])
    }
}
