import Foundation
import Testing
@testable import TraceAnalysis
import TracerTestSupport

/// How often the verdicts err under a fixed noise model: log-normal per-run noise (σ = 5%) and a
/// 3× outlier with probability 5%, 1,000 seeds per case. The figures are printed (ComparingTimes.md
/// quotes them) and held to #57's acceptance bounds.
@Suite struct SignificanceNoiseTests {
    /// One run's figure: `median × e^(σZ)`, three times that with probability 5%.
    static func run(_ random: inout SeededRandom, median: Double) -> Double {
        // NB: Box–Muller from two uniforms in (0, 1].
        let uniform = { (random: inout SeededRandom) in (Double(random.next() >> 11) + 1) / 9_007_199_254_740_992 }
        let normal = (-2 * log(uniform(&random))).squareRoot() * cos(2 * Double.pi * uniform(&random))
        let outlier = uniform(&random) <= 0.05
        return median * exp(0.05 * normal) * (outlier ? 3 : 1)
    }

    /// The verdicts of 1,000 seeded comparisons of `runs` base runs with `runs` head runs whose
    /// median is `slowdown` times the base's (1 ms).
    static func verdicts(runs: Int, slowdown: Double, alternative: TimeComparison.Alternative) -> [TimeComparison.Verdict: Int] {
        var counts: [TimeComparison.Verdict: Int] = [:]
        for seed in 0..<1_000 {
            var random = SeededRandom(seed: UInt64(seed) &* 0x9E37_79B9 &+ 57)
            let base = (0..<runs).map { _ in run(&random, median: 1_000_000) }
            let head = (0..<runs).map { _ in run(&random, median: 1_000_000 * slowdown) }
            let comparison = TimeComparison(base: base, head: head, alternative: alternative, settings: SignificanceSettings())
            counts[comparison.verdict, default: 0] += 1
        }
        return counts
    }

    static func describe(_ counts: [TimeComparison.Verdict: Int]) -> String {
        TimeComparison.Verdict.allCases.map { "\($0.rawValue) \(counts[$0] ?? 0)" }.joined(separator: ", ")
    }

    @Test("no real change, 20 + 20 runs, default α and minimum effect: check fails (regressed) in at most 15 of 1,000")
    func noChange() {
        let counts = Self.verdicts(runs: 20, slowdown: 1, alternative: .greater)
        print("noise model, no change, 20 + 20, one-sided: \(Self.describe(counts))")
        #expect((counts[.regressed] ?? 0) <= 15)
        #expect(counts.values.reduce(0, +) == 1_000)
    }

    @Test("a real 10% slowdown, 20 + 20 runs: check fails (regressed) in at least 950 of 1,000; at 10 + 10 and two-sided the figures are printed")
    func slowdown() {
        let counts = Self.verdicts(runs: 20, slowdown: 1.1, alternative: .greater)
        print("noise model, 10% slowdown, 20 + 20, one-sided: \(Self.describe(counts))")
        #expect((counts[.regressed] ?? 0) >= 950)
        #expect(counts[.improved] == nil && counts[.same] == nil)
        for (runs, alternative) in [(10, TimeComparison.Alternative.greater), (10, .twoSided), (20, .twoSided)] {
            let more = Self.verdicts(runs: runs, slowdown: 1.1, alternative: alternative)
            let sides = alternative == .greater ? "one-sided" : "two-sided"
            print("noise model, 10% slowdown, \(runs) + \(runs), \(sides): \(Self.describe(more))")
            #expect(more[.improved] == nil)
        }
    }

    @Test("2 + 2 runs: always inconclusive, never pass or fail, naming at least 5 runs a side — with no change and with a 10% slowdown")
    func twoRuns() {
        for slowdown in [1, 1.1] {
            var random = SeededRandom(seed: 2)
            var needed = Set<Int>()
            for _ in 0..<1_000 {
                let base = (0..<2).map { _ in Self.run(&random, median: 1_000_000) }
                let head = (0..<2).map { _ in Self.run(&random, median: 1_000_000 * slowdown) }
                let comparison = TimeComparison(base: base, head: head, alternative: .greater, settings: SignificanceSettings())
                #expect(comparison.verdict == .inconclusive)
                #expect(!comparison.estimate.reachesConfidence)
                needed.insert(comparison.runsNeeded ?? 0)
            }
            print("noise model, 2 + 2, slowdown \(slowdown): inconclusive 1000; runs needed from \(needed.min()!) to \(needed.max()!) a side")
            #expect(needed.min()! >= 5)
        }
    }

    @Test("identical runs on both sides are the same once the interval reaches its confidence, and a clear change is decided both ways")
    func decidedCases() {
        let flat = Array(repeating: 1_000_000.0, count: 6)
        #expect(TimeComparison(base: flat, head: flat, alternative: .greater, settings: SignificanceSettings()).verdict == .same)
        let slower = flat.enumerated().map { 2_000_000 + Double($0.offset) }
        let faster = flat.enumerated().map { 500_000 + Double($0.offset) }
        let regressed = TimeComparison(base: flat, head: slower, alternative: .twoSided, settings: SignificanceSettings())
        #expect(regressed.verdict == .regressed && regressed.runsNeeded == nil)
        #expect(TimeComparison(base: flat, head: faster, alternative: .greater, settings: SignificanceSettings()).verdict == .improved)
        // NB: an allowed increase above the change turns a regression into no regression.
        let allowed = TimeComparison(base: flat, head: slower, alternative: .greater, settings: SignificanceSettings(), allowedIncrease: 2_000_000)
        #expect(allowed.verdict == .same)
    }
}
