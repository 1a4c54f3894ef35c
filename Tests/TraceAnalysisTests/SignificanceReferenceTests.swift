import Testing
@testable import TraceAnalysis
import TracerTestSupport

/// The rank test and the shift's interval against an independent reference — every draw of the
/// pooled runs enumerated, mid-ranks counted from scratch — and against published examples.
@Suite struct SignificanceReferenceTests {
    /// The reference: the permutation distribution of the head's doubled mid-rank sum, by listing
    /// every way to draw `head` of the pooled runs.
    struct Enumerated {
        /// How many draws give each doubled sum (indexed by the sum).
        var histogram: [UInt64] = []
        /// The observed doubled sum.
        var observed = 0
        /// How many draws there are.
        var total: UInt64 = 0
        /// The pooled runs' doubled ranks.
        var ranks: [Int] = []

        init(base: [Double], head: [Double]) {
            let pooled = base + head
            // NB: a doubled mid-rank is 2 × (values below) + (values equal, itself included) + 1.
            let ranks = pooled.map { value in
                2 * pooled.filter { $0 < value }.count + pooled.filter { $0 == value }.count + 1
            }
            var histogram = [UInt64](repeating: 0, count: ranks.reduce(0, +) + 1)
            // NB: every `head`-subset of positions, listed by recursion, its sum carried along.
            func draw(_ index: Int, _ left: Int, _ sum: Int, _ histogram: inout [UInt64]) {
                guard left > 0 else { return histogram[sum] += 1 }
                guard ranks.count - index >= left else { return }
                draw(index + 1, left - 1, sum + ranks[index], &histogram)
                draw(index + 1, left, sum, &histogram)
            }
            draw(0, head.count, 0, &histogram)
            self.ranks = ranks
            self.histogram = histogram
            observed = ranks[base.count...].reduce(0, +)
            total = histogram.reduce(0, +)
        }

        /// The fraction of draws whose doubled sum `include` accepts.
        func fraction(_ include: (Int) -> Bool) -> Double {
            Double(histogram.indices.filter(include).map { histogram[$0] }.reduce(0, +)) / Double(total)
        }
    }

    /// Sample pairs of every size 1…12 a side from one seed: tie-heavy (whole numbers from a range
    /// half the pooled size) and untied, alternately; several pairs of the smaller sizes.
    static let samples: [(base: [Double], head: [Double])] = {
        var random = SeededRandom(seed: 57)
        var pairs: [(base: [Double], head: [Double])] = []
        for base in 1...12 {
            for head in 1...12 {
                for draw in 0..<(base + head <= 14 ? 4 : 1) {
                    let range = (base + head) % 2 == draw % 2 ? Swift.max(2, (base + head) / 2) : 1 << 30
                    let value = { Double(random.below(range)) }
                    pairs.append(((0..<base).map { _ in value() }, (0..<head).map { _ in value() }))
                }
            }
        }
        return pairs
    }()

    @Test("the exact distribution and the three p-values equal full enumeration on every seeded pair, 1…12 runs a side, ties included")
    func agreesWithEnumeration() {
        var tied = 0
        for (base, head) in Self.samples {
            let reference = Enumerated(base: base, head: head)
            let ranks = RankSumTest.doubledMidRanks(base + head)
            #expect(ranks == reference.ranks)
            let distribution = RankSumDistribution(doubledRanks: ranks, drawn: head.count)
            #expect(distribution.ways == reference.histogram, "\(base) vs \(head)")
            #expect(distribution.total == reference.total)
            let tails = RankSumTest.tails(base: base, head: head)
            let (observed, pooled) = (reference.observed, base.count + head.count)
            let mean = Double(head.count * (pooled + 1))
            #expect(tails.greater == reference.fraction { $0 >= observed })
            #expect(tails.less == reference.fraction { $0 <= observed })
            #expect(tails.twoSided == reference.fraction { abs(Double($0) - mean) >= abs(Double(observed) - mean) })
            #expect(tails.method == .exact)
            if Set(ranks).count < pooled { tied += 1 }
        }
        #expect(tied > Self.samples.count / 3, "the generator gives ties in a good share of the pairs")
    }

