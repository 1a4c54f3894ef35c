import TracerCore

/// The one inference step every reader of causes runs before its own fold: an evaluation or skip
/// without a recorded `cause` is given the cause the trace implies, by a named rule
/// (`InferenceOutcome`), or left without one, the abstaining rule noted on the event.
///
/// **Updates.** An update is the trace's `tx` where events carry one. A trace without `tx` (the
/// SwiftUI adapter's) is cut into updates at each write or mark that follows an evaluation: the
/// adapter records a frame's writes before the bodies they invalidate, and SwiftUI evaluates
/// those bodies (the written view's, then the children it passes new inputs) before the next
/// frame's writes, so the evaluations between two runs of writes belong to the first.
///
/// **Rules**, tried in order, on evaluations before the event in the same update:
/// - *same update, nested*: the event's view path lies under an evaluated view's (`A/B` under
///   `A`): the nearest such view's latest evaluation is the parent; it abstains when that view
///   was evaluated twice in the update.
/// - *same update, sole root*: no ancestor was evaluated (or the names are flat): when exactly one
///   evaluation of the update records a cause, it is the parent; it abstains when none does (the
///   source gives nothing to start from), when several do, when the event's own view was
///   written in the update (a write the source linked to none of that name's evaluations, as the
///   legacy Instruments import leaves one reaching two views of one type name: the write, not a
///   parent, may be its cause), or when its view (by name) was already evaluated in the update:
///   two views of one name, which a source of flat type names does not tell apart, so the second
///   may be a view just made (a row, a re-mount), whose parent is a view between it and the root
///   and whose reason is `initial`, not the root's `inputs-changed`. NB: the first view of a name
///   evaluated in an earlier update is still given the root and `inputs-changed`: a source of
///   flat type names cannot tell it is new (the degrade harness's `selection` re-mounts).
///
/// An inferred evaluation without a `reason` is given `initial` when its view was never evaluated
/// before (its first evaluation), else `inputs-changed`; a recorded link always wins (the event
/// is left as it is).
///
/// NB: a rule reads only events before the one it decides, so a range's inferences equal a
/// one-pass read's except in the range's first update, which may have begun in the range before,
/// and for a view the range had not seen evaluated (an earlier range may have): such an inference
/// is counted as a crossing cause, and the file is then read again on one thread (see
/// `TraceAnalyzer`).
package struct CauseInference {
    /// An evaluation of the current update, a candidate parent.
    private struct Evaluation: BitwiseCopyable {
        var seq: Int64
        var view: ViewID
    }

    /// Whether causes are inferred (`TraceReadOptions.recordedCausesOnly` turns it off).
    let isEnabled: Bool
    /// The reader's ids of `inputs-changed` and `initial`.
    private var inputsChanged: SymbolID = 0
    private var initial: SymbolID = 0
    /// Whether each view id has been evaluated (an evaluation or skip of it read).
    private var evaluated: [Bool] = [false]
    /// The view ids written in the current update, and those evaluated (or skipped) in it.
    private var written = UpdateViews()
    private var evaluatedInUpdate = UpdateViews()
    /// Each view id's name, and whether it has an ancestor segment (a `/` outside `[…]`).
    private var viewNames: [String] = [""]
    private var isNested: [Bool] = [false]
    /// The current update's evaluations with a `seq`, in order.
    private var evaluations: [Evaluation] = []
    /// How many of the current update's evaluations record a cause, and the last one's `seq`.
    private var roots = 0
    private var rootSeq: Int64 = 0
    /// The current update's `tx` (nil before the first event with one).
    private var tx: Int64?
    /// Whether the current update (of a trace without `tx`) has had an evaluation.
    private var updateHasEvaluation = false
    /// Whether the reader reads a range after the first, and whether it is still in the range's
    /// first update.
    private var isTail = false
    private var inFirstUpdate = true
    /// Inferences and abstentions in a later range's first update (see the type's NB).
    package private(set) var crossingInferences = 0

    /// The inference step of what `reader` reads, as its options ask (none: every event as
    /// recorded); interns `inputs-changed` in its table and notes which range it reads.
    package init(_ reader: inout TraceReader) {
        isEnabled = !reader.options.recordedCausesOnly
        guard isEnabled else { return }
        evaluations.reserveCapacity(64)
        inputsChanged = reader.parser.strings.intern("inputs-changed")
        initial = reader.parser.strings.intern("initial")
        isTail = reader.readsLaterRange
    }

    /// Learns the names of the views `reader` interned since the last call.
    @inline(__always)
    package mutating func catchUp(with reader: borrowing TraceReader) {
        guard isEnabled, viewNames.count <= reader.viewCount else { return }
        while viewNames.count <= reader.viewCount {
            let name = reader.viewName(ViewID(viewNames.count))
            viewNames.append(name)
            isNested.append(WhyText.name(name).utf8.count < name.utf8.count)
            evaluated.append(false)
            written.grow()
            evaluatedInUpdate.grow()
        }
    }

    /// Gives `event` its inferred cause (and `reason`), or notes the rule that abstained.
    @inline(__always)
    package mutating func apply(_ event: inout ParsedEvent) {
        guard isEnabled else { return }
        if event.has(.tx) {
            if let tx, tx != event.tx { startUpdate() }
            tx = event.tx
        } else if tx == nil && updateHasEvaluation && (event.kind == .write || event.kind == .mark) {
            startUpdate()
        }
        if event.kind == .write { written.insert(event.view) }
        guard event.kind == .bodyEval || event.kind == .skip else { return }
        let isEvaluation = event.kind == .bodyEval
        if isEvaluation { updateHasEvaluation = true }
        let wasEvaluated = Int(event.view) < evaluated.count && evaluated[Int(event.view)]
        if Int(event.view) < evaluated.count { evaluated[Int(event.view)] = true }
        let wasEvaluatedInUpdate = evaluatedInUpdate.contains(event.view)
        evaluatedInUpdate.insert(event.view)
        if event.has(.cause) {
            if isEvaluation {
                roots += 1
                rootSeq = event.seq
                note(event)
            }
            return
        }
        let (outcome, parent) = infer(event.view, evaluatedInUpdate: wasEvaluatedInUpdate)
        if isTail && (inFirstUpdate || !wasEvaluated) { crossingInferences += 1 }
        event.inference = outcome.rawValue
        if outcome.isInferred {
            event.cause = parent
            event.fields.insert(TraceField.cause.bit)
            if isEvaluation && !event.has(.reason) {
                event.reason = wasEvaluated ? inputsChanged : initial
                event.fields.insert(TraceField.reason.bit)
            }
        }
        if isEvaluation { note(event) }
    }

    /// The rule's outcome for an evaluation of `view` (`evaluatedInUpdate`: one of its name was
    /// evaluated before in the update), and the parent's `seq` when it inferred one.
    private func infer(_ view: ViewID, evaluatedInUpdate: Bool) -> (InferenceOutcome, Int64) {
        if Int(view) < isNested.count && isNested[Int(view)] {
            let name = viewNames[Int(view)].utf8
            var nearest: (seq: Int64, view: ViewID, length: Int)?
            var candidates = 0
            for candidate in evaluations.reversed() where candidate.view != view {
                let ancestor = viewNames[Int(candidate.view)].utf8
                guard ancestor.count < name.count, ancestor.count >= (nearest?.length ?? 0),
                    name.starts(with: ancestor), name[name.index(name.startIndex, offsetBy: ancestor.count)] == UInt8(ascii: "/")
                else { continue }
                if candidate.view == nearest?.view {
                    candidates += 1
                } else if ancestor.count > (nearest?.length ?? 0) {
                    (nearest, candidates) = ((candidate.seq, candidate.view, ancestor.count), 1)
                }
            }
            if let nearest { return candidates > 1 ? (.twoCandidateParents, 0) : (.sameUpdateNested, nearest.seq) }
        }
        switch roots {
        case 0: return (.noCauseInUpdate, 0)
        case 1 where written.contains(view): return (.ownViewWritten, 0)
        case 1 where evaluatedInUpdate: return (.nameEvaluatedInUpdate, 0)
        case 1: return (.sameUpdateSoleRoot, rootSeq)
        default: return (.severalRoots, 0)
        }
    }

    /// Keeps an evaluation of the current update as a candidate parent.
    @inline(__always)
    private mutating func note(_ event: borrowing ParsedEvent) {
        guard event.has(.seq) else { return }
        evaluations.append(Evaluation(seq: event.seq, view: event.view))
    }

    /// Forgets the update that ended.
    private mutating func startUpdate() {
        evaluations.removeAll(keepingCapacity: true)
        written.clear()
        evaluatedInUpdate.clear()
        (roots, rootSeq, updateHasEvaluation, inFirstUpdate) = (0, 0, false, false)
    }
}

