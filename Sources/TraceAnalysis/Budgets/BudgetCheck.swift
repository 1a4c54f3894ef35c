/// The outcome of holding traces to a budget: one result per rule, and the exit status it implies.
///
/// Several traces are repeated runs: each rule combines a view's figures across the runs it
/// applies to (median, max or min). A view missing from a run counts 0 there for a count metric;
/// for `evals-per-write` and `body-time-p95` that run has no figure for it. With baseline runs,
/// `maxIncrease` limits a count to the baseline runs' combined figure for the same view plus a
/// percentage or an amount; a time figure is compared run by run (`TimeComparison`, one-sided):
/// the rule fails only when the head regressed beyond the increase allowed, and an inconclusive
/// comparison is a warning naming the runs that could decide it.
public struct BudgetCheck: Sendable {
    /// A view over its limit, with the writes that led to its evaluations.
    public struct Offender: Sendable, Hashable {
        /// The view (or, for an edge rule, the edge's name).
        public var view: String
        /// Its figure.
        public var value: Double
        /// The root writes behind its evaluations in the first run, most first.
        public var causes: [OriginCount]
        /// Whether `value` is a body-time total that saturated at `Int64.max` ns.
        public var isSaturated = false
        /// For an edge rule: the edge, with its evaluations and skips.
        public var edge: CauseEdge?
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
        /// The rule.
        public var rule: BudgetRule
        /// How it came out.
        public var status: Status
        /// The effective upper limit (the tighter of `max` and the baseline's limit), if any.
        public var maximum: Double?
        /// The lower limit, if any.
        public var minimum: Double?
        /// The baseline's figure for the worst view, when `maxIncrease` applied.
        public var baseline: Double?
        /// For a time rule with `maxIncrease`: the worst view's runs compared with the baseline's.
        package var comparison: TimeComparison?
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
        /// Whether `found` is a body-time total that saturated at `Int64.max` ns (the `tracectl
        /// report` article, "Body time beyond 292 years"): the true figure is larger.
        public var isSaturated = false
        /// How long evaluating the rule took (JUnit's `time`); zero for a rule not evaluated.
        public var evaluationTime: Duration = .zero

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
            let subject = "\(view ?? rule.subject) \(rule.metric.rawValue)"
            switch status {
            case .off: return "\(subject): off"
            case .skipped: return "\(subject): skipped (\(note ?? "not applicable"))"
            default: return "\(subject): expected \(expected), found \(found.map(rule.metric.format) ?? "-")"
            }
        }
    }

    /// How many offenders a result lists.
    package static let offenderLimit = 3
    /// How many causes an offender lists.
    package static let causeLimit = 3

    /// The results, in the budget's rule order.
    public var results: [Result]
    /// The traces checked, by name.
    public var traces: [String]

    /// 1 when an error-level rule failed, else 0.
    public var exitStatus: Int32 { results.contains { $0.status == .fail } ? 1 : 0 }

    /// Whether no rule was checked: every one is off or was skipped (a gate that checked nothing
    /// must not pass unnoticed: `tracectl check` exits 2 unless `--allow-empty`).
    package var checkedNothing: Bool { results.allSatisfy { $0.status == .off || $0.status == .skipped } }

    /// How many results have `status`.
    public func count(_ status: Status) -> Int { results.filter { $0.status == status }.count }

    /// Holds `traces` (repeated runs) to `budget`, against `baselines` (repeated runs of the
    /// baseline) for `maxIncrease` and `new-edges` rules.
    ///
    /// - Throws: `BudgetError` when a rule needs a baseline and none was given.
    public static func evaluate(
        _ budget: Budget, file: String, traces: [BudgetFigures], baselines: [BudgetFigures] = []
    ) throws(BudgetError) -> BudgetCheck {
        var results: [Result] = []
        let clock = ContinuousClock()
        for rule in budget.rules {
            if rule.metric == .newEdges, baselines.isEmpty, rule.level != .off {
                throw BudgetError(
                    file: file, line: rule.line, path: "\(rule.path).metric",
                    message: "new-edges counts the edges a baseline lacks: pass --baseline BASE_TRACE")
            }
            if rule.maxIncrease != nil, baselines.isEmpty, rule.level != .off {
                throw BudgetError(
                    file: file, line: rule.line, path: "\(rule.path).maxIncrease",
                    message: "a relative limit needs a baseline trace: pass --baseline BASE_TRACE")
            }
            let start = clock.now
            let limits = Limits(rule: rule, aggregate: rule.aggregate ?? budget.aggregate, significance: budget.significance)
            var result = evaluate(limits, traces: traces, baselines: baselines)
            if result.status != .off { result.evaluationTime = start.duration(to: clock.now) }
            results.append(result)
        }
        return BudgetCheck(results: results, traces: traces.map(\.file))
    }

    /// `rule`'s outcome over the runs it applies to: off, skipped (no run, or a figure a run's
    /// source cannot produce), else evaluated as its kind of rule says (edges, hitches, views).
    private static func evaluate(_ limits: Limits, traces: [BudgetFigures], baselines: [BudgetFigures]) -> Result {
        let rule = limits.rule
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
        if let missing = runs.lazy.compactMap({ rule.metric.unavailability(in: $0.summary.header) }).first {
            result.status = .skipped
            result.isUnavailable = true
            result.note = "\(rule.metric.rawValue) is not available: \(missing)"
            return result
        }
        if let measure = rule.metric.edgeMeasure {
            return evaluateEdges(limits, measure, runs: runs, baselines: baselines, result)
        }
        if let hitch = rule.metric.hitchFigure {
            return evaluateHitches(limits, hitch, runs: runs, baselines: baselines, result)
        }
        return evaluateViews(limits, runs: runs, baselines: baselines, result)
    }

    /// `result` with the worst figure's view, value and limits, failed or warned when it is over
    /// a limit (or, compared over runs, regressed); warned when its comparison is inconclusive.
    static func finish(_ result: Result, worst: Checked) -> Result {
        var result = result
        result.view = worst.view
        result.found = worst.value
        result.maximum = worst.maximum
        result.baseline = worst.baseline
        result.comparison = worst.comparison
        if worst.excess > 0 {
            result.status = result.rule.level == .warn ? .warn : .fail
        } else if worst.comparison?.verdict == .inconclusive {
            // NB: too few runs to tell is never a silent pass.
            result.status = .warn
        }
        return result
    }

    /// `view`'s figure from its figures in the runs, held to the rule's limits: `max` and `min` on
    /// the combined figure; `maxIncrease` over the baseline runs' combined figure for a count, by
    /// comparing the runs for a time.
    static func check(_ view: String, _ values: [Double], baselines: [Double], _ limits: Limits) -> Checked {
        let rule = limits.rule
        let value = limits.aggregate.combine(values)
        var checked = Checked(view: view, value: value, excess: -Double.infinity, maximum: rule.max, baseline: nil)
        if let maximum = rule.max { checked.excess = value - maximum }
        if let minimum = rule.min { checked.excess = Swift.max(checked.excess, minimum - value) }
        guard let increase = rule.maxIncrease, !baselines.isEmpty, !values.isEmpty else { return checked }
        let baseline = rule.metric.isDuration ? RunAggregate.median.combine(baselines) : limits.aggregate.combine(baselines)
        let limit = increase.limit(over: baseline)
        checked.baseline = baseline
        checked.maximum = Swift.min(rule.max ?? .infinity, limit)
        guard rule.metric.isDuration else {
            checked.excess = Swift.max(checked.excess, value - limit)
            return checked
        }
        let comparison = TimeComparison(
            base: baselines, head: values, alternative: .greater, settings: limits.significance, allowedIncrease: limit - baseline)
        checked.comparison = comparison
        // NB: regressed is over (by how far the interval clears the allowance), inconclusive level
        // with it, the rest under; `max` and `min` still hold the combined figure.
        let beyond: Double = switch comparison.verdict {
        case .regressed: comparison.estimate.lower - comparison.minimumIncrease
        case .inconclusive: 0
        case .same, .improved: Swift.min(comparison.estimate.upper - comparison.minimumIncrease, -Double.ulpOfOne)
        }
        checked.excess = Swift.max(checked.excess, beyond)
        return checked
    }

    /// Whether `rule` applies to a trace with `header`.
    private static func applies(_ rule: BudgetRule, to header: TraceHeader?) -> Bool {
        (rule.scenario == nil || rule.scenario == header?.scenario) && (rule.variant == nil || rule.variant == header?.variant)
    }
}

extension BudgetCheck {
    /// A rule with what its budget adds: how runs combine, and how time comparisons decide.
    struct Limits {
        var rule: BudgetRule
        var aggregate: RunAggregate
        var significance: SignificanceSettings
    }

    /// One view's figure held to a rule's limits.
    struct Checked {
        var view: String
        var value: Double
        /// How far the figure is over its limits (negative within them; 0 for an inconclusive
        /// time comparison within `max` and `min`).
        var excess: Double
        var maximum: Double?
        var baseline: Double?
        var comparison: TimeComparison?
    }
}
