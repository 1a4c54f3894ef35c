/// What the cause inference did with one evaluation or skip that records no cause: the named
/// rule that gave it one, or the rule that abstained and why.
///
/// NB: the raw value travels on `ParsedEvent.inference` (0: nothing inferred); rules below 16,
/// abstentions from 16.
package enum InferenceOutcome: UInt8, CaseIterable, Sendable {
    /// Nothing inferred: the event records its cause, is no evaluation or skip, or inference is off.
    case notInferred = 0
    /// *Same update, nested*: the view's path lies under a view evaluated before it in the same
    /// update; the nearest such view is its parent (`inputs-changed`).
    case sameUpdateNested = 1
    /// *Same update, sole root*: no nesting is known, and exactly one evaluation before it in the
    /// same update records a cause; that evaluation is its parent (`inputs-changed`).
    case sameUpdateSoleRoot = 2
    /// Abstained: no evaluation before it in its update records a cause, so the source gives
    /// nothing to start from (a first evaluation, a view SwiftUI re-evaluated on its own).
    case noCauseInUpdate = 16
    /// *Same update, sole root* abstained: several evaluations before it in the update record a
    /// cause, and any of them could be its parent.
    case severalRoots = 17
    /// *Same update, nested* abstained: its nearest evaluated ancestor was evaluated more than
    /// once in the update.
    case twoCandidateParents = 18
    /// *Same update, sole root* abstained: its own view (by name) was written in the update and
    /// the source linked that write to no evaluation of it (the legacy Instruments tables, where
    /// two views share a type name): the write, not a parent, may be its cause.
    case ownViewWritten = 19
    /// *Same update, sole root* abstained: a view of its name was evaluated before it in the
    /// update. A source of flat type names does not tell two views of one name apart, so it may
    /// be a view just made (a new row, a re-mount), whose parent and reason the root's are not.
    case nameEvaluatedInUpdate = 20

    /// The outcomes that give a cause.
    package static let rules: [InferenceOutcome] = [.sameUpdateNested, .sameUpdateSoleRoot]
    /// The outcomes that leave the cause unknown.
    package static let abstentions: [InferenceOutcome] = [.noCauseInUpdate, .severalRoots, .ownViewWritten, .nameEvaluatedInUpdate, .twoCandidateParents]

    /// Whether a rule gave the event a cause.
    package var isInferred: Bool { rawValue > 0 && rawValue < 16 }

    /// The name of the rule that decided: what JSON's `"inferred"` says and the text quotes.
    package var rule: String {
        switch self {
        case .notInferred: ""
        case .sameUpdateNested, .twoCandidateParents: "same-update-nested"
        case .sameUpdateSoleRoot, .severalRoots, .ownViewWritten, .nameEvaluatedInUpdate: "same-update-sole-root"
        case .noCauseInUpdate: "no-cause-in-update"
        }
    }

    /// Why a rule abstained (empty for a rule that inferred).
    package var abstention: String {
        switch self {
        case .notInferred, .sameUpdateNested, .sameUpdateSoleRoot: ""
        case .noCauseInUpdate: "no evaluation of the update records a cause"
        case .severalRoots: "several evaluations of the update record a cause"
        case .ownViewWritten: "its view was written in the update by a write linked to no evaluation"
        case .nameEvaluatedInUpdate: "a view of its name was evaluated before in the update"
        case .twoCandidateParents: "the nearest evaluated ancestor was evaluated twice in the update"
        }
    }
}

extension ParsedEvent {
    /// Whether the event's `cause` was inferred by a rule rather than recorded.
    @inline(__always)
    var hasInferredCause: Bool { inference > 0 && inference < 16 }
}
