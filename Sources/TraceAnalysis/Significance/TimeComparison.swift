/// Whether a time figure changed between base runs and head runs: an exact rank test, the
/// Hodges–Lehmann shift with its interval, and a verdict a team can act on.
///
/// - *regressed* / *improved*: p ≤ α and the interval lies beyond the minimum effect;
/// - *same*: the interval lies within ± the minimum effect;
/// - *inconclusive*: neither — with the runs per side that could decide it.
///
/// The interval's confidence is 1 − α for a two-sided question (`diff`), 1 − 2α for a one-sided
/// one (`check`), so that each of its ends is a one-sided bound at 1 − α. An interval that cannot
/// reach its confidence (too few runs) decides nothing.
package struct TimeComparison: Sendable, Hashable {
    /// What the comparison concludes.
    package enum Verdict: String, Sendable, CaseIterable {
        case regressed, improved, same, inconclusive
    }

    /// Which change the test looks for.
    package enum Alternative: String, Sendable {
        /// Is the head slower? (`check`: a gate asks only that.)
        case greater
        /// Did the head change either way? (`diff`)
        case twoSided = "two-sided"
    }

    /// The most runs per side `runsNeeded` names; beyond it the change sits on the minimum effect.
    package static let runsNeededLimit = 1000

    /// What the comparison concludes.
    package var verdict: Verdict
    /// The p-value for `alternative`.
    package var p: Double
    /// How the p-value was computed.
    package var method: RankSumTest.Method
    /// The question asked.
    package var alternative: Alternative
    /// The shift (head − base) and its interval.
    package var estimate: ShiftEstimate
    /// The base's median, which relative changes are measured against.
    package var baseMedian: Double
    /// The smallest decrease that matters (positive, in the figure's unit).
    package var minimumDecrease: Double
    /// The smallest increase that matters (at least the minimum effect; a rule's allowed increase).
    package var minimumIncrease: Double
    /// Runs of the base.
    package var baseRuns: Int
    /// Runs of the head.
    package var headRuns: Int
    /// For an inconclusive verdict: about how many runs per side could decide it (at most
    /// `runsNeededLimit`); nil otherwise.
    package var runsNeeded: Int?

    /// Compares `head` runs with `base` runs (each at least one) for `alternative` under
    /// `settings`; `allowedIncrease` (a rule's `maxIncrease`, in the figure's unit) widens what
    /// counts as no regression.
    package init(
        base: [Double], head: [Double], alternative: Alternative, settings: SignificanceSettings, allowedIncrease: Double = 0
    ) {
        precondition(!base.isEmpty && !head.isEmpty, "a comparison needs runs on both sides")
        let tails = RankSumTest.tails(base: base, head: head)
        let confidence = alternative == .twoSided ? 1 - settings.alpha : 1 - 2 * settings.alpha
        estimate = ShiftEstimate(base: base, head: head, confidence: confidence)
        baseMedian = RunAggregate.median.combine(base)
        minimumDecrease = settings.minimumEffect(overMedian: baseMedian)
        minimumIncrease = Swift.max(minimumDecrease, allowedIncrease)
        (baseRuns, headRuns, method, self.alternative) = (base.count, head.count, tails.method, alternative)
        p = alternative == .twoSided ? tails.twoSided : tails.greater
        let (slower, faster) = alternative == .twoSided ? (tails.twoSided, tails.twoSided) : (tails.greater, tails.less)
        let decides = estimate.reachesConfidence
        if decides, slower <= settings.alpha, estimate.lower > minimumIncrease {
            verdict = .regressed
        } else if decides, faster <= settings.alpha, estimate.upper < -minimumDecrease {
            verdict = .improved
        } else if decides, estimate.lower >= -minimumDecrease, estimate.upper <= minimumIncrease {
            verdict = .same
        } else {
            verdict = .inconclusive
            runsNeeded = Self.runsNeeded(self, alternative: alternative, alpha: settings.alpha)
        }
    }

    /// About how many runs per side would give an interval narrow enough to decide, assuming its
    /// width shrinks as √(1/base + 1/head) and the shift stays; at least the fewest runs whose
    /// permutations can reach α at all.
    private static func runsNeeded(_ comparison: TimeComparison, alternative: Alternative, alpha: Double) -> Int {
        // NB: the fewest runs per side n with 1/C(2n, n) ≤ α (one-sided), 2/C(2n, n) ≤ α (two-sided).
        let draws = alternative == .twoSided ? 2 / alpha : 1 / alpha
        var fewest = 1
        var permutations = 2.0
        while permutations < draws {
            fewest += 1
            permutations = permutations * Double(2 * fewest) * Double(2 * fewest - 1) / Double(fewest * fewest)
        }
        let estimate = comparison.estimate
        let (shift, halfWidth) = (estimate.shift, (estimate.upper - estimate.lower) / 2)
        // NB: the half-width that would decide: clear of the band on the side the shift points to,
        // or inside it both ways.
        let target: Double
        if shift > comparison.minimumIncrease {
            target = shift - comparison.minimumIncrease
        } else if shift < -comparison.minimumDecrease {
            target = -comparison.minimumDecrease - shift
        } else {
            target = Swift.min(comparison.minimumIncrease - shift, shift + comparison.minimumDecrease)
        }
        guard target > 0 else { return runsNeededLimit }
        let spread = 1 / Double(comparison.baseRuns) + 1 / Double(comparison.headRuns)
        let runs = halfWidth > 0 ? Swift.min(2 * (halfWidth / target) * (halfWidth / target) / spread, Double(runsNeededLimit)) : 0
        let more = Swift.max(comparison.baseRuns, comparison.headRuns) + 1
        return Swift.min(runsNeededLimit, Swift.max(fewest, more, Int(runs.rounded(.up))))
    }
}
