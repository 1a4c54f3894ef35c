import Foundation

/// The Mann–Whitney (Wilcoxon rank-sum) test with ties: how likely a rank sum of the head's runs
/// at least as extreme as the one observed is when base and head runs come from one distribution.
///
/// Up to `RankSumDistribution.exactLimit` pooled runs the p-values are exact (the permutation
/// distribution of the mid-rank sum, counted in integers; doubles only for the final quotient).
/// Above it, the normal approximation with the tie-corrected variance and a continuity correction
/// of half a rank: at that size its error is far below any α a budget would use.
package enum RankSumTest {
    /// How the p-values were computed.
    package enum Method: String, Sendable {
        /// The exact permutation distribution.
        case exact
        /// The normal approximation (more than `RankSumDistribution.exactLimit` pooled runs).
        case normal
    }

    /// The p-values of one comparison.
    package struct Tails: Sendable, Equatable {
        /// P(head's rank sum ≥ observed): the head is slower.
        package var greater: Double
        /// P(head's rank sum ≤ observed): the head is faster.
        package var less: Double
        /// P(rank sum at least as far from its mean as observed).
        package var twoSided: Double
        /// How they were computed.
        package var method: Method
    }

    /// The doubled mid-ranks of `values` (1-based ranks; tied values share the mean of theirs).
    package static func doubledMidRanks(_ values: [Double]) -> [Int] {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Int](repeating: 0, count: values.count)
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count, values[order[end + 1]] == values[order[start]] { end += 1 }
            // NB: positions start…end are ranks start+1…end+1; their mean doubled is start + end + 2.
            for position in start...end { ranks[order[position]] = start + end + 2 }
            start = end + 1
        }
        return ranks
    }

    /// The p-values of `head` against `base` (each at least one run).
    package static func tails(base: [Double], head: [Double]) -> Tails {
        let ranks = doubledMidRanks(base + head)
        let observed = ranks[base.count...].reduce(0, +)
        let pooled = ranks.count
        if pooled <= RankSumDistribution.exactLimit {
            let distribution = RankSumDistribution.shared(doubledRanks: ranks, drawn: head.count)
            let total = Double(distribution.total)
            return Tails(
                greater: Double(distribution.count(atLeast: observed)) / total,
                less: Double(distribution.count(atMost: observed)) / total,
                twoSided: Double(distribution.count(asFarAs: observed)) / total, method: .exact)
        }
        return approximateTails(doubledRanks: ranks, observed: observed, head: head.count)
    }

    /// The p-values by the normal approximation, for `head` of the pooled `doubledRanks` summing
    /// to `observed`.
    ///
    /// NB: on the doubled scale the mean is head × (pooled + 1), the variance four times the rank
    /// sum's, base·head/12 × (pooled + 1 − Σ(t³ − t)/(pooled(pooled − 1))) for tie groups of size
    /// t, and half a rank of continuity correction is 1.
    static func approximateTails(doubledRanks ranks: [Int], observed: Int, head: Int) -> Tails {
        let (m, total) = (Double(head), Double(ranks.count))
        let n = total - m
        var tieTerm = 0.0
        for count in Dictionary(grouping: ranks, by: { $0 }).values.map(\.count) where count > 1 {
            tieTerm += Double(count * count * count - count)
        }
        let deviation = (4 * n * m / 12 * (total + 1 - tieTerm / (total * (total - 1)))).squareRoot()
        let excess = Double(observed) - m * (total + 1)
        guard deviation > 0 else { return Tails(greater: 1, less: 1, twoSided: 1, method: .normal) }
        return Tails(
            greater: NormalDistribution.upperTail((excess - 1) / deviation),
            less: NormalDistribution.upperTail((-excess - 1) / deviation),
            twoSided: Swift.min(1, 2 * NormalDistribution.upperTail((abs(excess) - 1) / deviation)), method: .normal)
    }
}

/// The standard normal distribution's tail and quantile, for the sizes beyond the exact counts.
package enum NormalDistribution {
    /// P(Z ≥ z).
    package static func upperTail(_ z: Double) -> Double { erfc(z / 2.0.squareRoot()) / 2 }

    /// The z with P(Z ≥ z) = `probability` (in (0, 1)), by bisection to 1e-12.
    package static func upperQuantile(_ probability: Double) -> Double {
        var (low, high) = (-40.0, 40.0)
        while high - low > 1e-12 {
            let middle = (low + high) / 2
            if upperTail(middle) > probability { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}
