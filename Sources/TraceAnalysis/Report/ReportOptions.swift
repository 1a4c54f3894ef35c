/// What a per-view report shows and in which order.
public struct ReportOptions: Sendable, Hashable {
    /// The column views are sorted by (descending; ties by first appearance in the trace).
    public enum Sort: String, Sendable, Hashable, CaseIterable {
        /// By evaluations, wasted evaluations, body time or skips, most first.
        case evals, wasted, time, skips
    }

    /// The order of the views.
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
    package func selectViews(_ summary: TraceSummary) -> [ViewStats] {
        selectedViewIndices(summary).map { summary.views[$0] }
    }

    /// The indices in `summary.views` of the views to show, in the order to show them.
    ///
    /// NB: indices are sorted, not the (large) statistics themselves, and a report of a million
    /// views refers to them rather than copying them.
    package func selectedViewIndices(_ summary: TraceSummary) -> [Int] {
        let views = summary.views
        let kept = views.indices.filter { filter?.matches(views[$0].view) ?? true }
        let keys = views.map(key)
        // NB: a tie goes by first appearance, as in every ranked list: no string compared; views
        // already in order are not sorted at all.
        func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
            keys[lhs] != keys[rhs] ? keys[lhs] > keys[rhs] : views[lhs].firstAppearance < views[rhs].firstAppearance
        }
        let inOrder = zip(kept, kept.dropFirst()).allSatisfy { precedes($0, $1) }
        let sorted = inOrder ? kept : kept.sorted(by: precedes)
        return Array(sorted.prefix(top ?? sorted.count))
    }

    private func key(_ stats: ViewStats) -> Double { sort.metric.value(of: stats) ?? 0 }
}

extension ReportOptions.Sort {
    /// The metric views are sorted by.
    package var metric: Metric {
        switch self {
        case .evals: .bodyEvals
        case .wasted: .wastedEvals
        case .time: .bodyTimeTotal
        case .skips: .skips
        }
    }
}
