/// Where a cause path starts: what set off the chain that ended in a view's evaluation.
public enum WhyRoot: Sendable, Hashable {
    /// A write of `view.prop` kept in `wrapper`, declared at `site`, `changes` saying what changed
    /// (each empty when the write did not say): a property is its view, name and wrapper, `site`
    /// the one its first such write gave (a declaration has one), and writes that say different
    /// `changes` are different roots.
    case write(view: String, prop: String, wrapper: String, site: String, changes: String)
    /// The mount of `view`: an initial evaluation, or one after an identity change.
    case mount(view: String)
    /// A cause the trace does not record, or one too far back to follow: never guessed.
    case unknown
}

/// One step of a cause path, from its root down to the evaluated view.
public struct WhyHop: Sendable, Hashable {
    /// What happened at the step.
    public enum Kind: String, Sendable, Hashable {
        /// A body evaluation, with its `reason`.
        case evaluation = "body-eval"
        /// A skipped evaluation (equal inputs), with its `reason`.
        case skip
        /// A write the chain caused (an environment key, derived state), `detail` is `prop (wrapper)`.
        case write
        /// A mount the chain caused (a parent's evaluation made a new identity).
        case mount
    }

    /// What the step is.
    public var kind: Kind
    /// The view of the step.
    public var view: String
    /// The reason of an evaluation or skip (`state`, `inputs-changed`, …; empty when it gave
    /// none); a write's property, then its wrapper in parentheses.
    public var detail: String
    /// The rule that inferred the step's cause, for an evaluation or skip whose source records
    /// none; nil for a recorded link.
    public var inferred: String?
    /// For an `inputs-changed` evaluation whose source records them: the view's properties that
    /// differed from its previous value; empty when not recorded.
    public var inputs: [String]

    /// A step of `kind` at `view`, its cause recorded or inferred by the rule `inferred`, with the
    /// `inputs` that differed.
    package init(kind: Kind, view: String, detail: String, inferred: String? = nil, inputs: [String] = []) {
        (self.kind, self.view, self.detail, self.inferred, self.inputs) = (kind, view, detail, inferred, inputs)
    }
}

/// A cause path: its root and each step down to the evaluated view (the last step).
public struct WhyPathKey: Sendable, Hashable {
    /// Where the path starts.
    public var root: WhyRoot
    /// The steps down to the evaluated view.
    public var hops: [WhyHop]

    /// The path from `root` through `hops`.
    package init(root: WhyRoot, hops: [WhyHop]) {
        (self.root, self.hops) = (root, hops)
    }
}

/// What happened along one cause path: counts, body time, times and example `seq`s.
public struct WhyFigures: Sendable, Hashable {
    /// How many example `seq`s a path keeps: the first ones in trace order.
    public static let exampleLimit = 3

    /// Evaluations along the path: each evaluation counts on the path of its first cause only, so
    /// the paths' `evals` add up to the view's evaluations.
    public var evals = 0
    /// Evaluations with several causes (`causes`) that this path is one of, counted in `evals` on
    /// their first cause's path: each shows once on each of its paths.
    public var shared = 0
    /// Evaluations whose output did not change (`changed` 0).
    public var wasted = 0
    /// Skips along the path.
    public var skips = 0
    /// Body time of the evaluations with a duration, saturating at `Int64.max`.
    public var bodyTimeNs: Int64 = 0
    /// Evaluations with a duration (`bodyTimeNs` is theirs; none timed: no body time, never 0 ns).
    public var timedEvals = 0
    /// The earliest and latest `ts` of the path's evaluations and skips (nil without `ts`).
    public var firstTs: Int64?
    /// The latest `ts` of the path's evaluations and skips (nil without `ts`).
    public var lastTs: Int64?
    /// The first `seq`s of the path's evaluations and skips, ascending, at most `exampleLimit`.
    public var examples: [Int64] = []

    /// No events yet.
    package init() {}
}

/// One cause path of a view and what happened along it.
public struct WhyPath: Sendable, Hashable {
    /// The path.
    public var key: WhyPathKey
    /// What happened along it.
    public var figures: WhyFigures
    /// The values of the root writes of the path's evaluations (empty when none carried any).
    public var values: WhyValues
    /// The values of the writes the chain caused, by their index in `key.hops` (none when no such
    /// write carried any).
    public var stepValues: [Int: WhyValues] = [:]
}

