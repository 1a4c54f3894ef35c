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

    @Test("graph's edges: equal figures in order of first appearance, however the trace is split", arguments: [1, 2])
    func graphEdges(threads: Int) throws {
        let path = try TestSupport.temporaryTrace(Self.edgeTrace)
        let summary = try TraceAnalyzer.analyze(
            source: .file(path), options: .init(read: TraceReadOptions(threads: threads), causeGraph: true))
        let edges = try #require(summary.causeGraph).edges.map(\.from.name)
        #expect(edges == ["V.zeta", "V.mid", "V.alpha"])
    }
}
