import TracerCore

extension AdvicePartial {
    /// The fewest root writes of a property for it to count as written at a high frequency.
    static let highFrequencyWrites = 10

    /// Every finding of the patterns in `patterns`, unranked, each with its property's place in
    /// the order of first writes; body time estimated by `time`.
    func findings(patterns: Set<AdvicePattern>, time: BodyTimeEstimate) -> [AdviceFinding] {
        var found: [AdviceFinding] = []
        if patterns.contains(.highFrequencyWrite) { found += highFrequencyWrites(time) }
        if patterns.contains(.wastedChildEvaluations) { found += viewFindings(.wastedChildEvaluations, from: evaluations[.wasted], time) }
        if patterns.contains(.broadObservation) { found += viewFindings(.broadObservation, from: evaluations[.observed], time) }
        if patterns.contains(.extractSubviews) { found += extractions(time) }
        if patterns.contains(.inlineViewModel) { found += inlineViewModels(time) }
        if patterns.contains(.stateLostInLazyContainer) { found += lostStates(time) }
        for index in found.indices {
            let property = WriteOrigin.Property(view: found[index].view, prop: found[index].prop, wrapper: found[index].wrapper)
            found[index].firstWrite = firstWrites[property] ?? Int.max
        }
        return found
    }

    /// Pattern 1, per written property.
    private func highFrequencyWrites(_ time: BodyTimeEstimate) -> [AdviceFinding] {
        writes.compactMap { property, tally -> AdviceFinding? in
            guard let (origin, updates) = frequentWrite(property, tally), let least = tally.updates.firstIndex(where: { $0 > 0 }) else { return nil }
            let evals = tally.evals.reduce(0, +)
            let needed = tally.evals[(least + 1)...].reduce(0, +)
            let neededUpdates = tally.updates[(least + 1)...].reduce(0, +)
            let savedTime = tally.bodyTimeNs[...least].reduce(Int64(0)) { $0.addingSaturated($1) }
            let (saved, timed) = (evals - needed, tally.timedEvals[...least].reduce(0, +))
            // NB: "mostly": when most updates change the owner's output more, a derived value
            // would not save much and the property is not what the pattern is about.
            guard evals > needed, 2 * neededUpdates <= updates else { return nil }
            return AdviceFinding(
                pattern: .highFrequencyWrite, view: origin.view, prop: origin.prop, wrapper: origin.wrapper, site: origin.site,
                evidence: [
                    AdviceEvidence("writes", tally.rootWrites), AdviceEvidence("updatesWithEvaluations", updates),
                    AdviceEvidence("evaluationsCaused", evals), AdviceEvidence("updatesChangingMore", neededUpdates),
                ],
                savings: EstimatedSavings(bodyEvals: saved, bodyTimeNs: time.of(savedTime, evals: saved, timed: timed), stateRecreations: 0),
                estimate: "\(evals) evaluations caused − \(needed) in the \(neededUpdates) updates where \(origin.view)'s output "
                    + "changed more than its least (changed > \(least)) = \(saved)" + time.note(evals: saved, timed: timed))
        }
    }

    /// The origin of `property` and its updates with evaluations when it is written at a high
    /// frequency: not `@ViewStorage`, at least `highFrequencyWrites` root writes, most of them
    /// leading to evaluations; nil otherwise.
    func frequentWrite(_ property: WriteOrigin.Property, _ tally: WriteCounts) -> (origin: WriteOrigin, updates: Int)? {
        let origin = origin(property)
        let updates = tally.updates.reduce(0, +)
        // NB: a write from outside the graph (a lazy stack's `viewport`) is not a property the app could move.
        guard origin.wrapper != WrapperKind.viewStorage.name, origin.wrapper != WrapperKind.external.name,
            tally.rootWrites >= Self.highFrequencyWrites, 2 * updates >= tally.rootWrites
        else { return nil }
        return (origin, updates)
    }

    /// Patterns 2 and 5, per (origin, view[, parent]).
    private func viewFindings(
        _ pattern: AdvicePattern, from counts: [ViewKey: EvalCounts], _ time: BodyTimeEstimate
    ) -> [AdviceFinding] {
        counts.map { key, counts in
            let origin = origin(key.origin)
            let estimate = pattern == .wastedChildEvaluations
                ? "\(counts.evals) evaluations of \(key.view) with unchanged output after \(key.parent) passed new inputs"
                : "\(counts.evals) evaluations of \(key.view) with unchanged output after \(origin.prop) changed"
            return AdviceFinding(
                pattern: pattern, view: origin.view, prop: origin.prop, wrapper: origin.wrapper, site: origin.site,
                relatedView: key.view,
                evidence: [AdviceEvidence("unchangedEvaluations", counts.evals)],
                savings: EstimatedSavings(bodyEvals: counts.evals, bodyTimeNs: time.of(counts), stateRecreations: 0),
                estimate: estimate + time.note(counts))
        }
    }

