/// A path's figures as the fold keeps them: fixed size and plain bits, so that a trace of a
/// million paths costs no allocation per path (`WhyFigures`, with its list of examples, is made
/// only for the paths shown).
struct WhyCounts: BitwiseCopyable {
    var evals = 0
    /// Evaluations on this path counted in `evals` on another: their first cause's (see `WhyFigures.shared`).
    var shared = 0
    var wasted = 0
    var skips = 0
    var bodyTimeNs: Int64 = 0
    /// Evaluations with a `dur`: those `bodyTimeNs` sums.
    var timedEvals = 0
    /// The least and greatest `ts` (meaningful only when `hasTs`).
    var firstTs: Int64 = 0
    var lastTs: Int64 = 0
    var hasTs = false
    /// The first `seq`s, ascending: `exampleCount` of them (at most `WhyFigures.exampleLimit`).
    private var examples: (Int64, Int64, Int64) = (0, 0, 0)
    private(set) var exampleCount = 0

    /// Nothing counted.
    init() {}

    /// Whether an evaluation or a skip was counted.
    var isCounted: Bool { evals > 0 || skips > 0 || shared > 0 }

    /// The least `seq` counted (nil when no event had one): the path's first event.
    var firstSeq: Int64? { exampleCount > 0 ? examples.0 : nil }

    /// Example `index` (below `exampleCount`).
    func example(_ index: Int) -> Int64 {
        switch index {
        case 0: examples.0
        case 1: examples.1
        default: examples.2
        }
    }

    /// Appends `seq` to the examples, which it must follow.
    private mutating func appendExample(_ seq: Int64) {
        switch exampleCount {
        case 0: examples.0 = seq
        case 1: examples.1 = seq
        default: examples.2 = seq
        }
        exampleCount += 1
    }

    /// Notes the event at `seq` and `ts` (nil when it has none).
    @inline(__always)
    mutating func note(seq: Int64?, ts: Int64?) {
        if let ts {
            (firstTs, lastTs) = hasTs ? (min(firstTs, ts), max(lastTs, ts)) : (ts, ts)
            hasTs = true
        }
        if let seq, exampleCount < WhyFigures.exampleLimit, exampleCount == 0 || example(exampleCount - 1) < seq { appendExample(seq) }
    }

    /// Adds `other`'s counts (any order gives the same sum: integer counts, saturating body time,
    /// least and greatest times, the least `seq`s).
    mutating func add(_ other: WhyCounts) {
        evals += other.evals
        shared += other.shared
        wasted += other.wasted
        skips += other.skips
        bodyTimeNs = bodyTimeNs.addingSaturated(other.bodyTimeNs)
        timedEvals += other.timedEvals
        if other.hasTs {
            (firstTs, lastTs) = hasTs ? (min(firstTs, other.firstTs), max(lastTs, other.lastTs)) : (other.firstTs, other.lastTs)
            hasTs = true
        }
        // NB: both lists ascend without repeats; the merge keeps the least `exampleLimit` (none of
        // `other`'s when this list is full of lesser ones, as when a view's paths are summed).
        if exampleCount == WhyFigures.exampleLimit && (other.exampleCount == 0 || other.example(0) > example(exampleCount - 1)) { return }
        var merged = WhyCounts()
        var (mine, theirs) = (0, 0)
        while merged.exampleCount < WhyFigures.exampleLimit && (mine < exampleCount || theirs < other.exampleCount) {
            let next: Int64
            if theirs == other.exampleCount || (mine < exampleCount && example(mine) <= other.example(theirs)) {
                next = example(mine)
                mine += 1
                if theirs < other.exampleCount && other.example(theirs) == next { theirs += 1 }
            } else {
                next = other.example(theirs)
                theirs += 1
            }
            merged.appendExample(next)
        }
        (examples, exampleCount) = (merged.examples, merged.exampleCount)
    }

    /// The figures `why` shows.
    var figures: WhyFigures {
        var figures = WhyFigures()
        (figures.evals, figures.wasted, figures.skips, figures.bodyTimeNs, figures.timedEvals) = (evals, wasted, skips, bodyTimeNs, timedEvals)
        figures.shared = shared
        if hasTs { (figures.firstTs, figures.lastTs) = (firstTs, lastTs) }
        figures.examples = (0..<exampleCount).map(example)
        return figures
    }
}
