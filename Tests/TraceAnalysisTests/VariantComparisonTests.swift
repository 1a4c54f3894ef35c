import Testing
@testable import TraceAnalysis
import TracerTestSupport

@Suite("Variant comparison (tracectl demo)", .temporaryDirectory)
struct VariantComparisonTests {
    /// A trace whose only view `A` is evaluated `evals` times, `wasted` of them with nothing changed.
    private func side(_ label: String, evals: Int, wasted: Int = 0) throws -> VariantComparison.Side {
        var lines = [TestSupport.meta]
        for index in 0..<evals {
            let changed = index < wasted ? 0 : 1
            lines.append(#"{"seq":\#(index + 1),"ts":\#(index + 1),"kind":"body-eval","view":"A","changed":\#(changed),"dur":1000}"#)
        }
        return .init(label: label, summary: try TestSupport.analyze(lines.joined(separator: "\n") + "\n"))
    }

    @Test("one winner: named with its reduction against the baseline")
    func singleWinner() throws {
        let comparison = VariantComparison(sides: [try side("state", evals: 8, wasted: 4), try side("storage", evals: 2)])
        #expect(comparison.winners.map(\.label) == ["storage"])
        #expect(comparison.verdict == "Fewest body evaluations: storage, 2 (−75.0% against state's 8).")
        #expect(comparison.table() == """
            view   measure       state        storage
            -----  ------------  -----  -------------
            A      body evals        8     2 (−75.0%)
                   skips             0              0
                   wasted evals      4    0 (−100.0%)
                   body time      8 µs  2 µs (−75.0%)

            total  body evals        8     2 (−75.0%)
                   skips             0              0
                   wasted evals      4    0 (−100.0%)
                   body time      8 µs  2 µs (−75.0%)

            """)
    }

    @Test("a tie names every winner")
    func tie() throws {
        let comparison = VariantComparison(sides: [try side("a", evals: 5), try side("b", evals: 1), try side("c", evals: 1)])
        #expect(comparison.verdict == "Fewest body evaluations: b and c, 1 each (−80.0% against a's 5).")
    }

    @Test("the variants are fixed when compared: no one can empty them, and none is no comparison")
    func sidesAreFixed() async throws {
        let comparison = VariantComparison(sides: [try side("a", evals: 2)])
        // NB: a `let` has no writable key path: `comparison.sides = []` does not compile.
        #expect(!(\VariantComparison.sides as AnyKeyPath is WritableKeyPath<VariantComparison, [VariantComparison.Side]>))
        #expect(comparison.winners.map(\.label) == ["a"])
        #expect(comparison.verdict == "Fewest body evaluations: a, 2; no variant evaluates fewer than a.")
        await #expect(processExitsWith: .failure) { _ = VariantComparison(sides: []) }
    }

    @Test("when the baseline is best, the verdict says so")
    func baselineBest() throws {
        let comparison = VariantComparison(sides: [try side("a", evals: 1), try side("b", evals: 3)])
        #expect(comparison.verdict == "Fewest body evaluations: a, 1; no variant evaluates fewer than a.")
    }
}