/// A view matched by the glob: its evaluations grouped by cause path, most evaluations first.
public struct WhyView: Sendable, Hashable {
    /// The view path.
    public var view: String
    /// The paths shown: the first ones by evaluations, then skips, descending, ties by the path's
    /// first event (its least `seq`), earliest first; every path unless a limit was asked for.
    public var paths: [WhyPath]
    /// How many paths the view has, shown or not.
    public var pathCount: Int
    /// The sum of the paths' figures: the view's evaluations, wasted evaluations, skips, body time.
    public var total: WhyFigures
    /// The sum of the paths left out of `paths` (nil when none were).
    public var omitted: WhyOmitted?
    /// How its evaluations without a recorded cause fared: inferred by a rule, or left unknown.
    public var inference: WhyInference
    /// Its first evaluations in trace order, each with its path, time and values (`why --list`;
    /// nil when no list was asked for); `total.evals` less their number were left out.
    public var evaluations: [WhyEvaluation]?
}

/// One evaluation of a view, as `why --list` shows it: its cause path, body time and the values
/// of the writes on its path.
public struct WhyEvaluation: Sendable, Hashable {
    /// The evaluation's `seq` (nil without one).
    public var seq: Int64?
    /// Its `ts` (nil without one).
    public var ts: Int64?
    /// Its body time, its `dur` (nil when the evaluation is untimed: never 0 for unknown).
    public var bodyTimeNs: Int64?
    /// Its cause path.
    public var key: WhyPathKey
    /// The value of its path's root write, counted once (empty when it carried none).
    public var values: WhyValues
    /// The values of the writes its chain caused, by their index in `key.hops`.
    public var stepValues: [Int: WhyValues]
}

/// How a view's evaluations without a recorded cause fared: counted by the rule that inferred
/// their path, or left unknown (by the rule that abstained, or because the source gives nothing
/// to start from), each apart, never dressed as a cause.
public struct WhyInference: Sendable, Hashable {
    /// Evaluations whose path has an inferred step, by the rule of the step nearest them.
    public var inferred: [String: Int] = [:]
    /// Evaluations left unknown because a rule abstained, by `rule: why`.
    public var abstained: [String: Int] = [:]
    /// Evaluations left unknown because no evaluation of their update records a cause: the
    /// source gives none to start from (a first evaluation, a view re-evaluated on its own).
    public var noCause = 0

    /// Nothing counted.
    package init() {}

    /// Whether anything was inferred or left unknown by the inference.
    public var isEmpty: Bool { inferred.isEmpty && abstained.isEmpty && noCause == 0 }

    /// Counts `count` evaluations of `outcome`.
    mutating func add(_ count: Int, _ outcome: InferenceOutcome) {
        if outcome.isInferred {
            inferred[outcome.rule, default: 0] += count
        } else if outcome == .noCauseInUpdate {
            noCause += count
        } else if outcome != .notInferred {
            abstained["\(outcome.rule): \(outcome.abstention)", default: 0] += count
        }
    }

    /// This tally and `other`'s, added (integer sums: any order gives the same).
    func adding(_ other: WhyInference) -> WhyInference {
        var sum = self
        sum.inferred.merge(other.inferred, uniquingKeysWith: +)
        sum.abstained.merge(other.abstained, uniquingKeysWith: +)
        sum.noCause += other.noCause
        return sum
    }
}

/// The paths of a view that a limit left out, summed.
public struct WhyOmitted: Sendable, Hashable {
    /// How many paths were left out.
    public var paths: Int
    /// The sum of their figures.
    public var figures: WhyFigures
}

/// What a trace's source lets `why` show.
public struct WhyAvailability: Sendable, Hashable {
    /// Whether the source records `cause` (else every path is `n/a`).
    public var causes: Bool
    /// Whether it records `changed` on evaluations (else wasted is `n/a`).
    public var wasted: Bool
    /// Whether it records `dur` (else body time is `n/a`).
    public var bodyTime: Bool
    /// Whether it records skips (else skips are `n/a`).
    public var skips: Bool
    /// Whether it recorded values (the header lists `values`; else nothing is said of them).
    public var values: Bool
}

/// The answer of `tracectl why`: each matching view's cause paths.
public struct WhyResult: Sendable, Hashable {
    /// The trace, as given.
    public var file: String
    /// The view glob asked about.
    public var glob: String
    /// The header's `source` (nil for a runtime trace, which does not say).
    public var source: String?
    /// What the source lets `why` show.
    public var availability: WhyAvailability
    /// The matching views, by name.
    public var views: [WhyView]
    /// When no view matched: up to five view paths that come close to the glob.
    public var nearMatches: [String]
    /// Warnings of the read (cut-off lines, skipped lines), for standard error.
    public var warnings: [String]
}
