/// What a per-view report shows and in which order.
public struct ReportOptions: Sendable, Hashable {
    /// The column views are sorted by (descending; ties by view path).
    public enum Sort: String, Sendable, Hashable, CaseIterable {
        case evals, wasted, time, skips
    }

    public var sort: Sort
    /// Show at most this many views (nil: all).
    public var top: Int?
    /// Show only views matching this glob (nil: all).
    public var filter: ViewGlob?
    /// Causes listed per view in JSON (the text and Markdown tables show the top one).
    public var causesPerView: Int

    /// Options: by evaluations, all views, five causes per view.
    public init(sort: Sort = .evals, top: Int? = nil, filter: ViewGlob? = nil, causesPerView: Int = 5) {
        self.sort = sort
        self.top = top
        self.filter = filter
        self.causesPerView = causesPerView
    }

    /// The views of `summary` to show, filtered, sorted and cut to `top`.
    public func selectViews(_ summary: TraceSummary) -> [ViewStats] {
        let views = summary.views
        // NB: indices are sorted, not the (large) statistics themselves.
        let kept = views.indices.filter { filter?.matches(views[$0].view) ?? true }
        let keys = views.map(key)
        // NB: the summary's views are in path order, so a tie goes by index: no string compared.
        let sorted = kept.sorted { lhs, rhs in keys[lhs] != keys[rhs] ? keys[lhs] > keys[rhs] : lhs < rhs }
        return sorted.prefix(top ?? sorted.count).map { views[$0] }
    }

    private func key(_ stats: ViewStats) -> Double { sort.metric.value(of: stats) ?? 0 }
}

extension ReportOptions.Sort {
    /// The metric views are sorted by.
    public var metric: Metric {
        switch self {
        case .evals: .bodyEvals
        case .wasted: .wastedEvals
        case .time: .bodyTimeTotal
        case .skips: .skips
        }
    }
}
