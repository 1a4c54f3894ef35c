/// How sure a time comparison must be, and how large a change must be to matter: a budget's
/// `alpha`, `minEffect` and `minEffectTime` (see BudgetFormat.md and ComparingTimes.md).
package struct SignificanceSettings: Sendable, Hashable {
    /// The default α, 0.01: Pinpoint's threshold; at 20 + 20 runs a gate with it fails about 1 in
    /// 100 unchanged pull requests at most (fewer, as the interval must clear the minimum effect too).
    package static let defaultAlpha = 0.01
    /// The default relative minimum effect, 1% of the base's median: well under one machine's
    /// run-to-run noise (about 5%), so the test decides what 20 + 20 runs can resolve (a real 10%
    /// slowdown, 97% of the time) and the minimum effect only keeps a real but negligible change
    /// (a few tenths of a percent, which hundreds of runs can find) from failing a gate.
    package static let defaultRelativeEffect = 1.0
    /// The default absolute minimum effect, 1 µs: below it a change of a trace's body time is
    /// within the clock's resolution and four orders of magnitude under a 120 Hz frame.
    package static let defaultAbsoluteEffect = 1_000.0

    /// The p-value at or under which a change is called real.
    package var alpha: Double
    /// The smallest change that matters, in % of the base's median.
    package var relativeEffect: Double
    /// The smallest change that matters, in nanoseconds.
    package var absoluteEffect: Double

    /// Settings with the given values (the defaults where not given).
    package init(
        alpha: Double = defaultAlpha, relativeEffect: Double = defaultRelativeEffect, absoluteEffect: Double = defaultAbsoluteEffect
    ) {
        self.alpha = alpha
        self.relativeEffect = relativeEffect
        self.absoluteEffect = absoluteEffect
    }

    /// The minimum effect for a base whose median is `median`: the larger of the two.
    package func minimumEffect(overMedian median: Double) -> Double {
        Swift.max(abs(median) * relativeEffect / 100, absoluteEffect)
    }
}
