/// The outcome of holding traces to a budget: one result per rule, and the exit status it implies.
///
/// Several traces are repeated runs: each rule combines a view's figures across the runs it
/// applies to (median, max or min). A view missing from a run counts 0 there for a count metric;
/// for `evals-per-write` and `body-time-p95` that run has no figure for it. With a baseline,
/// `maxIncrease` limits a figure to the baseline's figure for the same view plus a percentage or
/// an amount.
public struct BudgetCheck: Sendable {
    /// A view over its limit, with the writes that led to its evaluations.
    public struct Offender: Sendable, Hashable {
        public var view: String
        public var value: Double
        /// The root writes behind its evaluations in the first run, most first.
        public var causes: [OriginCount]
    }

    /// How a rule came out.
    public enum Status: String, Sendable {
        /// Within its limits.
        case pass
        /// Over a limit, at level `warn`.
        case warn
        /// Over a limit, at level `error`: the check fails.
        case fail
        /// Level `off`: not evaluated.
        case off
        /// No trace of the rule's scenario or variant was given.
        case skipped
    }

    /// One rule's outcome.
    public struct Result: Sendable {
        public var rule: BudgetRule
        public var status: Status
        /// The effective upper limit (the tighter of `max` and the baseline's limit), if any.
        public var maximum: Double?
        /// The lower limit, if any.
        public var minimum: Double?
        /// The baseline's figure for the worst view, when `maxIncrease` applied.
        public var baseline: Double?
        /// The worst view's figure (nil when not evaluated).
        public var found: Double?
        /// The worst view (the glob for a total metric).
        public var view: String?
        /// The views over a limit, worst first; for a total, the views adding most to it (at most
        /// `BudgetCheck.offenderLimit`).
        public var offenders: [Offender]
        /// Why a rule was skipped, or what is worth knowing about how it was evaluated.
        public var note: String?
        /// Whether the rule was skipped because a trace's source cannot produce its metric.
        public var isUnavailable = false

        /// What the rule allows: `≤ 3`, `≥ 1`, `≤ 3.30 (baseline 3 +10%)`.
        public var expected: String {
            var parts: [String] = []
            if let maximum {
                var text = "≤ \(rule.metric.format(maximum))"
                if let baseline, let increase = rule.maxIncrease { text += " (baseline \(rule.metric.format(baseline)) +\(increase))" }
                parts.append(text)
            }
            if let minimum { parts.append("≥ \(rule.metric.format(minimum))") }
            return parts.joined(separator: ", ")
        }

        /// One line: `MyView body-evals: expected ≤ 3, found 241`.
        public var message: String {
            let subject = "\(view ?? rule.view) \(rule.metric.rawValue)"
            switch status {
            case .off: return "\(subject): off"
            case .skipped: return "\(subject): skipped (\(note ?? "not applicable"))"
            default: return "\(subject): expected \(expected), found \(found.map(rule.metric.format) ?? "-")"
            }
        }
    }

    /// How many offenders a result lists.
    public static let offenderLimit = 3
    /// How many causes an offender lists.
    public static let causeLimit = 3

    /// The results, in the budget's rule order.
    public var results: [Result]
    /// The traces checked, by name.
    public var traces: [String]

    /// 1 when an error-level rule failed, else 0.
    public var exitStatus: Int32 { results.contains { $0.status == .fail } ? 1 : 0 }

    /// How many results have `status`.
    public func count(_ status: Status) -> Int { results.filter { $0.status == status }.count }

    /// Holds `traces` (repeated runs) to `budget`, against `baseline` for `maxIncrease` rules.
    ///
    /// - Throws: `BudgetError` when a rule needs a baseline and none was given.
    public static func evaluate(
        _ budget: Budget, file: String, traces: [BudgetFigures], baseline: BudgetFigures? = nil
    ) throws(BudgetError) -> BudgetCheck {
        var results: [Result] = []
        for rule in budget.rules {
            if rule.maxIncrease != nil, baseline == nil, rule.level != .off {
                throw BudgetError(
                    file: file, line: rule.line, path: "\(rule.path).maxIncrease",
                    message: "a relative limit needs a baseline trace: pass --baseline BASE_TRACE")
            }
            results.append(evaluate(rule, aggregate: rule.aggregate ?? budget.aggregate, traces: traces, baseline: baseline))
        }
        return BudgetCheck(results: results, traces: traces.map(\.file))
    }

