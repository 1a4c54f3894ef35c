extension BudgetCheck {
    /// A hitch rule's outcome: the hitches (or their time) of the rule's scope in each run,
    /// combined over the runs and held to its limits.
    static func evaluateHitches(
        _ limits: Limits, _ hitch: BudgetMetric.HitchFigure, runs: [BudgetFigures], baselines: [BudgetFigures], _ result: Result
    ) -> Result {
        let rule = limits.rule
        var result = result
        // NB: a trace-level figure: one per run, named after its scope.
        let scope = rule.mark.map { "@\($0)" } ?? "(trace)"
        let figure = { (summary: TraceSummary) in Self.hitchFigure(hitch, of: rule, in: summary) }
        if let mark = rule.mark, !runs.contains(where: { $0.summary.marks.contains { $0.name == mark } }) {
            result.note = "no mark '\(mark)'"
        } else if hitch == .time, case let untimed = runs.reduce(0, { $0 + hitchCounts(of: rule, in: $1.summary).untimed }), untimed > 0 {
            result.note = "\(untimed) hitch(es) without a dur left out of the time (counted in hitches)"
        }
        return finish(result, worst: check(scope, runs.map { figure($0.summary) }, baselines: baselines.map { figure($0.summary) }, limits))
    }

    /// The hitches (or their time) of `rule`'s scope in a trace: the whole trace, or every
    /// interval of its mark; the system's hitches too when the rule says so.
    private static func hitchFigure(_ figure: BudgetMetric.HitchFigure, of rule: BudgetRule, in summary: TraceSummary) -> Double {
        let hitches = hitchCounts(of: rule, in: summary)
        return figure == .count ? Double(hitches.count) : Double(hitches.timeNs)
    }

    /// The hitches of `rule`'s scope in a trace (the system's too when the rule says so).
    private static func hitchCounts(of rule: BudgetRule, in summary: TraceSummary) -> HitchCounts {
        var counters = EventCounts()
        if let mark = rule.mark {
            for interval in summary.marks where interval.name == mark { counters.add(interval.counters) }
        } else {
            counters = summary.totals
        }
        var hitches = counters.hitches
        if rule.includesSystem { hitches.add(counters.systemHitches) }
        return hitches
    }
}
