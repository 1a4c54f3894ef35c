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
    public enum Measure: String, Sendable, CaseIterable {
        case evals, wasted, skips, time

        /// Whether values are nanoseconds (shown as durations).
        public var isDuration: Bool { self == .time }
    }

    /// `measure` on both sides.
    public subscript(measure: Measure) -> Pair {
        switch measure {
        case .evals: evals
        case .wasted: wasted
        case .skips: skips
        case .time: time
        }
    }

    public var evals: Pair { pair { UInt64(max($0.bodyEvals, 0)) } }
    public var skips: Pair { pair { UInt64(max($0.skips, 0)) } }
    public var wasted: Pair { pair { UInt64(max($0.wastedEvals, 0)) } }
    /// Body time in nanoseconds.
    public var time: Pair { pair { UInt64(max($0.bodyTime.total, 0)) } }

    private func pair(_ measure: (ViewStats) -> UInt64) -> Pair {
        Pair(base: base.map(measure) ?? 0, variant: variant.map(measure) ?? 0)
    }
}
