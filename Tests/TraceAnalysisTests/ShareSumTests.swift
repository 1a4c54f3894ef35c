import Testing
@testable import TraceAnalysis

/// `ShareSum`: shares of evaluations summed exactly, rounded once (halves up), whatever the order.
@Suite("exact sums of evaluation shares")
struct ShareSumTests {
    @Test("150,003 evaluations of 1 value in 6: 25,000.5 evaluations, rounded up; 25,000,500 ns exactly")
    func halfway() {
        var sum = ShareSum()
        for _ in 0..<150_003 { sum.add(extractable: 1, built: 6, dur: 1_000) }
        #expect(sum.evaluations == 25_001)
        #expect(sum.bodyTimeNs == 25_000_500)
    }

    @Test("fractions of different denominators add exactly: 1/3 + 1/6 is one half, rounded up; 1/3 + 1/7 rounds down")
    func mixedDenominators() {
        #expect(ShareSum.roundedSum([(1, 3), (1, 6)]) == 1)
        #expect(ShareSum.roundedSum([(1, 3), (1, 7)]) == 0)
        #expect(ShareSum.roundedSum([(2, 3), (5, 6), (3, 7), (9, 10)]) == 3)  // 2.828…
        #expect(ShareSum.roundedSum([(7, 2), (0, 5)]) == 4)  // 3.5
        #expect(ShareSum.roundedSum([]) == 0)
    }

    @Test("past 64-bit common denominators the fractions are summed in 2^-64 units, in the same order whatever the input's")
    func manyDenominators() {
        let primes: [UInt64] = [1_000_003, 1_000_033, 1_000_037, 1_000_039, 999_983, 999_979]
        let terms = primes.map { (UInt128($0 / 2), $0) }
        let forward = ShareSum.roundedSum(terms)
        #expect(forward == ShareSum.roundedSum(terms.reversed()))
        #expect(forward == 3)  // six shares just below one half
    }

    @Test("extract beyond built counts as built; time saturates at Int64.max, whatever the grouping")
    func clampsAndSaturates() {
        var whole = ShareSum()
        var parts = [ShareSum(), ShareSum()]
        for index in 0..<10 {
            whole.add(extractable: 7, built: 3, dur: .max)
            parts[index % 2].add(extractable: 7, built: 3, dur: .max)
        }
        parts[0].add(parts[1])
        #expect(whole.evaluations == 10 && parts[0].evaluations == 10)
        #expect(whole.bodyTimeNs == .max && parts[0].bodyTimeNs == .max)
    }
}
