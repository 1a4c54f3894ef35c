/// What a flame graph's widths measure.
public enum FlameWeight: String, Sendable, CaseIterable {
    /// Body evaluations.
    case evals
    /// Time spent in bodies, in nanoseconds.
    case time
    /// Wasted body evaluations (`changed: 0`).
    case wasted

    /// The weight of one view.
    public func value(of stats: ViewStats) -> UInt64 {
        switch self {
        case .evals: UInt64(max(stats.bodyEvals, 0))
        case .time: UInt64(max(stats.bodyTime.total, 0))
        case .wasted: UInt64(max(stats.wastedEvals, 0))
        }
    }

    /// The unit shown next to a weight (`evals`, `ns`, `wasted evals`).
    public var unit: String {
        switch self {
        case .evals: "evals"
        case .time: "ns"
        case .wasted: "wasted evals"
        }
    }
}