    /// Pattern 6, per (origin, evaluated view).
    private func extractions(_ time: BodyTimeEstimate) -> [AdviceFinding] {
        evaluations[.extractable].map { key, counts in
            let origin = origin(key.origin)
            let (equivalents, charged) = (counts.shares.evaluations, counts.shares.bodyTimeNs)
            return AdviceFinding(
                pattern: .extractSubviews, view: origin.view, prop: origin.prop, wrapper: origin.wrapper,
                site: origin.site, relatedView: key.view == origin.view ? nil : key.view,
                evidence: [AdviceEvidence("evaluationsRebuildingLeaves", counts.evals), AdviceEvidence("extractableValues", counts.viewValues)],
                savings: EstimatedSavings(
                    bodyEvals: 0, bodyTimeNs: time.of(charged, evals: counts.evals, timed: counts.timedEvals), stateRecreations: 0,
                    viewValues: counts.viewValues, evaluationEquivalents: equivalents),
                estimate: "\(counts.viewValues) view values in unchanged leaf content that \(key.view)'s body rebuilt in "
                    + "\(counts.evals) evaluations after \(origin.prop) changed, each charged its share of the body's time "
                    + "(extractable ÷ built), as much as \(equivalents) evaluations" + time.note(counts))
        }
    }

    /// Pattern 3: `ObservedObject`s made again for a view already mounted.
    private func inlineViewModels(_ time: BodyTimeEstimate) -> [AdviceFinding] {
        states.compactMap { state, tally -> AdviceFinding? in
            guard state.wrapper == WrapperKind.observedObject.name, tally.mountedRecreations > 0 else { return nil }
            return AdviceFinding(
                pattern: .inlineViewModel, view: state.view, prop: state.prop, wrapper: state.wrapper, site: state.site,
                evidence: [
                    AdviceEvidence("stateInits", tally.inits), AdviceEvidence("madeWhileMounted", tally.mountedRecreations),
                    AdviceEvidence("repeatedAtSamePath", tally.repeatInits), AdviceEvidence("evaluationsCaused", tally.forced.evals),
                ],
                savings: EstimatedSavings(bodyEvals: tally.forced.evals, bodyTimeNs: time.of(tally.forced), stateRecreations: tally.repeatInits),
                estimate: "\(tally.repeatInits) re-creations (state-inits at a path that had one before); "
                    + "\(tally.forced.evals) evaluations of \(state.view) forced by the \(tally.mountedRecreations) made while it was mounted"
                    + time.note(tally.forced))
        }
    }

    /// Pattern 4: owned state created again after its view was unmounted.
    private func lostStates(_ time: BodyTimeEstimate) -> [AdviceFinding] {
        states.compactMap { state, tally -> AdviceFinding? in
            guard tally.initsAfterUnmount > 0 else { return nil }
            return AdviceFinding(
                pattern: .stateLostInLazyContainer, view: state.view, prop: state.prop, wrapper: state.wrapper, site: state.site,
                evidence: [AdviceEvidence("stateInits", tally.inits), AdviceEvidence("initsAfterUnmount", tally.initsAfterUnmount)],
                savings: EstimatedSavings(bodyEvals: 0, bodyTimeNs: time.of(EvalCounts()), stateRecreations: tally.initsAfterUnmount),
                estimate: "\(tally.initsAfterUnmount) state-inits of \(state.prop) at a path after it was unmounted")
        }
    }
}

/// How a finding's body time is estimated from the evaluations it counts, some of which may have
/// no duration (Instruments updates in flight when recording stopped): never as 0 ns.
struct BodyTimeEstimate {
    /// Whether the trace has durations at all (`dur` among its capabilities).
    var hasDurations: Bool

    /// The body time of `evals` evaluations, `timed` of which took `ns` in all: scaled up from the
    /// timed ones when some have no duration (rounded as every share, `ShareSum.roundedSum`, and
    /// saturated), nil when none has one (or the trace has none).
    func of(_ ns: Int64, evals: Int, timed: Int) -> Int64? {
        guard hasDurations else { return nil }
        guard timed < evals else { return ns }
        guard timed > 0 else { return nil }
        return Int64(clamping: ShareSum.roundedSum([(UInt128(ns) * UInt128(evals), UInt64(timed))]))
    }

    /// The body time of `counts`.
    func of(_ counts: EvalCounts) -> Int64? { of(counts.bodyTimeNs, evals: counts.evals, timed: counts.timedEvals) }

    /// What an estimate's text adds when some of `evals` have no duration (empty otherwise).
    func note(evals: Int, timed: Int) -> String {
        guard hasDurations && timed < evals else { return "" }
        return timed == 0
            ? "; body time -: the \(evals) evaluations without dur"
            : "; body time scaled from the \(timed) of \(evals) evaluations with a dur (\(evals - timed) without dur)"
    }

    /// What the estimate of `counts` adds.
    func note(_ counts: EvalCounts) -> String { note(evals: counts.evals, timed: counts.timedEvals) }
}
