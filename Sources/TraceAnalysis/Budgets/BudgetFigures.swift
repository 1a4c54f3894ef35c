/// What one trace offers budget rules: its header, per-view figures for the whole trace, and
/// per-view figures within the `mark` intervals the rules name.
public struct BudgetFigures: Sendable {
    /// The trace's summary; its `markViews` hold the mark intervals' figures.
    public let summary: TraceSummary
    /// The whole trace's views, by path.
    private let views: ViewsByPath
    /// Each mark interval's views, by path.
    private let markViews: [String: ViewsByPath]

    /// The trace's name in messages.
    public var file: String { summary.file }

    /// Figures of an already analysed trace.
    public init(summary: TraceSummary) {
        self.summary = summary
        views = ViewsByPath(summary.views)
        markViews = summary.markViews.mapValues { ViewsByPath(Array($0.values)) }
    }

    /// Reads `source` once, in the same parallel pass as `tracectl report`, with the figures
    /// `budget`'s rules need (per mark interval too when a rule names a `mark`; body times there
    /// only for a body-time rule); views' causes only when `offenderCauses` (the first run's
    /// offenders list them) or a rule's metric needs them; the cause graph for an edge rule or
    /// when `causeGraph` (a comment comparing edges).
    public static func load(
        source: TraceInput, for budget: Budget, options: TraceReadOptions = TraceReadOptions(), offenderCauses: Bool = true,
        causeGraph: Bool = false
    ) throws(TraceError) -> BudgetFigures {
        let marked = budget.rules.filter { $0.mark != nil }
        let markViews: TraceAnalyzer.MarkFigures = marked.isEmpty ? .none : marked.contains { $0.metric.isDuration } ? .countsAndBodyTimes : .counts
        let causes = offenderCauses || budget.rules.contains { $0.metric.requires.contains(.cause) }
        let analysis = TraceAnalyzer.AnalysisOptions(
            read: options, markViews: markViews, followsCauses: causes,
            causeGraph: causeGraph || budget.rules.contains { $0.metric.edgeMeasure != nil && $0.level != .off })
        return BudgetFigures(summary: try TraceAnalyzer.analyze(source: source, options: analysis))
    }

    /// The views in `scope` (nil: the whole trace; else a mark name), by path.
    func views(in scope: String?) -> ViewsByPath {
        guard let scope else { return views }
        return markViews[scope] ?? ViewsByPath([])
    }

    /// The figures of `view` in the whole trace, if it appears there.
    func stats(for view: String) -> ViewStats? { views.stats(for: view) }
}
