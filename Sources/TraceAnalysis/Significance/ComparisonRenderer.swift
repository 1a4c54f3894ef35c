import TraceSupport

/// How every output writes a `TimeComparison`: one sentence for people (text, Markdown, JUnit,
/// annotations, comments), one object for programs (JSON), a few cells for tables.
package enum ComparisonRenderer {
    /// `regressed: p = 0.0031 (exact, one-sided), shift +1.20 ms (+12.0%), 98% interval
    /// [+0.90 ms, +1.50 ms], runs 20 + 20`; an inconclusive comparison adds the runs a side that
    /// could decide it.
    package static func sentence(_ comparison: TimeComparison) -> String {
        var text = "\(comparison.verdict.rawValue): p = \(probability(comparison.p)) (\(comparison.method.rawValue), "
        text += "\(comparison.alternative == .greater ? "one-sided" : "two-sided")), shift \(shift(comparison)), "
        text += "\(interval(comparison, named: true)), runs \(runs(comparison))"
        return comparison.verdict == .inconclusive ? text + "; " + advice(comparison) : text
    }

    /// `about 12 runs a side could decide` (or, at the limit, that no practical number could).
    package static func advice(_ comparison: TimeComparison) -> String {
        guard let needed = comparison.runsNeeded else { return "" }
        guard needed < TimeComparison.runsNeededLimit else {
            return "the shift sits on the minimum effect: more than \(TimeComparison.runsNeededLimit) runs a side would be needed"
        }
        return "about \(needed) runs a side could decide"
    }

    /// The cells of a table row: verdict, p, shift, interval, runs, and the runs a side that could
    /// decide an inconclusive comparison (`-` for the others).
    package static func cells(_ comparison: TimeComparison) -> [String] {
        [comparison.verdict.rawValue, probability(comparison.p), shift(comparison), interval(comparison), runs(comparison),
         comparison.runsNeeded.map { $0 < TimeComparison.runsNeededLimit ? "\($0) a side" : "> \(TimeComparison.runsNeededLimit) a side" } ?? "-"]
    }

    /// The headers of `cells(_:)`.
    package static let headers = ["time", "p", "shift", "interval", "runs", "to decide"]

    /// `+1.20 ms (+12.0%)`: the shift, and relative to the base's median when it is not 0.
    package static func shift(_ comparison: TimeComparison) -> String {
        let amount = signed(comparison.estimate.shift)
        guard comparison.baseMedian != 0 else { return amount }
        let relative = comparison.estimate.shift / comparison.baseMedian * 100
        let digits = Formatting.fixed(abs(relative), decimals: 1)
        // NB: a change that rounds to 0.0% has no sign.
        return "\(amount) (\(digits == "0.0" ? "" : relative < 0 ? "−" : "+")\(digits)%)"
    }

    /// `98% [+0.90 ms, +1.50 ms]` (`named`: `98% interval […]`), with `(achieved 66.7%)` after the
    /// confidence when the runs are too few to reach it.
    package static func interval(_ comparison: TimeComparison, named: Bool = false) -> String {
        let estimate = comparison.estimate
        let reached = estimate.reachesConfidence ? "" : " (achieved \(percent(estimate.achievedConfidence)))"
        return "\(percent(estimate.confidence))\(named ? " interval" : "")\(reached) [\(signed(estimate.lower)), \(signed(estimate.upper))]"
    }

    /// `20 + 20`: base runs + head runs.
    package static func runs(_ comparison: TimeComparison) -> String { "\(comparison.baseRuns) + \(comparison.headRuns)" }

    /// `0.0031`, or `< 0.0001`.
    package static func probability(_ p: Double) -> String {
        p < 0.000_05 ? "< 0.0001" : Formatting.fixed(p, decimals: 4)
    }

    /// The comparison as a JSON object: `{"verdict","method","alternative","p","confidence",
    /// "achievedConfidence","shift","lower","upper","baseRuns","headRuns","baseMedian",
    /// "minimumDecrease","minimumIncrease","runsNeeded"}` (durations in ns).
    package static func write(_ comparison: TimeComparison, into json: inout JSONWriter) {
        json.beginObject()
        json.field("verdict", comparison.verdict.rawValue)
        json.field("method", comparison.method.rawValue)
        json.field("alternative", comparison.alternative.rawValue)
        // NB: probabilities in full (Swift's shortest round-trip form, `1.2e-11` included): four
        // decimals would write a p-value far below α as 0.
        for (key, value) in [("p", comparison.p), ("confidence", comparison.estimate.confidence),
                             ("achievedConfidence", comparison.estimate.achievedConfidence)] {
            json.key(key)
            json.value(json: value.description)
        }
        for (key, value) in [("shift", comparison.estimate.shift), ("lower", comparison.estimate.lower),
                             ("upper", comparison.estimate.upper)] {
            json.key(key)
            json.number(value)
        }
        json.field("baseRuns", comparison.baseRuns)
        json.field("headRuns", comparison.headRuns)
        for (key, value) in [("baseMedian", comparison.baseMedian), ("minimumDecrease", comparison.minimumDecrease),
                             ("minimumIncrease", comparison.minimumIncrease)] {
            json.key(key)
            json.number(value)
        }
        json.key("runsNeeded")
        if let needed = comparison.runsNeeded { json.number(needed) } else { json.null() }
        json.endObject()
    }

    /// A duration with its sign (`+1.20 ms`, `−850 ns`, `0 ns`).
    private static func signed(_ nanoseconds: Double) -> String {
        let magnitude = Formatting.duration(abs(nanoseconds))
        return nanoseconds > 0 ? "+" + magnitude : nanoseconds < 0 ? "−" + magnitude : magnitude
    }

    /// `98%`, `66.7%`: a fraction as a percentage, one decimal when it has one.
    private static func percent(_ fraction: Double) -> String {
        let tenths = (fraction * 1000).rounded()
        return (tenths.truncatingRemainder(dividingBy: 10) == 0 ? Formatting.number(tenths / 10) : Formatting.fixed(tenths / 10, decimals: 1)) + "%"
    }
}
