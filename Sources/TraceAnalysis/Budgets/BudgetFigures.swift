/// What one trace offers budget rules: its header, per-view figures for the whole trace, and
/// per-view figures within the `mark` intervals the rules name.
public struct BudgetFigures: Sendable {
    /// The trace's summary; its `markViews` hold the mark intervals' figures.
    public let summary: TraceSummary
    /// Where each view's figures are in `summary.views`, by path.
    private let viewIndex: [String: Int]

    /// The trace's name in messages.
    public var file: String { summary.file }

    /// Figures of an already analysed trace.
    public init(summary: TraceSummary) {
        self.summary = summary
        viewIndex = Dictionary(summary.views.enumerated().map { ($1.view, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Reads `source` once, in the same parallel pass as `tracectl report`, with the figures
    /// `budget`'s rules need (per mark interval too when a rule names a `mark`; body times there
    /// only for a body-time rule).
    public static func load(
        source: TraceSource, for budget: Budget, options: TraceReadOptions = TraceReadOptions()
    ) throws(TraceError) -> BudgetFigures {
        let marked = budget.rules.filter { $0.mark != nil }
        let markViews: TraceAnalyzer.MarkFigures = marked.isEmpty ? .none : marked.contains { $0.metric.isDuration } ? .countsAndBodyTimes : .counts
        let analysis = TraceAnalyzer.AnalysisOptions(read: options, markViews: markViews)
        return BudgetFigures(summary: try TraceAnalyzer.analyze(source: source, options: analysis))
    }

    /// The figures of the views in `scope` (nil: the whole trace; else a mark name).
    func views(in scope: String?) -> [ViewStats] {
        guard let scope else { return summary.views }
        return summary.markViews[scope].map { Array($0.values) } ?? []
    }

    /// The figures of the views in `scope` that `glob` matches: a lookup for a glob without
    /// wildcards (a budget written by `--write-budget` has one per view), else a scan.
    func views(matching glob: ViewGlob, in scope: String?) -> [ViewStats] {
        guard let path = glob.literalPath else { return views(in: scope).filter { glob.matches($0.view) } }
        return stats(for: path, in: scope).map { [$0] } ?? []
    }

    /// The figures of `view` in `scope`, if it appears there.
    func stats(for view: String, in scope: String? = nil) -> ViewStats? {
        guard let scope else { return viewIndex[view].map { summary.views[$0] } }
        return summary.markViews[scope]?[view]
    }
}