    private static func evaluate(_ rule: BudgetRule, aggregate: RunAggregate, traces: [BudgetFigures], baseline: BudgetFigures?) -> Result {
        var result = Result(rule: rule, status: .pass, maximum: rule.max, minimum: rule.min, offenders: [])
        guard rule.level != .off else {
            result.status = .off
            return result
        }
        let runs = traces.filter { applies(rule, to: $0.summary.header) }
        guard !runs.isEmpty else {
            result.status = .skipped
            let scope = [rule.scenario.map { "scenario '\($0)'" }, rule.variant.map { "variant '\($0)'" }].compactMap { $0 }
            result.note = "no trace of \(scope.joined(separator: ", "))"
            return result
        }
        // NB: a figure a trace's source cannot produce is not a measured 0: the rule is skipped.
        if let missing = runs.lazy.compactMap({ rule.metric.metric.unavailability(in: $0.summary.header) }).first {
            result.status = .skipped
            result.isUnavailable = true
            result.note = "\(rule.metric.rawValue) is not available: \(missing)"
            return result
        }
        let glob = ViewGlob(rule.view)
        let perRun = runs.map { figures(of: rule, glob: glob, in: $0) }
        var views = Set(perRun.flatMap(\.keys))
        if views.isEmpty {
            guard rule.metric.isCount else {
                // NB: a ratio or percentile of nothing is no figure at all, not 0.
                result.status = .skipped
                result.note = "no \(rule.metric.rawValue) figure for a view matching \(rule.view)" + (rule.mark.map { " in mark '\($0)'" } ?? "")
                return result
            }
            // NB: no matching view counts as a figure of 0, which a `min` rule can fail.
            views = [rule.view]
            result.note = rule.mark.map { "no view matching \(rule.view) in mark '\($0)'" } ?? "no view matching \(rule.view)"
        }
        let baselineFigures = baseline.map { figures(of: rule, glob: glob, in: $0) }
        var checked: [(view: String, value: Double, excess: Double, maximum: Double?, baseline: Double?)] = []
        // NB: in no particular order: the worst view and the offenders are chosen by excess, then
        // by name, whatever the order (a glob matching a million views is not sorted by name here).
        for view in views {
            // NB: a run without the view counts 0 for a count; for a ratio or percentile it has no
            // figure and the view's figure combines the runs that have one (never none: see `views`).
            let value = aggregate.combine(perRun.compactMap { figure(of: view, in: $0, rule.metric) })
            var maximum = rule.max
            var base: Double?
            if let increase = rule.maxIncrease, let baseValue = baselineFigures.flatMap({ figure(of: view, in: $0, rule.metric) }) {
                base = baseValue
                maximum = Swift.min(maximum ?? .infinity, increase.limit(over: baseValue))
            }
            var excess = -Double.infinity
            if let maximum { excess = Swift.max(excess, value - maximum) }
            if let minimum = rule.min { excess = Swift.max(excess, minimum - value) }
            checked.append((view, value, excess, maximum, base))
        }
        let worst = checked.max { ($0.excess, $1.view) < ($1.excess, $0.view) }!
        result.view = worst.view
        result.found = worst.value
        result.maximum = worst.maximum
        result.baseline = worst.baseline
        let over = checked.filter { $0.excess > 0 }.sorted { ($0.excess, $1.view) > ($1.excess, $0.view) }
        if !over.isEmpty { result.status = rule.level == .warn ? .warn : .fail }
        guard !over.isEmpty else { return result }
        // NB: a total's offenders are the views contributing most to it, in the first run.
        let offenders = rule.metric.isTotal
            ? runs[0].views(matching: glob, in: rule.mark)
                .map { (view: $0.view, value: rule.metric.metric.value(of: $0) ?? 0) }
                .sorted { ($0.value, $1.view) > ($1.value, $0.view) }
            : over.map { (view: $0.view, value: $0.value) }
        result.offenders = offenders.prefix(offenderLimit).map { offender in
            Offender(view: offender.view, value: offender.value, causes: causes(of: offender.view, rule: rule, in: runs[0]))
        }
        return result
    }

    /// The root writes behind `view`'s evaluations; none for a mark interval, whose causes are
    /// not split out (the whole trace's would mislead).
    private static func causes(of view: String, rule: BudgetRule, in trace: BudgetFigures) -> [OriginCount] {
        guard rule.mark == nil else { return [] }
        return Array(trace.stats(for: view)?.causes.prefix(causeLimit) ?? [])
    }

    /// Whether `rule` applies to a trace with `header`.
    private static func applies(_ rule: BudgetRule, to header: TraceHeader?) -> Bool {
        (rule.scenario == nil || rule.scenario == header?.scenario) && (rule.variant == nil || rule.variant == header?.variant)
    }

    /// The rule's figure per matching view in one trace (one entry, keyed by the glob, for a total).
    private static func figures(of rule: BudgetRule, glob: ViewGlob, in trace: BudgetFigures) -> [String: Double] {
        let matching = trace.views(matching: glob, in: rule.mark)
        if rule.metric.isTotal {
            return matching.isEmpty ? [:] : [rule.view: matching.reduce(0) { $0 + (rule.metric.metric.value(of: $1) ?? 0) }]
        }
        var figures: [String: Double] = [:]
        for stats in matching {
            if let value = rule.metric.metric.value(of: stats) { figures[stats.view] = value }
        }
        return figures
    }

    /// `view`'s figure in one trace's `figures`: 0 for a count when the view is absent, else nil.
    private static func figure(of view: String, in figures: [String: Double], _ metric: BudgetMetric) -> Double? {
        figures[view] ?? (metric.isCount ? 0 : nil)
    }

}
