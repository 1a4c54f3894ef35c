/// One view compared across two traces: its statistics on each side (nil where it did not appear).
public struct ViewDelta: Sendable, Hashable {
    /// The view path.
    public var view: String
    /// The view in the base; nil when the base lacks it.
    public var base: ViewStats?
    /// The view in the variant; nil when the variant lacks it.
    public var variant: ViewStats?

    /// The comparison of `view`.
    package init(view: String, base: ViewStats?, variant: ViewStats?) {
        self.view = view
        self.base = base
        self.variant = variant
    }

    /// Which sides the view appears on.
    public enum Presence: String, Sendable {
        /// In both traces.
        case both
        /// In the base only.
        case baseOnly = "base-only"
        /// In the variant only.
        case variantOnly = "variant-only"
    }

    /// Which traces have the view.
    public var presence: Presence { base == nil ? .variantOnly : variant == nil ? .baseOnly : .both }

    /// One measure on both sides.
    public struct Pair: Sendable, Hashable {
        /// The base's figure.
        public var base: UInt64
        /// The variant's figure.
        public var variant: UInt64
        /// `variant - base`.
        public var delta: Int64 { Int64(bitPattern: variant &- base) }
    }

    /// What the comparison measures, in the order the tables show them.
    package static let measures: [Metric] = [.bodyEvals, .wastedEvals, .skips, .bodyTimeTotal]

    /// `metric` on both sides (0 on a side without the view); nil for a figure that is not a sum
    /// (a ratio, a percentile), whose difference says nothing.
    public subscript(metric: Metric) -> Pair? {
        guard metric.definition.merge == .sum else { return nil }
        return pair { UInt64(max(metric.integer(of: $0) ?? 0, 0)) }
    }

    /// Whether `metric` is a body time a side has evaluations of and none timed: that side has no
    /// figure (`-`, `null`), never 0 ns, and the pair no difference.
    func untimed(_ metric: Metric) -> (base: Bool, variant: Bool) {
        guard metric.definition.unit == .nanoseconds else { return (false, false) }
        let untimed = { (stats: ViewStats?) in stats.map { $0.bodyTime.count == 0 && $0.bodyEvals > 0 } ?? false }
        return (untimed(base), untimed(variant))
    }

    /// Body evaluations on either side.
    public var evals: Pair { pair { UInt64($0.bodyEvals) } }
    /// Wasted evaluations on either side.
    public var wasted: Pair { pair { UInt64($0.wastedEvals) } }

    private func pair(_ measure: (ViewStats) -> UInt64) -> Pair {
        Pair(base: base.map(measure) ?? 0, variant: variant.map(measure) ?? 0)
    }
}
