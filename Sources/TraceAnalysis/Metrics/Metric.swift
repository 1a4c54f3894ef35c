import TracerCore

/// A per-view figure of a trace: the one table every output takes its names, units and
/// availability from.
///
/// Each output lists the metrics it shows, in its own order (`ReportTable.columns`,
/// `ViewDelta.measures`, `BudgetMetric`, …); what a metric is called, how it is formatted and
/// whether a trace can have it is defined here once. Adding a counted metric is one case here,
/// its `definition`, its `CountedMetric` case, and the line in `TraceAggregator` that counts it.
public enum Metric: Int, CaseIterable, Sendable, Hashable {
    /// Body evaluations.
    case bodyEvals
    /// Skipped evaluations (a child whose inputs were equal).
    case skips
    /// Evaluations whose output did not change.
    case wastedEvals
    /// Invalidations.
    case invalidations
    /// Writes to a view's own properties.
    case writes
    /// Evaluations (of any view) whose cause chain starts at a write to this view's properties.
    case evalsCausedByWrites
    /// State storage created for the view (`state-init`): a `@StateObject` made, an inline
    /// `@ObservedObject` model met anew, `@State` storage for a new identity.
    case stateInits
    /// Evaluations caused per write.
    case evalsPerWrite
    /// Body time, summed.
    case bodyTimeTotal
    /// The median body time.
    case bodyTimeP50
    /// The 95th percentile of body time.
    case bodyTimeP95

    /// What the table says about this metric.
    ///
    /// NB: lent, not copied: a row holds nine references, and a copy retains and releases each
    /// of them to read one field.
    public var definition: MetricDefinition {
        _read { yield Self.table[rawValue] }
    }

    /// The table, one row per metric in case order: JSON key, report column, short name, HTML
    /// title, label, budget name, unit, merge rule, what the source must produce.
    private static let table: [MetricDefinition] = [
        MetricDefinition("bodyEvals", "evals", "evals", "Evals", "body evals", "body-evals", .count, .sum, [.bodyEval]),
        MetricDefinition("skips", "skips", "skips", "Skips", "skips", "skips", .count, .sum, [.skip]),
        MetricDefinition("wastedEvals", "wasted", "wasted", "Wasted", "wasted evals", "wasted-evals", .count, .sum, [.bodyEval, .outputChanges]),
        MetricDefinition("invalidations", "invalidations", "invalidations", "Invalidations", "invalidations", "invalidations", .count, .sum, [.invalidate]),
        MetricDefinition("writes", "writes", "writes", "Writes", "writes", "writes", .count, .sum, [.write]),
        MetricDefinition("evalsCausedByWrites", nil, "caused", "Evals caused", "evals caused by writes", nil, .count, .sum, [.write, .bodyEval, .cause]),
        MetricDefinition("stateInits", nil, "state-inits", "State inits", "state inits", nil, .count, .sum, [.stateInit]),
        MetricDefinition("evalsPerWrite", "evals/write", "evals/write", "Evals per write", "evals per write", "evals-per-write", .ratio, .derived, [.write, .bodyEval, .cause]),
        MetricDefinition("bodyTimeNs", "time total", "time", "Body time", "body time", "body-time-total", .nanoseconds, .sum, [.bodyEval, .duration]),
        MetricDefinition("p50", "p50", "p50", "p50", "body time p50", nil, .nanoseconds, .derived, [.bodyEval, .duration]),
        MetricDefinition("p95", "p95", "p95", "p95", "body time p95", "body-time-p95", .nanoseconds, .derived, [.bodyEval, .duration]),
    ]

    /// Which metrics a trace whose header is `header` can have, by raw value: worked out once per
    /// document rather than once per view and figure.
    package static func availability(in header: TraceHeader?) -> [Bool] { allCases.map { $0.isAvailable(in: header) } }

    /// Whether a trace whose header is `header` can have this figure (a trace without a header,
    /// or a header listing no capabilities, can have every one).
    public func isAvailable(in header: TraceHeader?) -> Bool {
        guard let header else { return true }
        return definition.requires.allSatisfy(header.can)
    }

    /// Why a trace whose header is `header` cannot have this figure: `the swiftui source records no skip`.
    public func unavailability(in header: TraceHeader?) -> String? { Self.unavailability(of: definition.requires, in: header) }

    /// Why a trace whose header is `header` cannot have a figure that `requires` these
    /// capabilities; nil when it can (a trace without a header can have what a header without
    /// capabilities claims).
    static func unavailability(of requires: [TraceCapability], in header: TraceHeader?) -> String? {
        let can = { (capability: TraceCapability) in header?.can(capability) ?? capability.isImpliedWithoutList }
        guard let missing = requires.first(where: { !can($0) }) else { return nil }
        return "the \(header?.source ?? TraceProducer.runtime.rawValue) source records no \(missing.rawValue)"
    }

    /// This metric of one view as an integer (a count, nanoseconds); nil for a ratio, and when the
    /// view has no such figure (a body-time percentile without timed evaluations, a body-time
    /// total of evaluations none of which is timed: never 0 ns).
    public func integer(of stats: ViewStats) -> Int64? {
        if let counted { return Int64(stats.counts[counted]) }
        return switch self {
        case .bodyTimeTotal: stats.bodyTime.count > 0 || stats.bodyEvals == 0 ? stats.bodyTime.total : nil
        case .bodyTimeP50: stats.bodyTime.count > 0 ? stats.bodyTime.p50 : nil
        case .bodyTimeP95: stats.bodyTime.count > 0 ? stats.bodyTime.p95 : nil
        default: nil
        }
    }

    /// This metric of one view; nil when the view has no such figure (evaluations per write
    /// without writes, a body-time percentile without evaluations).
    public func value(of stats: ViewStats) -> Double? {
        self == .evalsPerWrite ? stats.evalsPerWrite : integer(of: stats).map(Double.init)
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
    /// What the figure is counted in.
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
        _ jsonKey: String, _ column: String?, _ shortName: String, _ title: String, _ label: String, _ budgetName: String?,
        _ unit: Unit, _ merge: Merge, _ requires: [TraceCapability]
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
