import TracerCore

extension AdvicePartial {
    /// The fewest root writes of a property for it to count as written at a high frequency.
    static let highFrequencyWrites = 10

    /// Every finding of the patterns in `patterns`, unranked; body time only `hasDurations`.
    func findings(patterns: Set<AdvicePattern>, hasDurations: Bool) -> [AdviceFinding] {
        let time: (Int64) -> Int64? = { hasDurations ? $0 : nil }
        var found: [AdviceFinding] = []
        if patterns.contains(.highFrequencyWrite) { found += highFrequencyWrites(time) }
        if patterns.contains(.wastedChildEvaluations) { found += viewFindings(.wastedChildEvaluations, from: evaluations[.wasted], time) }
        if patterns.contains(.broadObservation) { found += viewFindings(.broadObservation, from: evaluations[.observed], time) }
        if patterns.contains(.extractSubviews) { found += extractions(time) }
        if patterns.contains(.inlineViewModel) { found += inlineViewModels(time) }
        if patterns.contains(.stateLostInLazyContainer) { found += lostStates(time) }
        return found
    }

    /// Pattern 1, per written property.
    private func highFrequencyWrites(_ time: (Int64) -> Int64?) -> [AdviceFinding] {
        writes.compactMap { origin, tally -> AdviceFinding? in
            let updates = tally.updates.reduce(0, +)
            guard origin.wrapper != WrapperKind.viewStorage.name, tally.rootWrites >= Self.highFrequencyWrites,
                2 * updates >= tally.rootWrites, let least = tally.updates.firstIndex(where: { $0 > 0 })
            else { return nil }
            let evals = tally.evals.reduce(0, +)
            let needed = tally.evals[(least + 1)...].reduce(0, +)
            let neededUpdates = tally.updates[(least + 1)...].reduce(0, +)
            let savedTime = tally.bodyTimeNs[...least].reduce(0, +)
            // NB: "mostly": when most updates change the owner's output more, a derived value
            // would not save much and the property is not what the pattern is about.
            guard evals > needed, 2 * neededUpdates <= updates else { return nil }
            return AdviceFinding(
                pattern: .highFrequencyWrite, view: origin.view, prop: origin.prop, wrapper: origin.wrapper, site: origin.site,
                evidence: [
                    AdviceEvidence("writes", tally.rootWrites), AdviceEvidence("updatesWithEvaluations", updates),
                    AdviceEvidence("evaluationsCaused", evals), AdviceEvidence("updatesChangingMore", neededUpdates),
                ],
                savings: EstimatedSavings(bodyEvals: evals - needed, bodyTimeNs: time(savedTime), stateRecreations: 0),
                estimate: "\(evals) evaluations caused − \(needed) in the \(neededUpdates) updates where \(origin.view)'s output "
                    + "changed more than its least (changed > \(least)) = \(evals - needed)")
        }
    }

    /// Patterns 2 and 5, per (origin, view[, parent]).
    private func viewFindings(
        _ pattern: AdvicePattern, from counts: [ViewKey: EvalCount], _ time: (Int64) -> Int64?
    ) -> [AdviceFinding] {
        counts.map { key, counts in
            let estimate = pattern == .wastedChildEvaluations
                ? "\(counts.evals) evaluations of \(key.view) with unchanged output after \(key.parent) passed new inputs"
                : "\(counts.evals) evaluations of \(key.view) with unchanged output after \(key.origin.prop) changed"
            return AdviceFinding(
                pattern: pattern, view: key.origin.view, prop: key.origin.prop, wrapper: key.origin.wrapper,
                site: key.origin.site, relatedView: key.view,
                evidence: [AdviceEvidence("unchangedEvaluations", counts.evals)],
                savings: EstimatedSavings(bodyEvals: counts.evals, bodyTimeNs: time(counts.bodyTimeNs), stateRecreations: 0),
                estimate: estimate)
        }
    }

    /// Pattern 6, per (origin, evaluated view).
    private func extractions(_ time: (Int64) -> Int64?) -> [AdviceFinding] {
        evaluations[.extractable].map { key, counts in
            let equivalents = Int(counts.evaluationShare.rounded())
            return AdviceFinding(
                pattern: .extractSubviews, view: key.origin.view, prop: key.origin.prop, wrapper: key.origin.wrapper,
                site: key.origin.site, relatedView: key.view == key.origin.view ? nil : key.view,
                evidence: [AdviceEvidence("evaluationsRebuildingLeaves", counts.evals), AdviceEvidence("extractableValues", counts.viewValues)],
                savings: EstimatedSavings(
                    bodyEvals: 0, bodyTimeNs: time(counts.bodyTimeNs), stateRecreations: 0,
                    viewValues: counts.viewValues, evaluationEquivalents: equivalents),
                estimate: "\(counts.viewValues) view values in unchanged leaf content that \(key.view)'s body rebuilt in "
                    + "\(counts.evals) evaluations after \(key.origin.prop) changed, each charged its share of the body's time "
                    + "(extractable ÷ built), as much as \(equivalents) evaluations")
        }
    }

    /// Pattern 3: `ObservedObject`s made again for a view already mounted.
    private func inlineViewModels(_ time: (Int64) -> Int64?) -> [AdviceFinding] {
        states.compactMap { state, tally -> AdviceFinding? in
            guard state.wrapper == WrapperKind.observedObject.name, tally.mountedRecreations > 0 else { return nil }
            return AdviceFinding(
                pattern: .inlineViewModel, view: state.view, prop: state.prop, wrapper: state.wrapper, site: state.site,
                evidence: [
                    AdviceEvidence("stateInits", tally.inits), AdviceEvidence("madeWhileMounted", tally.mountedRecreations),
                    AdviceEvidence("repeatedAtSamePath", tally.repeatInits), AdviceEvidence("evaluationsCaused", tally.forced.evals),
                ],
                savings: EstimatedSavings(bodyEvals: tally.forced.evals, bodyTimeNs: time(tally.forced.bodyTimeNs), stateRecreations: tally.repeatInits),
                estimate: "\(tally.repeatInits) re-creations (state-inits at a path that had one before); "
                    + "\(tally.forced.evals) evaluations of \(state.view) forced by the \(tally.mountedRecreations) made while it was mounted")
        }
    }

    /// Pattern 4: owned state created again after its view was unmounted.
    private func lostStates(_ time: (Int64) -> Int64?) -> [AdviceFinding] {
        states.compactMap { state, tally -> AdviceFinding? in
            guard tally.initsAfterUnmount > 0 else { return nil }
            return AdviceFinding(
                pattern: .stateLostInLazyContainer, view: state.view, prop: state.prop, wrapper: state.wrapper, site: state.site,
                evidence: [AdviceEvidence("stateInits", tally.inits), AdviceEvidence("initsAfterUnmount", tally.initsAfterUnmount)],
                savings: EstimatedSavings(bodyEvals: 0, bodyTimeNs: time(0), stateRecreations: tally.initsAfterUnmount),
                estimate: "\(tally.initsAfterUnmount) state-inits of \(state.prop) at a path after it was unmounted")
        }
    }
}
