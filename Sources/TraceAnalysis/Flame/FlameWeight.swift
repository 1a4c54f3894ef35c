/// What a flame graph's widths measure.
public enum FlameWeight: String, Sendable, CaseIterable {
    /// Body evaluations.
    case evals
    /// Time spent in bodies, in nanoseconds.
    case time
    /// Wasted body evaluations (`changed: 0`).
    case wasted

    /// The metric the widths measure.
    public var metric: Metric {
        switch self {
        case .evals: .bodyEvals
        case .time: .bodyTimeTotal
        case .wasted: .wastedEvals
        }
    }

    /// The weight of one view.
    public func value(of stats: ViewStats) -> UInt64 { UInt64(max(metric.value(of: stats) ?? 0, 0)) }

    /// The unit shown next to a weight (`evals`, `ns`, `wasted evals`).
    public var unit: String {
        switch self {
        case .evals: "evals"
        case .time: "ns"
        case .wasted: "wasted evals"
        }
    }
}
