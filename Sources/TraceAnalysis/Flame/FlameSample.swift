/// One stack and its weight: the input of a flame graph (a view path and its evaluations).
///
/// A differential sample also carries the baseline's weight of the same stack.
public struct FlameSample: Sendable, Hashable {
    /// Frames from the root: the view path's `/`-separated segments.
    public var frames: [String]
    /// The sample's weight (evaluations, or nanoseconds).
    public var weight: UInt64
    /// The weight of the same stack in the baseline trace; 0 when not comparing.
    public var baseline: UInt64

    /// A sample of `frames` with `weight` (and `baseline` when comparing).
    public init(frames: [String], weight: UInt64, baseline: UInt64 = 0) {
        self.frames = frames
        self.weight = weight
        self.baseline = baseline
    }

    /// The frames of a view path: its segments, split on `/` (empty segments dropped).
    package static func frames(ofView path: String) -> [String] {
        ViewFrames(path).map(String.init)
    }

    /// One sample per view of `summary` with a nonzero weight, in the summary's order.
    public static func samples(of summary: TraceSummary, weight: FlameWeight) -> [FlameSample] {
        summary.views.compactMap { stats in
            let value = weight.value(of: stats)
            return value > 0 ? FlameSample(frames: frames(ofView: stats.view), weight: value) : nil
        }
    }

    /// One differential sample per view of either summary with a weight on either side: `weight` from
    /// `variant`, `baseline` from `base`.
    public static func differentialSamples(
        base: TraceSummary, variant: TraceSummary, weight: FlameWeight
    ) -> [FlameSample] {
        var byView: [String: (base: UInt64, variant: UInt64)] = [:]
        for stats in base.views { byView[stats.view, default: (0, 0)].base += weight.value(of: stats) }
        for stats in variant.views { byView[stats.view, default: (0, 0)].variant += weight.value(of: stats) }
        return byView.keys.sorted().compactMap { view in
            let pair = byView[view]!
            guard pair.base > 0 || pair.variant > 0 else { return nil }
            return FlameSample(frames: frames(ofView: view), weight: pair.variant, baseline: pair.base)
        }
    }
}
