import Synchronization

/// The exact null distribution of a rank sum: how many of the ways to draw `drawn` of the pooled
/// runs give each sum of doubled mid-ranks, every draw being equally likely when nothing changed.
///
/// Mid-ranks of ties are halves; doubled they are integers (ranks `i…j` tied share `i + j`), so
/// the distribution is counted exactly, in `UInt64`, by a dynamic programme over the pooled ranks:
/// `ways[k][s]` is the number of `k`-subsets of the ranks seen so far whose doubled sum is `s`.
/// It costs `pooled × drawn × maximum sum` steps, about 10⁷ at `exactLimit` pooled runs.
package struct RankSumDistribution: Sendable, Equatable {
    /// The most pooled runs counted exactly: every count is at most C(60, 30) ≈ 1.2 × 10¹⁷, well
    /// inside `UInt64`. Larger samples use the normal approximation (`RankSumTest`).
    package static let exactLimit = 60

    /// `ways[s]`: how many draws give the doubled rank sum `s`.
    package let ways: [UInt64]
    /// `atMost[s]`: how many draws give a doubled rank sum of at most `s` (so tails cost one look-up).
    private let atMost: [UInt64]
    /// How many draws there are, C(pooled, drawn).
    package let total: UInt64
    /// How many runs are drawn.
    package let drawn: Int
    /// How many runs are pooled.
    package let pooled: Int
    /// The doubled ranks' sum over the pooled runs, `pooled × (pooled + 1)`.
    package let pooledSum: Int

    /// The distribution of the sum of `drawn` of `doubledRanks` (each a doubled mid-rank, at most
    /// `exactLimit` of them).
    package init(doubledRanks: [Int], drawn: Int) {
        precondition(doubledRanks.count <= Self.exactLimit && (0...doubledRanks.count).contains(drawn), "rank sum out of the exact range")
        let maximum = doubledRanks.reduce(0, +)
        let width = maximum + 1
        // NB: one flat table, row k at k × width; k runs down so that each rank is drawn at most
        // once. The additions are checked although `exactLimit` keeps every count in range.
        var table = [UInt64](repeating: 0, count: (drawn + 1) * width)
        table[0] = 1
        var reached = 0
        for (index, rank) in doubledRanks.enumerated() {
            reached += rank
            for k in stride(from: Swift.min(index + 1, drawn), through: 1, by: -1) {
                let row = k * width, previous = (k - 1) * width - rank
                for sum in stride(from: reached, through: rank, by: -1) {
                    let (added, overflow) = table[row + sum].addingReportingOverflow(table[previous + sum])
                    precondition(!overflow, "rank sum count overflow")
                    table[row + sum] = added
                }
            }
        }
        ways = Array(table[(drawn * width)...])
        var running: UInt64 = 0
        atMost = ways.map { running += $0; return running }
        total = running
        self.drawn = drawn
        pooled = doubledRanks.count
        pooledSum = maximum
    }

    /// The distribution of the sum of `drawn` of `doubledRanks`, counted once per pattern of
    /// ranks and kept: timings in nanoseconds rarely tie, so most tests share the untied pattern
    /// of their size, and a `diff` of many views shares the few tie patterns it meets.
    package static func shared(doubledRanks: [Int], drawn: Int) -> RankSumDistribution {
        // NB: the counts do not depend on the ranks' order, so the sorted ranks are the key.
        let key = Key(ranks: doubledRanks.sorted(), drawn: drawn)
        if let known = cache.withLock({ $0[key] }) { return known }
        let distribution = RankSumDistribution(doubledRanks: key.ranks, drawn: drawn)
        // NB: at most `cacheLimit` patterns are kept, so that no sequence of tests grows it unbounded.
        cache.withLock { cache in
            if cache.count >= cacheLimit { cache.removeAll() }
            cache[key] = distribution
        }
        return distribution
    }

    /// The distribution of `drawn` of `pooled` untied runs (doubled ranks 2, 4, …, 2 × pooled).
    package static func untied(pooled: Int, drawn: Int) -> RankSumDistribution {
        shared(doubledRanks: (0..<pooled).map { 2 * ($0 + 1) }, drawn: drawn)
    }

    /// A pattern of doubled ranks and how many of them are drawn.
    private struct Key: Hashable {
        var ranks: [Int]
        var drawn: Int
    }

    private static let cacheLimit = 64
    private static let cache = Mutex<[Key: RankSumDistribution]>([:])

    /// How many draws give a doubled sum of at least `sum`.
    package func count(atLeast sum: Int) -> UInt64 { total - count(atMost: sum - 1) }

    /// How many draws give a doubled sum of at most `sum`.
    package func count(atMost sum: Int) -> UInt64 {
        guard sum >= 0 else { return 0 }
        return atMost[Swift.min(sum, atMost.count - 1)]
    }

    /// How many draws give a sum at least as far from the mean as `sum`: the two-sided tail, as
    /// StatXact defines it (right when ties make the distribution lopsided).
    ///
    /// NB: distances are compared as `|pooled × s − drawn × pooledSum|`, integers, so no rounding
    /// decides whether a sum is as far out: the sums at most ⌊(centre − d)/pooled⌋ and at least
    /// ⌈(centre + d)/pooled⌉, with centre = drawn × pooledSum and d the observed distance.
    package func count(asFarAs sum: Int) -> UInt64 {
        let centre = drawn * pooledSum
        let distance = abs(pooled * sum - centre)
        guard distance > 0 else { return total }
        let below = (centre - distance).dividedRoundingDown(by: pooled)
        let above = -(-(centre + distance)).dividedRoundingDown(by: pooled)
        return count(atMost: below) + count(atLeast: above)
    }
}

extension Int {
    /// ⌊self / divisor⌋ for a positive divisor (Swift's `/` rounds toward zero).
    fileprivate func dividedRoundingDown(by divisor: Int) -> Int {
        let quotient = self / divisor
        return self % divisor < 0 ? quotient - 1 : quotient
    }
}