    @Test("the shift's interval on untied pairs: the depth enumeration gives, its achieved confidence, and the median of the differences")
    func intervalAgreesWithEnumeration() {
        for (base, head) in Self.samples where Set(base + head).count == base.count + head.count {
            let reference = Enumerated(base: base, head: head)
            let confidence = 0.95
            // NB: untied, the rank sum is U + head(head + 1)/2; P(U ≤ k − 1) from the histogram.
            let offset = head.count * (head.count + 1)
            let tail = { (k: Int) in reference.fraction { $0 - offset <= 2 * (k - 1) } }
            var depth = 1
            while depth < (base.count * head.count + 1) / 2, tail(depth + 1) <= (1 - confidence) / 2 { depth += 1 }
            let differences = head.flatMap { later in base.map { later - $0 } }.sorted()
            let estimate = ShiftEstimate(base: base, head: head, confidence: confidence)
            #expect(estimate.lower == differences[depth - 1])
            #expect(estimate.upper == differences[differences.count - depth])
            #expect(estimate.achievedConfidence == 1 - 2 * tail(depth))
            #expect(estimate.reachesConfidence == (estimate.achievedConfidence >= confidence))
            let middle = differences.count / 2
            #expect(estimate.shift == (differences.count % 2 == 1 ? differences[middle] : (differences[middle - 1] + differences[middle]) / 2))
        }
    }

    @Test("Hollander & Wolfe (1973), p. 69, chorioamnion permeability (as R's wilcox.test example quotes it): U = 35, one-sided p = 0.1272")
    func hollanderWolfe() {
        let term = [0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46]
        let early = [1.15, 0.88, 0.90, 0.74, 1.21]
        let tails = RankSumTest.tails(base: early, head: term)
        let rankSum = RankSumTest.doubledMidRanks(early + term)[early.count...].reduce(0, +)
        #expect(rankSum / 2 - term.count * (term.count + 1) / 2 == 35)
        #expect((tails.greater * 10_000).rounded() == 1272)
        #expect(tails.method == .exact)
    }

    @Test("Mehta & Patel (2001), StatXact-5 manual, Table 9.6, diastolic blood pressure with ties: one-sided p = 0.0542, two-sided 0.0989, shift 9.5")
    func mehtaPatel() {
        let treated = [94.0, 108, 110, 90]
        let control = [80.0, 94, 85, 90, 90, 90, 108, 94, 78, 105, 88]
        let tails = RankSumTest.tails(base: control, head: treated)
        #expect((tails.greater * 10_000).rounded() == 542)
        #expect((tails.twoSided * 10_000).rounded() == 989)
        #expect(ShiftEstimate(base: control, head: treated, confidence: 0.95).shift == 9.5)
    }

    @Test("the normal approximation used beyond the exact sizes is within 0.005 of the exact p-values, and within one of the exact interval depth, at 30 + 30 runs")
    func normalApproximation() {
        var random = SeededRandom(seed: 7)
        for shift in [0, 60, 150, 400] {
            let base = (0..<30).map { _ in Double(random.below(1_000)) }
            let head = (0..<30).map { _ in Double(random.below(1_000) + shift) }
            let exact = RankSumTest.tails(base: base, head: head)
            let ranks = RankSumTest.doubledMidRanks(base + head)
            let approximate = RankSumTest.approximateTails(doubledRanks: ranks, observed: ranks[30...].reduce(0, +), head: 30)
            #expect(exact.method == .exact && approximate.method == .normal)
            #expect(abs(exact.greater - approximate.greater) < 0.005, "shift \(shift)")
            #expect(abs(exact.less - approximate.less) < 0.005, "shift \(shift)")
            #expect(abs(exact.twoSided - approximate.twoSided) < 0.005, "shift \(shift)")
        }
        for confidence in [0.95, 0.98, 0.99] {
            let exact = ShiftEstimate.depth(base: 30, head: 30, confidence: confidence)
            let approximate = ShiftEstimate.approximateDepth(base: 30, head: 30, confidence: confidence)
            #expect(abs(exact.depth - approximate.depth) <= 1, "confidence \(confidence)")
            #expect(abs(exact.achieved - approximate.achieved) < 0.005, "confidence \(confidence)")
        }
        #expect(RankSumTest.tails(base: Array(repeating: 1, count: 31), head: Array(repeating: 2, count: 30)).method == .normal)
    }
}
