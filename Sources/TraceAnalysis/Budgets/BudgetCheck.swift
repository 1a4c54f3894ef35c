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
        /// Whether `found` is a body-time total that saturated at `Int64.max` ns (README, "Body
        /// time beyond 292 years"): the true figure is larger.
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

    /// How many results have `status`.
    public func count(_ status: Status) -> Int { results.filter { $0.status == status }.count }

    /// Holds `traces` (repeated runs) to `budget`, against `baseline` for `maxIncrease` rules.
    ///
    /// - Throws: `BudgetError` when a rule needs a baseline and none was given.
    public static func evaluate(
        _ budget: Budget, file: String, traces: [BudgetFigures], baseline: BudgetFigures? = nil
    ) throws(BudgetError) -> BudgetCheck {
        var results: [Result] = []
        let clock = ContinuousClock()
        for rule in budget.rules {
            if rule.metric == .newEdges, baseline == nil, rule.level != .off {
                throw BudgetError(
                    file: file, line: rule.line, path: "\(rule.path).metric",
                    message: "new-edges counts the edges a baseline lacks: pass --baseline BASE_TRACE")
            }
            if rule.maxIncrease != nil, baseline == nil, rule.level != .off {
                throw BudgetError(
                    file: file, line: rule.line, path: "\(rule.path).maxIncrease",
                    message: "a relative limit needs a baseline trace: pass --baseline BASE_TRACE")
            }
            let start = clock.now
            var result = evaluate(rule, aggregate: rule.aggregate ?? budget.aggregate, traces: traces, baseline: baseline)
            if result.status != .off { result.evaluationTime = start.duration(to: clock.now) }
            results.append(result)
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
        if let missing = runs.lazy.compactMap({ rule.metric.unavailability(in: $0.summary.header) }).first {
            result.status = .skipped
            result.isUnavailable = true
            result.note = "\(rule.metric.rawValue) is not available: \(missing)"
            return result
        }
        if let measure = rule.metric.edgeMeasure {
            return evaluateEdges(rule, measure, aggregate: aggregate, runs: runs, baseline: baseline, result)
        }
        if let hitch = rule.metric.hitchFigure {
            // NB: a trace-level figure: one per run, named after its scope.
            let scope = rule.mark.map { "@\($0)" } ?? "(trace)"
            let figure = { (summary: TraceSummary) in Self.hitchFigure(hitch, of: rule, in: summary) }
            if let mark = rule.mark, !runs.contains(where: { $0.summary.marks.contains { $0.name == mark } }) {
                result.note = "no mark '\(mark)'"
            }
            return finish(result, worst: check(scope, runs.map { figure($0.summary) }, baseline: baseline.map { figure($0.summary) }, rule, aggregate))
        }
        let metric = rule.metric.metric!
        let glob = ViewGlob(rule.view)
        let perRun = runs.map { RuleFigures(rule, glob: glob, in: $0) }
        let baselineFigures = baseline.map { RuleFigures(rule, glob: glob, in: $0) }
        let matchesNothing = perRun.allSatisfy { $0.figures.isEmpty && $0.total == nil }
        if matchesNothing {
            guard rule.metric.isCount else {
                // NB: a ratio or percentile of nothing is no figure at all, not 0.
                result.status = .skipped
                result.note = "no \(rule.metric.rawValue) figure for a view matching \(rule.view)" + (rule.mark.map { " in mark '\($0)'" } ?? "")
                return result
            }
            result.note = rule.mark.map { "no view matching \(rule.view) in mark '\($0)'" } ?? "no view matching \(rule.view)"
        }
        // NB: views come in path order, but the worst view and the offenders are chosen by excess,
        // then by name; only those few are kept (a glob may match a million views).
        var ranking = Ranking<Checked>(limit: offenderLimit) { ($0.excess, $1.view) > ($1.excess, $0.view) }
        if rule.metric.isTotal {
            // NB: one figure, named by the glob: 0 in a run where no view matches.
            ranking.add(check(rule.view, perRun.map { $0.total ?? 0 }, baseline: baselineFigures.map { $0.total ?? 0 }, rule, aggregate))
        } else if matchesNothing {
            // NB: no matching view counts as a figure of 0, which a `min` rule can fail.
            var baseCursor = baselineFigures.map(FigureCursor.init)
            ranking.add(check(rule.view, perRun.map { _ in 0 }, baseline: baseCursor?.figure(of: rule.view, rule.metric), rule, aggregate))
        } else {
            forEachView(in: perRun, baseline: baselineFigures, rule.metric) { view, values, base in
                ranking.add(check(view, values, baseline: base, rule, aggregate))
            }
        }
        // NB: a saturated body-time total is `Int64.max` ns in every run that gives the figure;
        // as a `Double` it cannot be told from a total a few hundred ns below, so the runs' own
        // totals say whether it saturated.
        func isSaturated(_ view: String, _ value: Double) -> Bool {
            metric == .bodyTimeTotal && value == Double(Int64.saturatedTotal)
                && perRun.contains { $0.views.stats(for: view)?.bodyTime.total == .saturatedTotal }
        }
        let worst = ranking.top[0]
        result = finish(result, worst: worst)
        result.isSaturated = isSaturated(worst.view, worst.value)
        guard result.status != .pass else { return result }
        // NB: a total's offenders are the views contributing most to it, in the first run.
        let offenders = rule.metric.isTotal
            ? perRun[0].largest(metric, glob: glob, limit: offenderLimit)
            : ranking.top.filter { $0.excess > 0 }.map { (view: $0.view, value: $0.value) }
        result.offenders = offenders.map { offender in
            Offender(
                view: offender.view, value: offender.value, causes: causes(of: offender.view, rule: rule, in: runs[0]),
                isSaturated: isSaturated(offender.view, offender.value))
        }
        return result
    }

    /// An edge rule's outcome: the edges of each run's cause graph matching its `source` and
    /// `view` globs (for `new-edges`, those the baseline lacks) counted, combined over the runs and
    /// held to its limits; the offenders are the first run's heaviest such edges, each with its
    /// source's write site.
    private static func evaluateEdges(
        _ rule: BudgetRule, _ measure: BudgetMetric.EdgeMeasure, aggregate: RunAggregate, runs: [BudgetFigures],
        baseline: BudgetFigures?, _ result: Result
    ) -> Result {
        var result = result
        // NB: a baseline without causes has no edges to compare with: not a baseline of none.
        if let baseline, let missing = rule.metric.unavailability(in: baseline.summary.header) {
            result.status = .skipped
            result.isUnavailable = true
            result.note = "\(rule.metric.rawValue) is not available in the baseline: \(missing)"
            return result
        }
        let (sourceGlob, viewGlob) = (rule.source.map(ViewGlob.init), ViewGlob(rule.view))
        func matching(_ figures: BudgetFigures) -> [CauseEdge] {
            (figures.summary.causeGraph?.edges ?? []).filter { viewGlob.matches($0.to) && sourceGlob?.matches($0.from.name) != false }
        }
        let baseKeys = baseline.map { Set(matching($0).map(\.key)) }
        let perRun = runs.map { run in
            let edges = matching(run)
            guard measure == .new, let baseKeys else { return edges }
            return edges.filter { !baseKeys.contains($0.key) }
        }
        func figure(_ edges: [CauseEdge]) -> Double { Double(measure == .new ? edges.count : edges.reduce(0) { $0 + $1.evals }) }
        let baselineFigure = measure == .evals ? baseline.map { figure(matching($0)) } : nil
        result = finish(result, worst: check(rule.subject, perRun.map(figure), baseline: baselineFigure, rule, aggregate))
        guard result.status != .pass else { return result }
        result.offenders = perRun[0].prefix(offenderLimit).map { edge in
            let causes = edge.from.prop.map { prop in
                [OriginCount(origin: WriteOrigin(view: edge.from.view, prop: prop, wrapper: edge.wrapper, site: edge.site), count: edge.evals)]
            }
            return Offender(
                view: "\(edge.from.name) → \(edge.to)", value: Double(measure == .new ? edge.count : edge.evals), causes: causes ?? [],
                edge: edge)
        }
        return result
    }

    /// `result` with the worst figure's view, value and limits, failed or warned when it is over
    /// a limit.
    private static func finish(_ result: Result, worst: Checked) -> Result {
        var result = result
        result.view = worst.view
        result.found = worst.value
        result.maximum = worst.maximum
        result.baseline = worst.baseline
        if worst.excess > 0 { result.status = result.rule.level == .warn ? .warn : .fail }
        return result
    }

    /// The hitches (or their time) of `rule`'s scope in a trace: the whole trace, or every
    /// interval of its mark; the system's hitches too when the rule says so.
    private static func hitchFigure(_ figure: BudgetMetric.HitchFigure, of rule: BudgetRule, in summary: TraceSummary) -> Double {
        var counters = EventCounts()
        if let mark = rule.mark {
            for interval in summary.marks where interval.name == mark { counters.add(interval.counters) }
        } else {
            counters = summary.totals
        }
        var hitches = counters.hitches
        if rule.includesSystem { hitches.add(counters.systemHitches) }
        return figure == .count ? Double(hitches.count) : Double(hitches.timeNs)
    }

    /// `view`'s figure from its figures in the runs, held to `rule`'s limits (the baseline's
    /// limit too for `maxIncrease`).
    private static func check(_ view: String, _ values: [Double], baseline: Double?, _ rule: BudgetRule, _ aggregate: RunAggregate) -> Checked {
        let value = aggregate.combine(values)
        var maximum = rule.max
        var base: Double?
        if let increase = rule.maxIncrease, let baseline {
            base = baseline
            maximum = Swift.min(maximum ?? .infinity, increase.limit(over: baseline))
        }
        var excess = -Double.infinity
        if let maximum { excess = Swift.max(excess, value - maximum) }
        if let minimum = rule.min { excess = Swift.max(excess, minimum - value) }
        return Checked(view: view, value: value, excess: excess, maximum: maximum, baseline: base)
    }

    /// Calls `body` with each view that has a figure in a run, in path order: its figures in the
    /// runs and in the baseline, as `FigureCursor.figure(of:_:)` gives them.
    private static func forEachView(
        in perRun: [RuleFigures], baseline: RuleFigures?, _ metric: BudgetMetric, _ body: (String, [Double], Double?) -> Void
    ) {
        var cursors = perRun.map(FigureCursor.init)
        var baseCursor = baseline.map(FigureCursor.init)
        var values: [Double] = []
        // NB: the run with the first path takes its figure without comparing paths: with one run
        // and no baseline, the usual case, no path is compared at all.
        while let first = firstRun(cursors) {
            let view = cursors[first].view!
            values.removeAll(keepingCapacity: true)
            for run in cursors.indices {
                let value = run == first ? cursors[run].takeNext() : cursors[run].figure(of: view, metric)
                if let value { values.append(value) }
            }
            body(view, values, baseCursor?.figure(of: view, metric))
        }
    }

    /// The run whose next figure's path comes first; nil when every run's figures are taken.
    private static func firstRun(_ cursors: [FigureCursor]) -> Int? {
        cursors.indices.lazy.filter { cursors[$0].view != nil }.min { ViewsByPath.compare(cursors[$0].view!, cursors[$1].view!) < 0 }
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
}

/// One view's figure held to a rule's limits.
private struct Checked {
    var view: String
    var value: Double
    /// How far the figure is over its limits (negative within them).
    var excess: Double
    var maximum: Double?
    var baseline: Double?
}

/// A rule's figures in one trace: each matching view's in path order, or (`total-…`) their sum.
private struct RuleFigures {
    /// The views of the rule's scope.
    let views: ViewsByPath
    /// The matching views' figures, by index in `views.stats`; empty for a total.
    let figures: [(index: Int32, value: Double)]
    /// A total's sum over the matching views; nil when no view matches.
    let total: Double?

    /// The figures of `rule` (matching `glob`) in `trace`; a view without a figure is left out.
    init(_ rule: BudgetRule, glob: ViewGlob, in trace: BudgetFigures) {
        let metric = rule.metric.metric!
        let views = trace.views(in: rule.mark)
        var figures: [(index: Int32, value: Double)] = []
        var total: Double?
        views.forEach(matching: glob) { index, stats in
            let value = metric.value(of: stats)
            if rule.metric.isTotal {
                total = (total ?? 0) + (value ?? 0)
            } else if let value {
                figures.append((Int32(index), value))
            }
        }
        self.views = views
        self.figures = figures
        self.total = total
    }

    /// The `limit` views matching `glob` with the largest figures, largest first, then by name.
    func largest(_ metric: Metric, glob: ViewGlob, limit: Int) -> [(view: String, value: Double)] {
        var ranking = Ranking<(view: String, value: Double)>(limit: limit) { ($0.value, $1.view) > ($1.value, $0.view) }
        views.forEach(matching: glob) { _, stats in
            ranking.add((stats.view, metric.value(of: stats) ?? 0))
        }
        return ranking.top
    }
}

/// A walk through one run's figures in path order, in step with the views being checked.
private struct FigureCursor {
    let figures: RuleFigures
    private var position = 0

    init(_ figures: RuleFigures) { self.figures = figures }

    /// The path of the next figure; nil past the last.
    var view: String? {
        position < figures.figures.count ? figures.views.stats[Int(figures.figures[position].index)].view : nil
    }

    /// The next figure (there must be one).
    mutating func takeNext() -> Double {
        position += 1
        return figures.figures[position - 1].value
    }

    /// `view`'s figure (0 for a count when there is none, else nil), skipping those of the paths
    /// before it: each call must name a path after the previous call's.
    mutating func figure(of view: String, _ metric: BudgetMetric) -> Double? {
        while let next = self.view {
            let order = ViewsByPath.compare(next, view)
            if order > 0 { break }
            position += 1
            if order == 0 { return figures.figures[position - 1].value }
        }
        return metric.isCount ? 0 : nil
    }
}

/// The first few of a stream of items in the order `precedes` gives, kept as they come.
private struct Ranking<Item> {
    let limit: Int
    let precedes: (Item, Item) -> Bool
    /// At most `limit` items, in order.
    private(set) var top: [Item] = []

    init(limit: Int, by precedes: @escaping (Item, Item) -> Bool) {
        self.limit = limit
        self.precedes = precedes
    }

    mutating func add(_ item: Item) {
        if top.count == limit {
            guard precedes(item, top[limit - 1]) else { return }
            top.removeLast()
        }
        top.insert(item, at: top.firstIndex { precedes(item, $0) } ?? top.count)
    }
}
