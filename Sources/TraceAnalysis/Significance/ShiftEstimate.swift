/// The Hodges–Lehmann shift of the head's runs against the base's — the median of every
/// difference `head[j] − base[i]` — with its distribution-free confidence interval.
///
/// The interval runs from the `k`-th smallest difference to the `k`-th largest, `k` the largest
/// depth with P(U ≤ k − 1) ≤ (1 − confidence) / 2 under the null distribution of the Mann–Whitney
/// U without ties (Hollander & Wolfe, *Nonparametric Statistical Methods*, the two-sample
/// location problem). Small samples cannot reach every confidence: then `k` is 1 (the widest
/// interval, every difference) and `achievedConfidence` says what it covers, below the nominal.
package struct ShiftEstimate: Sendable, Hashable {
    /// The median of the pairwise differences (head − base).
    package var shift: Double
    /// The interval's lower end.
    package var lower: Double
    /// The interval's upper end.
    package var upper: Double
    /// The confidence asked for.
    package var confidence: Double
    /// The confidence the interval has: at least `confidence` unless the samples are too small.
    package var achievedConfidence: Double

    /// Whether the interval reaches the confidence asked for.
    package var reachesConfidence: Bool { achievedConfidence >= confidence }

    /// The shift of `head` against `base` (each at least one run), with an interval at `confidence`.
    package init(base: [Double], head: [Double], confidence: Double) {
        var differences: [Double] = []
        differences.reserveCapacity(base.count * head.count)
        for later in head { for earlier in base { differences.append(later - earlier) } }
        differences.sort()
        let count = differences.count
        shift = count % 2 == 1 ? differences[count / 2] : (differences[count / 2 - 1] + differences[count / 2]) / 2
        let (depth, achieved) = Self.depth(base: base.count, head: head.count, confidence: confidence)
        lower = differences[depth - 1]
        upper = differences[count - depth]
        self.confidence = confidence
        achievedConfidence = achieved
    }

    /// The interval's depth `k` (1-based, at most half the differences) and the confidence it has.
    ///
    /// NB: P(U ≤ k − 1) is counted exactly (U = head's rank sum − head(head + 1)/2; doubled ranks,
    /// so the doubled sum is 2U + head(head + 1)); doubles only compare it with the tail allowed.
    /// Beyond the exact sizes, `approximateDepth`.
    static func depth(base: Int, head: Int, confidence: Double) -> (depth: Int, achieved: Double) {
        let allowed = (1 - confidence) / 2
        let pooled = base + head
        if pooled <= RankSumDistribution.exactLimit {
            let distribution = RankSumDistribution.untied(pooled: pooled, drawn: head)
            let total = Double(distribution.total)
            // NB: walks U up from 0, adding the ways of each value: `covered` counts U ≤ depth − 1.
            let ways = { (u: Int) in distribution.ways[2 * u + head * (head + 1)] }
            var (depth, covered) = (1, ways(0))
            while depth < (base * head + 1) / 2, Double(covered + ways(depth)) / total <= allowed {
                covered += ways(depth)
                depth += 1
            }
            return (depth, 1 - 2 * Double(covered) / total)
        }
        return approximateDepth(base: base, head: head, confidence: confidence)
    }

    /// The depth and its confidence by the normal approximation of U:
    /// k = ⌊base·head/2 + 1/2 − z·√(base·head(pooled + 1)/12)⌋ (half a unit of continuity
    /// correction), at least 1.
    static func approximateDepth(base: Int, head: Int, confidence: Double) -> (depth: Int, achieved: Double) {
        let product = Double(base * head)
        let spread = (product * Double(base + head + 1) / 12).squareRoot()
        let depth = Swift.max(1, Int((product / 2 + 0.5 - NormalDistribution.upperQuantile((1 - confidence) / 2) * spread).rounded(.down)))
        // NB: P(U ≤ k − 1) with half a unit of continuity correction.
        return (depth, 1 - 2 * (1 - NormalDistribution.upperTail((Double(depth) - 0.5 - product / 2) / spread)))
    }
}
