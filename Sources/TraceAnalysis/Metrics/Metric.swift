import Tracer

/// A per-view figure of a trace: the one table every output takes its names, units and
/// availability from.
///
/// Each output lists the metrics it shows, in its own order (`ReportTable.columns`,
/// `ViewDelta.Measure`, `BudgetMetric`, …); what a metric is called, how it is formatted and
/// whether a trace can have it is defined here once. Adding a counted metric is one case here,
/// its `definition`, and the line in `TraceAggregator` that counts it.
public enum Metric: Int, CaseIterable, Sendable, Hashable {
    case bodyEvals
    case skips
    case wastedEvals
    case invalidations
    case writes
    /// Evaluations (of any view) whose cause chain starts at a write to this view's properties.
    case evalsCausedByWrites
    case evalsPerWrite
    case bodyTimeTotal
    case bodyTimeP50
    case bodyTimeP95

    /// The metrics counted per view and per interval, stored by metric in `MetricCounts`.
    public static let counted: [Metric] = allCases.filter { $0.definition.unit == .count }

    /// What the table says about this metric.
    public var definition: MetricDefinition {
        switch self {
        case .bodyEvals:
            MetricDefinition(
                jsonKey: "bodyEvals", column: "evals", shortName: "evals", title: "Evals", label: "body evals",
                budgetName: "body-evals", unit: .count, merge: .sum, requires: [.bodyEval])
        case .skips:
            MetricDefinition(
                jsonKey: "skips", column: "skips", shortName: "skips", title: "Skips", label: "skips",
                budgetName: "skips", unit: .count, merge: .sum, requires: [.skip])
        case .wastedEvals:
            MetricDefinition(
                jsonKey: "wastedEvals", column: "wasted", shortName: "wasted", title: "Wasted", label: "wasted evals",
                budgetName: "wasted-evals", unit: .count, merge: .sum, requires: [.bodyEval, .outputChanges])
        case .invalidations:
            MetricDefinition(
                jsonKey: "invalidations", column: "invalidations", shortName: "invalidations", title: "Invalidations", label: "invalidations",
                budgetName: "invalidations", unit: .count, merge: .sum, requires: [.invalidate])
        case .writes:
            MetricDefinition(
                jsonKey: "writes", column: "writes", shortName: "writes", title: "Writes", label: "writes",
                budgetName: "writes", unit: .count, merge: .sum, requires: [.write])
        case .evalsCausedByWrites:
            MetricDefinition(
                jsonKey: "evalsCausedByWrites", column: nil, shortName: "caused", title: "Evals caused", label: "evals caused by writes",
                budgetName: nil, unit: .count, merge: .sum, requires: [.write, .bodyEval, .cause])
        case .evalsPerWrite:
            MetricDefinition(
                jsonKey: "evalsPerWrite", column: "evals/write", shortName: "evals/write", title: "Evals per write", label: "evals per write",
                budgetName: "evals-per-write", unit: .ratio, merge: .derived, requires: [.write, .bodyEval, .cause])
        case .bodyTimeTotal:
            MetricDefinition(
                jsonKey: "bodyTimeNs", column: "time total", shortName: "time", title: "Body time", label: "body time",
                budgetName: "body-time-total", unit: .nanoseconds, merge: .sum, requires: [.bodyEval, .duration])
        case .bodyTimeP50:
            MetricDefinition(
                jsonKey: "p50", column: "p50", shortName: "p50", title: "p50", label: "body time p50",
                budgetName: nil, unit: .nanoseconds, merge: .derived, requires: [.bodyEval, .duration])
        case .bodyTimeP95:
            MetricDefinition(
                jsonKey: "p95", column: "p95", shortName: "p95", title: "p95", label: "body time p95",
                budgetName: "body-time-p95", unit: .nanoseconds, merge: .derived, requires: [.bodyEval, .duration])
        }
    }

    /// Whether a trace whose header is `header` can have this figure (a trace without a header,
    /// or a header listing no capabilities, can have every one).
    public func isAvailable(in header: TraceHeader?) -> Bool {
        guard let header else { return true }
        return definition.requires.allSatisfy(header.can)
    }

    /// Why a trace whose header is `header` cannot have this figure: `the swiftui source records no skip`.
    public func unavailability(in header: TraceHeader?) -> String? {
        guard let header, let missing = definition.requires.first(where: { !header.can($0) }) else { return nil }
        return "the \(header.source ?? TraceOrigin.runtime.rawValue) source records no \(missing.rawValue)"
    }

    /// This metric of one view; nil when the view has no such figure (evaluations per write
    /// without writes, a body-time percentile without evaluations).
    public func value(of stats: ViewStats) -> Double? {
        switch self {
        case .evalsPerWrite: stats.evalsPerWrite
        case .bodyTimeTotal: Double(stats.bodyTime.total)
        case .bodyTimeP50: stats.bodyTime.count > 0 ? Double(stats.bodyTime.p50) : nil
        case .bodyTimeP95: stats.bodyTime.count > 0 ? Double(stats.bodyTime.p95) : nil
        default: Double(stats.counts[self])
        }
    }
}

/// What the metric table says about one metric.
public struct MetricDefinition: Sendable, Hashable {
    /// The unit a metric's figures are in.
    public enum Unit: Sendable, Hashable {
        /// Events counted; a view absent from a run counts 0 there.
        case count
        /// A ratio of counts; of nothing, no figure at all.
        case ratio
        /// Nanoseconds of body time.
        case nanoseconds
    }

    /// The key in JSON documents (`bodyEvals`; `p50` and `p95` inside a view's `bodyTimeNs`).
    public var jsonKey: String
    /// The column header in text and Markdown reports; nil for a figure with no column.
    public var column: String?
    /// The short name of options and `diff` measures (`evals`, `wasted`, `time`).
    public var shortName: String
    /// The heading on HTML pages (`Evals`, `Body time`).
    public var title: String
    /// The name in sentences and comparison tables (`body evals`).
    public var label: String
    /// The name budget rules use; nil for a figure no rule can hold.
    public var budgetName: String?
    public var unit: Unit
    /// What the trace's source must be able to produce for the figure to exist.
    public var requires: [TraceCapability]

    /// How figures combine across parts of a trace and repeated runs.
    public var merge: Merge

    /// How a metric's figures combine.
    public enum Merge: Sendable, Hashable {
        /// Added up; a view absent from a part or a run counts 0 there.
        case sum
        /// Worked out from other figures (a ratio, a percentile); of nothing, no figure at all.
        case derived
    }

    init(
        jsonKey: String, column: String?, shortName: String, title: String, label: String, budgetName: String?,
        unit: Unit, merge: Merge, requires: [TraceCapability]
    ) {
        self.jsonKey = jsonKey
        self.column = column
        self.shortName = shortName
        self.title = title
        self.label = label
        self.budgetName = budgetName
        self.unit = unit
        self.merge = merge
        self.requires = requires
    }
}
