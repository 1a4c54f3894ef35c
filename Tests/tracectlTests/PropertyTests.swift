import Foundation
import Testing
import TraceAnalysis
import TracerTestSupport

/// Random traces read every way give the same figures, and the reference fold's.
@Suite("property: every figure independent of how a trace is read", .temporaryDirectory)
struct PropertyTests {
    /// Seeds that failed once: each stays a case (with the generator as it was when it failed).
    static let regressionSeeds: [UInt64] = []

    /// `TRACER_PROPERTY_SEED_COUNT` seeds (100 unless set), from `TRACER_PROPERTY_SEED_BASE` + 1
    /// on (0 unless set, to explore others), and the regressions.
    static let seeds: [UInt64] = {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["TRACER_PROPERTY_SEED_BASE"].flatMap { UInt64($0) } ?? 0
        let count = environment["TRACER_PROPERTY_SEED_COUNT"].flatMap { UInt64($0) }.map { max($0, 1) } ?? 100
        return (1...count).map { base + $0 } + regressionSeeds
    }()

    @Test("report, graph, advise, diff and check JSON: the file by one reader, standard input, five split sets with steals; report and graph as the reference fold", arguments: seeds)
    func property(seed: UInt64) throws {
        let (problems, steals) = try PropertyCheck.problems(seed: seed, in: temporaryDirectory())
        #expect(problems.isEmpty, "seed \(seed) (add it to regressionSeeds): \(problems.prefix(8).joined(separator: "\n"))")
        #expect(steals > 0, "seed \(seed): no split read took over another thread's rest")
    }

    @Test("a fault put in on purpose — wasted evaluations counted off by one — fails the property", .enabled(if: ReadHook.faultsTakeEffect))
    func mutation() throws {
        for seed in Self.seeds.prefix(3) {
            let (problems, _) = try PropertyCheck.problems(seed: seed, in: temporaryDirectory(), faulty: true)
            #expect(problems.contains { $0.contains("wastedEvals") }, "seed \(seed): the fault went unnoticed")
        }
    }
}
