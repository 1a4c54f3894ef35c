/// A metric counted per view and per interval: what `MetricCounts` stores, one lane each.
///
/// NB: `MetricCounts` has `MetricCounts.capacity` lanes (8); a case past them fails the
/// aggregation tests' capacity test, and the lane subscript traps rather than read past them.
public enum CountedMetric: Int, CaseIterable, Sendable, Hashable {
    case bodyEvals
    case skips
    case wastedEvals
    case invalidations
    case writes
    /// Evaluations (of any view) whose cause chain starts at a write to this view's properties.
    case evalsCausedByWrites
    /// State storage created for the view (`state-init`).
    case stateInits

    /// The metric in the table.
    public var metric: Metric {
        switch self {
        case .bodyEvals: .bodyEvals
        case .skips: .skips
        case .wastedEvals: .wastedEvals
        case .invalidations: .invalidations
        case .writes: .writes
        case .evalsCausedByWrites: .evalsCausedByWrites
        case .stateInits: .stateInits
        }
    }
}

extension Metric {
    /// This metric as a counted one; nil for a ratio or a body time.
    public var counted: CountedMetric? {
        switch self {
        case .bodyEvals: .bodyEvals
        case .skips: .skips
        case .wastedEvals: .wastedEvals
        case .invalidations: .invalidations
        case .writes: .writes
        case .evalsCausedByWrites: .evalsCausedByWrites
        case .stateInits: .stateInits
        case .evalsPerWrite, .bodyTimeTotal, .bodyTimeP50, .bodyTimeP95: nil
        }
    }
}
