import Tracer

/// What one trace offers budget rules: its header, per-view figures for the whole trace, and
/// per-view figures within the `mark` intervals the rules name.
public struct BudgetFigures: Sendable {
    /// The whole-trace summary.
    public var summary: TraceSummary
    /// Per view, the events after each mark of a name and before the next mark (every interval
    /// of that name added up); only for the mark names asked for.
    public var markViews: [String: [String: ViewStats]]

    /// The trace's name in messages.
    public var file: String { summary.file }

    /// Figures of an already analysed trace (whole-trace rules only).
    public init(summary: TraceSummary, markViews: [String: [String: ViewStats]] = [:]) {
        self.summary = summary
        self.markViews = markViews
    }

    /// Reads `source` once: the summary on both cores when no mark interval is needed, otherwise
    /// one pass that also splits the per-view figures by the marks in `marks`.
    public static func load(
        source: TraceSource, marks: Set<String>, options: TraceReadOptions = TraceReadOptions()
    ) throws(TraceError) -> BudgetFigures {
        guard !marks.isEmpty else {
            return BudgetFigures(summary: try TraceAnalyzer.analyze(source: source, options: .init(read: options)))
        }
        var intervals = MarkedViewAccumulator(marks: marks)
        let summary = try TraceScan.run(source: source, options: options) { event, names in intervals.add(event, names) }
        return BudgetFigures(summary: summary, markViews: intervals.stats)
    }

    /// The figures of the views in `scope` (nil: the whole trace; else a mark name).
    func views(in scope: String?) -> [ViewStats] {
        guard let scope else { return summary.views }
        return markViews[scope].map { Array($0.values) } ?? []
    }
}

/// Adds up per-view counts and body times per mark name while a trace streams by.
private struct MarkedViewAccumulator {
    let marks: Set<String>
    private var current: String?
    private var counts: [String: [String: ViewStats]] = [:]
    private var durations: [String: [String: DurationAccumulator]] = [:]

    init(marks: Set<String>) { self.marks = marks }

    mutating func add(_ event: ParsedEvent, _ names: TraceNames) {
        guard let kind = event.kind else { return }
        if kind == .mark {
            let name = names.string(event.name)
            current = marks.contains(name) ? name : nil
            return
        }
        guard let mark = current, event.view != 0 else { return }
        let view = names.view(event.view)
        var stats = counts[mark, default: [:]][view] ?? ViewStats(view: view)
        switch kind {
        case .bodyEval:
            stats.bodyEvals += 1
            if event.has(.changed) && event.changed == 0 { stats.wastedEvals += 1 }
            durations[mark, default: [:]][view, default: DurationAccumulator()].add(event.dur)
        case .skip: stats.skips += 1
        case .invalidate: stats.invalidations += 1
        case .write: stats.writes += 1
        default: return
        }
        counts[mark, default: [:]][view] = stats
    }

    /// The per-mark, per-view figures, with their body times.
    var stats: [String: [String: ViewStats]] {
        var result = counts
        for (mark, views) in durations {
            for (view, time) in views { result[mark]?[view]?.bodyTime = time.stats }
        }
        return result
    }
}
