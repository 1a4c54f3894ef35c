import Foundation
import Testing
@testable import TraceAnalysis
import TraceFormat
import TracerCore

/// The `causes` field: written by the recorder, read back, checked by `validate`, and counted by
/// `why` on every path of an evaluation.
@Suite("Several causes", .temporaryDirectory)
struct SeveralCausesTests {
    /// A write of `prop` at `seq` in transaction `tx`.
    static func write(_ seq: Int, _ tx: Int, _ prop: String) -> String {
        #"{"seq":\#(seq),"ts":\#(seq),"tid":1,"tx":\#(tx),"kind":"write","view":"A","prop":"\#(prop)","wrapper":"State","changed":true}"#
    }

    /// An evaluation of `A` at `seq` in transaction `tx` caused by `causes` (the first as `cause`).
    static func evaluation(_ seq: Int, _ tx: Int, _ causes: [Int]) -> String {
        let list = causes.count > 1 ? #","causes":[\#(causes.map(String.init).joined(separator: ","))]"# : ""
        return #"{"seq":\#(seq),"ts":\#(seq),"tid":1,"tx":\#(tx),"kind":"body-eval","view":"A","cause":\#(causes[0])\#(list),"reason":"state","dur":10,"changed":1}"#
    }

    @Test("the recorder writes causes after cause; the reader gives them back as seqs, long lists included")
    func roundTrip() throws {
        let symbols = SymbolTable()
        let seqs: [UInt64] = [3, 1_000_000_007, 12, 9_007_199_254_740_993]
        var event = TraceEvent.bodyEval(
            view: symbols.intern("A"), cause: 3, tx: 1, reason: .state, duration: 5, changedChildren: 1,
            causes: symbols.intern(causes: seqs))
        event.seq = 20
        let line = String(decoding: symbols.snapshot().lines([event]), as: UTF8.self)
        #expect(line.contains(#""cause":3,"causes":[3,1000000007,12,9007199254740993],"reason":"state""#))
        var reader = try TraceReader(source: .file(try TestSupport.temporaryTrace(TestSupport.meta + "\n" + line)))
        _ = try reader.next()
        let parsed = try #require(try reader.next())
        #expect(parsed.has(.causes))
        #expect(reader.causes(parsed.causes) == seqs.map { Int64($0) })
        #expect(parsed.cause == 3)
    }

