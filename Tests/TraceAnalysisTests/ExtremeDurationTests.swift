import Foundation
import Testing
@testable import TraceAnalysis
import TracerTestSupport

/// Body times at the edges of `dur`'s range: totals are exact or saturated at `Int64.max` (with a
/// warning), means and percentiles exact, nothing traps.
@Suite("Extreme durations", .temporaryDirectory)
struct ExtremeDurationTests {
    static let edges: [Int64] = [0, 1, 1 << 62, Int64.max]

    /// Durations drawn from the edges and from small and large random figures.
    static func durations(count: Int, seed: UInt64) -> [Int64] {
        var random = SystemRandomNumberGenerator.Seeded(seed: seed)
        let pool = random.next(below: 3)
        return (0..<count).map { _ in
            switch pool == 0 ? 0 : random.next(below: 4) {
            case 0: edges[random.next(below: edges.count)]
            case 1: Int64(random.next(below: 100_000))
            case 2: Int64(random.next(below: Int.max))
            default: Int64.max - Int64(random.next(below: 1_000))
            }
        }
    }

    /// A trace of one body evaluation per entry of `views` (view name, duration).
    static func trace(_ evaluations: [(view: String, dur: Int64)]) -> String {
        var lines = [TestSupport.meta]
        for (index, evaluation) in evaluations.enumerated() {
            lines.append(#"{"seq":\#(index + 1),"ts":\#(index + 1),"tid":1,"tx":1,"kind":"body-eval","view":"\#(evaluation.view)","reason":"initial","dur":\#(evaluation.dur),"changed":1}"#)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Checks one view's statistics against its durations: exact total (or saturated), exact mean
    /// and maximum, exact percentiles up to `exactLimit` samples and within a histogram bucket beyond.
    static func check(_ stats: DurationStats, against samples: [Int64]) {
        let exactTotal = samples.reduce(Int128(0)) { $0 + Int128($1) }
        let sorted = samples.sorted()
        #expect(stats.count == samples.count)
        #expect(stats.total == Int64(clamping: exactTotal))
        #expect(stats.mean == Int64(exactTotal / Int128(samples.count)))
        #expect(stats.max == sorted.last)
        #expect(stats.exact == (samples.count <= DurationAccumulator.exactLimit))
        for (fraction, found) in [(0.5, stats.p50), (0.95, stats.p95)] {
            let expected = sorted[max(1, Int((fraction * Double(samples.count)).rounded(.up))) - 1]
            if stats.exact {
                #expect(found == expected, "p\(Int(fraction * 100))")
            } else {
                // NB: a histogram bucket spans 1/16 of its power of two; its middle is within 1/32 of any value in it.
                #expect(found >= sorted.first! && found <= sorted.last!)
                let error = found > expected ? found - expected : expected - found
                #expect(error <= expected / 16, "p\(Int(fraction * 100))")
            }
        }
    }

    @Test("random mixtures of extreme durations, exact and histogram paths, one and two threads",
          arguments: [(40, 1), (5_000, 1), (5_000, 2), (12_000, 2)])
    func mixtures(samplesPerView: Int, threads: Int) throws {
        for seed in UInt64(1)...6 {
            let views = ["A", "B", "C"]
            let samples = views.indices.map { Self.durations(count: samplesPerView, seed: seed &* 31 &+ UInt64($0)) }
            var evaluations: [(view: String, dur: Int64)] = []
            for index in 0..<samplesPerView {
                for (view, durations) in zip(views, samples) { evaluations.append((view, durations[index])) }
            }
            let summary = try TestSupport.analyze(Self.trace(evaluations), threads: threads)
            for (view, durations) in zip(views, samples) {
                Self.check(try #require(summary.stats(for: view)).bodyTime, against: durations)
            }
            let traceTotal = samples.joined().reduce(Int128(0)) { $0 + Int128($1) }
            #expect(summary.totals.bodyTimeNs == Int64(clamping: traceTotal))
            let saturated = summary.views.contains { $0.bodyTime.total == .max } || summary.totals.bodyTimeNs == .max
            #expect(summary.warnings.contains { $0.message.contains("saturated") } == saturated)
        }
    }

    @Test("the reported cases: a percentile between 0 and 2^63 − 2^55, totals that pass Int64.max")
    func reportedCases() throws {
        let cases: [[(view: String, dur: Int64)]] = [
            [("A", 0), ("A", 9_187_343_239_835_811_840)],
            [("A", .max), ("B", 1)],
            [("A", 5), ("A", 1 << 62), ("A", 1 << 62)],
            Array(repeating: [("A", 5), ("A", 1 << 62), ("A", 1 << 62)], count: 1_700).flatMap { $0 },
        ]
        for evaluations in cases {
            let summary = try TestSupport.analyze(Self.trace(evaluations))
            for view in Set(evaluations.map(\.view)) {
                Self.check(try #require(summary.stats(for: view)).bodyTime, against: evaluations.filter { $0.view == view }.map(\.dur))
            }
            #expect(summary.totals.bodyTimeNs >= 0)
        }
    }

    @Test("a saturated total is named in a warning without a position")
    func saturationWarning() throws {
        let summary = try TestSupport.analyze(Self.trace([("Root/A", .max), ("Root/A", 1), ("Root/B", 2)]))
        #expect(summary.stats(for: "Root/A")?.bodyTime.total == .max)
        #expect(summary.totals.bodyTimeNs == .max)
        let warning = try #require(summary.warnings.first)
        #expect(warning.line == 0)
        #expect(warning.description.hasSuffix(
            "trace.jsonl: body time reached 9223372036854775807 ns (Int64.max) in 1 view (Root/A) and the trace's total;"
                + " those totals are shown saturated at that figure"))
    }

    @Test("saturating sums stop at Int64.max, for signed and unsigned figures")
    func saturatingSums() {
        #expect(Int64.max.addingSaturated(1) == .max)
        #expect((Int64(1) << 62).addingSaturated(1 << 62) == .max)
        #expect(Int64(5).addingSaturated(7) == 12)
        #expect(UInt64(Int64.max).addingSaturated(1) == UInt64(Int64.max))
        #expect(UInt64.max.addingSaturated(UInt64.max) == UInt64(Int64.max))
        #expect(UInt64(3).addingSaturated(4) == 7)
    }
}
