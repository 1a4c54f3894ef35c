extension BudgetCheck {
    /// A view rule's outcome (a per-view metric, or a `total-…` of the matching views): each
    /// matching view's figure combined over the runs and held to the rule's limits; the worst view
    /// is the result's, and when it is over a limit the offenders are the views furthest over (for
    /// a total, those adding most to it in the first run), each with the writes behind it.
    static func evaluateViews(_ limits: Limits, runs: [BudgetFigures], baselines: [BudgetFigures], _ result: Result) -> Result {
        let rule = limits.rule
        var result = result
        let metric = rule.metric.metric!
        let glob = ViewGlob(rule.view)
        let perRun = runs.map { RuleFigures(rule, glob: glob, in: $0) }
        let baselineFigures = baselines.map { RuleFigures(rule, glob: glob, in: $0) }
        let matchesNothing = perRun.allSatisfy { $0.figures.isEmpty && $0.total == nil }
        if matchesNothing {
            guard rule.metric.isCount && !perRun.contains(where: \.matched) else {
                // NB: a ratio or percentile of nothing is no figure at all, not 0, and neither is
                // the body time of matching views none of whose evaluations has a duration.
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
            ranking.add(check(rule.view, perRun.map { $0.total ?? 0 }, baselines: baselineFigures.map { $0.total ?? 0 }, limits))
        } else if matchesNothing {
            // NB: no matching view counts as a figure of 0, which a `min` rule can fail.
            var baseCursors = baselineFigures.map(FigureCursor.init)
            let bases = baseCursors.indices.compactMap { baseCursors[$0].figure(of: rule.view, rule.metric) }
            ranking.add(check(rule.view, perRun.map { _ in 0 }, baselines: bases, limits))
        } else {
            forEachView(in: perRun, baselines: baselineFigures, rule.metric) { view, values, bases in
                ranking.add(check(view, values, baselines: bases, limits))
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

    /// Calls `body` with each view that has a figure in a run, in path order: its figures in the
    /// runs and in the baseline runs, as `FigureCursor.figure(of:_:)` gives them.
    private static func forEachView(
        in perRun: [RuleFigures], baselines: [RuleFigures], _ metric: BudgetMetric, _ body: (String, [Double], [Double]) -> Void
    ) {
        var cursors = perRun.map(FigureCursor.init)
        var baseCursors = baselines.map(FigureCursor.init)
        var values: [Double] = [], bases: [Double] = []
        // NB: the run with the first path takes its figure without comparing paths: with one run
        // and no baseline, the usual case, no path is compared at all.
        while let first = firstRun(cursors) {
            let view = cursors[first].view!
            values.removeAll(keepingCapacity: true)
            for run in cursors.indices {
                let value = run == first ? cursors[run].takeNext() : cursors[run].figure(of: view, metric)
                if let value { values.append(value) }
            }
            bases.removeAll(keepingCapacity: true)
            for run in baseCursors.indices { if let base = baseCursors[run].figure(of: view, metric) { bases.append(base) } }
            body(view, values, bases)
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
}

/// A rule's figures in one trace: each matching view's in path order, or (`total-…`) their sum.
private struct RuleFigures {
    /// The views of the rule's scope.
    let views: ViewsByPath
    /// The matching views' figures, by index in `views.stats`; empty for a total.
    let figures: [(index: Int32, value: Double)]
    /// A total's sum over the matching views; nil when no view matches.
    let total: Double?
    /// Whether a view matches (with a figure or without).
    let matched: Bool

    /// The figures of `rule` (matching `glob`) in `trace`; a view without a figure is left out.
    init(_ rule: BudgetRule, glob: ViewGlob, in trace: BudgetFigures) {
        let metric = rule.metric.metric!
        let views = trace.views(in: rule.mark)
        var figures: [(index: Int32, value: Double)] = []
        var total: Double?
        var matched = false
        views.forEach(matching: glob) { index, stats in
            matched = true
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
        self.matched = matched
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