    static let violations: [(line: String, message: String)] = [
        (evaluation(5, 1, [1, 1]), #"expected each seq once in "causes" (1 is listed twice)"#),
        (evaluation(5, 2, [1, 2]).replacingOccurrences(of: #""cause":1"#, with: #""cause":2"#), #"expected the first of "causes" (1) to equal "cause" (2)"#),
        (evaluation(5, 1, [1, 2]).replacingOccurrences(of: #""cause":1,"#, with: ""), #"expected the first of "causes" (1) to equal "cause" (absent)"#),
        (evaluation(5, 1, [1, 7]), "expected causes to refer to an earlier seq (causes 7, seq 5)"),
        (evaluation(5, 1, [1, 3]), "expected causes 3 to be the seq of an earlier event"),
        (evaluation(5, 2, [2, 1]), "expected causes 1 to be an event of transaction 2, not of 1 (only a write's cause may be of an earlier transaction)"),
        (#"{"seq":5,"ts":5,"tid":1,"tx":1,"kind":"write","view":"A","prop":"q","wrapper":"State","causes":[1]}"#, #"expected "causes" only on "body-eval" events"#),
        (evaluation(5, 1, [1]).replacingOccurrences(of: #""reason""#, with: #""causes":[],"reason""#), #"expected at least one seq in "causes""#),
    ]

    @Test("validate reports a bad causes list at its line and column", arguments: violations)
    func violation(_ line: String, _ message: String) throws {
        let lines = [TestSupport.meta, Self.write(1, 1, "p"), #"{"seq":2,"ts":2,"tid":1,"tx":2,"kind":"write","view":"A","prop":"q","wrapper":"State","changed":true}"#, line]
        let diagnostics = TraceValidator.validate(source: .file(try TestSupport.temporaryTrace(lines.joined(separator: "\n") + "\n")))
        let column = try #require(line.range(of: #""causes":"#)).upperBound.utf16Offset(in: line) + 1
        #expect(diagnostics.map { "\($0.line):\($0.column): \($0.message)" } == ["4:\(column): \(message)"])
    }

    /// Five evaluations of `A`: by `p` and `q` together, `q`, `p`+`q`+`r`, `r`, `p`.
    static func sharedTrace() -> String {
        var lines = [TestSupport.meta]
        var seq = 0
        for (tx, props) in [["p", "q"], ["q"], ["p", "q", "r"], ["r"], ["p"]].enumerated() {
            let first = seq + 1
            for prop in props {
                seq += 1
                lines.append(write(seq, tx + 1, prop))
            }
            seq += 1
            lines.append(evaluation(seq, tx + 1, Array(first..<first + props.count)))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("why counts an evaluation in evals on its first cause's path and as shared on each other one: evals add up to evaluations")
    func sharedCountsAddUp() throws {
        let path = try TestSupport.temporaryTrace(Self.sharedTrace())
        let view = try #require(try WhyAnalyzer.analyze(source: .file(path), glob: ViewGlob("A")).result.views.first)
        let byProp = Dictionary(uniqueKeysWithValues: view.paths.map { path -> (String, WhyFigures) in
            guard case .write(_, let prop, _, _, _) = path.key.root else { return ("?", path.figures) }
            return (prop, path.figures)
        })
        #expect(byProp.mapValues(\.evals) == ["p": 3, "q": 1, "r": 1])
        #expect(byProp.mapValues(\.shared) == ["p": 0, "q": 2, "r": 1])
        #expect(view.paths.map(\.figures.evals).reduce(0, +) == 5)
        #expect(view.total.evals == 5 && view.total.shared == 3)
        // NB: body time stays with the path that counts the evaluation.
        #expect(byProp["q"]?.bodyTimeNs == 10)
    }

    @Test("why's shared counts are the same however the trace is split")
    func sharedCountsSplit() throws {
        let path = try TestSupport.temporaryTrace(Self.sharedTrace())
        let options = TraceAnalyzer.AnalysisOptions(read: TraceReadOptions(threads: 1))
        let whole = try WhyAnalyzer.analyze(source: .file(path), glob: ViewGlob("**"), options: options).result
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let lineStarts = bytes.indices.filter { $0 > 0 && $0 < bytes.count && bytes[$0 - 1] == UInt8(ascii: "\n") }
        for start in lineStarts.dropFirst() {
            let partial = try TraceAnalyzer.read(path: path, rangesStartingAt: [start], options: options) { (reader) throws(TraceError) in
                try WhyAnalyzer.fold(&reader, glob: ViewGlob("**"), slice: nil)
            }
            #expect(WhyAnalyzer.result(partial, glob: ViewGlob("**"), top: nil) == whole, "split at \(start)")
        }
    }

    @Test("why shows shared in text, Markdown and JSON, only for a view that has any")
    func rendered() throws {
        let path = try TestSupport.temporaryTrace(Self.sharedTrace())
        let result = try WhyAnalyzer.analyze(source: .file(path), glob: ViewGlob("A")).result
        let text = WhyRenderer.render(result, format: .text)
        #expect(text.contains("evals  share  shared"))
        #expect(text.contains("1 evaluation (+2 shared with other paths): A.q"))
        #expect(WhyRenderer.render(result, format: .markdown).contains("| evals | share | shared | wasted |"))
        #expect(WhyRenderer.render(result, format: .json).contains(#""evals":1,"shared":2"#))
        let single = try TestSupport.temporaryTrace([TestSupport.meta, Self.write(1, 1, "p"), Self.evaluation(2, 1, [1])].joined(separator: "\n") + "\n")
        let plain = WhyRenderer.render(try WhyAnalyzer.analyze(source: .file(single), glob: ViewGlob("A")).result, format: .text)
        #expect(!plain.contains("shared"))
    }
}
