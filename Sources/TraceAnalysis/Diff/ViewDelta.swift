/// One view compared across two traces: its statistics on each side (nil where it did not appear).
public struct ViewDelta: Sendable, Hashable {
    public var view: String
    public var base: ViewStats?
    public var variant: ViewStats?

    /// The comparison of `view`.
    public init(view: String, base: ViewStats?, variant: ViewStats?) {
        self.view = view
        self.base = base
        self.variant = variant
    }

    /// Which sides the view appears on.
    public enum Presence: String, Sendable {
        case both
        case baseOnly = "base-only"
        case variantOnly = "variant-only"
    }

    public var presence: Presence { base == nil ? .variantOnly : variant == nil ? .baseOnly : .both }

    /// One measure on both sides.
    public struct Pair: Sendable, Hashable {
        public var base: UInt64
        public var variant: UInt64
        /// `variant - base`.
        public var delta: Int64 { Int64(bitPattern: variant &- base) }
    }

    /// What the comparison measures, in the order the tables show them.
    public static let measures: [Metric] = [.bodyEvals, .wastedEvals, .skips, .bodyTimeTotal]

    /// `metric` (one of `measures`) on both sides.
    public subscript(metric: Metric) -> Pair {
        pair { UInt64(max(metric == .bodyTimeTotal ? $0.bodyTime.total : Int64($0.counts[metric]), 0)) }
    }

    public var evals: Pair { self[.bodyEvals] }
    public var wasted: Pair { self[.wastedEvals] }

    private func pair(_ measure: (ViewStats) -> UInt64) -> Pair {
        Pair(base: base.map(measure) ?? 0, variant: variant.map(measure) ?? 0)
    }
}
