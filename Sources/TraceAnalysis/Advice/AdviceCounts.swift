/// What the root writes of one property led to, per class of update.
struct WriteCounts: Sendable {
    /// The classes: the owner's first evaluation's `changed`, 0 … 14, and 15 or more (or unknown).
    static let classCount = 16

    var rootWrites = 0
    /// Root writes whose chain reached an evaluation, per class.
    var updates = [Int](repeating: 0, count: classCount)
    /// Evaluations in those chains, per class.
    var evals = [Int](repeating: 0, count: classCount)
    /// Those of them with a `dur`, per class.
    var timedEvals = [Int](repeating: 0, count: classCount)
    var bodyTimeNs = [Int64](repeating: 0, count: classCount)

    /// Adds `other`'s counts.
    mutating func add(_ other: WriteCounts) {
        rootWrites += other.rootWrites
        for index in 0..<Self.classCount {
            updates[index] += other.updates[index]
            evals[index] += other.evals[index]
            timedEvals[index] += other.timedEvals[index]
            bodyTimeNs[index] = bodyTimeNs[index].addingSaturated(other.bodyTimeNs[index])
        }
    }
}

/// Evaluations and their body time (or the part of it a pattern is about).
struct EvalCounts: Sendable {
    var evals = 0
    /// Those of `evals` with a `dur` (an Instruments update in flight has none).
    var timedEvals = 0
    /// Saturated at `Int64.max`, as every body-time sum.
    var bodyTimeNs: Int64 = 0
    /// The view values concerned (pattern 6: those an extraction would not rebuild), saturated.
    var viewValues = 0
    /// Each evaluation's share concerned and its body time by that share (pattern 6:
    /// extractable ÷ built), summed exactly.
    var shares = ShareSum()

    /// Adds `other`'s counts.
    mutating func add(_ other: EvalCounts) {
        evals += other.evals
        timedEvals += other.timedEvals
        bodyTimeNs = bodyTimeNs.addingSaturated(other.bodyTimeNs)
        viewValues = viewValues.addingSaturated(other.viewValues)
        shares.add(other.shares)
    }
}

/// The `state-init`s of one state property (of one view path, or of a collapsed one).
struct StateInitCounts: Sendable {
    var inits = 0
    /// Owned state (`State`, `StateObject`, `ViewStorage`) created after the path was unmounted.
    var initsAfterUnmount = 0
    /// Owned state created before the path's first unmount in this range: after an unmount in
    /// an earlier range, they count as `initsAfterUnmount` once the ranges are appended.
    var initsBeforeRangeUnmount = 0
    /// `ObservedObject`s at a path that had one before.
    var repeatInits = 0
    /// The path's first `ObservedObject` in this range (0 or 1): a repeat when an earlier range had one.
    var firstInRange = 0
    /// `ObservedObject`s made for a view already mounted (not by its mount).
    var mountedRecreations = 0
    /// The evaluations right after such a re-creation.
    var forced = EvalCounts()

    /// Adds `other`'s counts.
    mutating func add(_ other: StateInitCounts) {
        inits += other.inits
        initsAfterUnmount += other.initsAfterUnmount
        initsBeforeRangeUnmount += other.initsBeforeRangeUnmount
        repeatInits += other.repeatInits
        firstInRange += other.firstInRange
        mountedRecreations += other.mountedRecreations
        forced.add(other.forced)
    }
}