/// A set of view ids of the current update: a flag per id, and the ids set (to clear).
private struct UpdateViews {
    private var flags: [Bool] = [false]
    private var members: [ViewID] = []

    /// Makes room for the next view id.
    mutating func grow() { flags.append(false) }

    /// Whether `view` is in the set (false for an id not yet grown to).
    func contains(_ view: ViewID) -> Bool { Int(view) < flags.count && flags[Int(view)] }

    /// Adds `view` (an id not yet grown to is left out).
    mutating func insert(_ view: ViewID) {
        guard Int(view) < flags.count, !flags[Int(view)] else { return }
        flags[Int(view)] = true
        members.append(view)
    }

    /// Empties the set, keeping its room.
    mutating func clear() {
        for view in members { flags[Int(view)] = false }
        members.removeAll(keepingCapacity: true)
    }
}

extension CauseInference {
    /// Reads every event of `reader` through the inference step into `add`; returns the
    /// inferences that may continue an earlier range's update (`crossingInferences`), for the
    /// partial's crossing causes.
    @inline(__always)
    static func read(_ reader: inout TraceReader, into add: (inout ParsedEvent) -> Void) throws(TraceError) -> Int {
        var inference = CauseInference(&reader)
        while try reader.advance() {
            inference.catchUp(with: reader)
            reader.withCurrent { event in
                inference.apply(&event)
                add(&event)
            }
        }
        return inference.crossingInferences
    }
}
