import Tracer

extension AdviceCollector {
    /// The fewest root writes of a property for it to count as written at a high frequency.
    static let highFrequencyWrites = 10

    /// Every finding of the patterns in `patterns`, unranked, names resolved with `reader`.
    ///
    /// NB: a row's `[id]` segments are written `[*]` first, so the rows of one `ForEach` make one
    /// finding with their counts summed.
    func findings(_ reader: borrowing TraceReader, patterns: Set<AdvicePattern>, hasDurations: Bool) -> [AdviceFinding] {
        let origins = self.origins.map {
            WriteOrigin(
                view: ViewPathPattern.collapsingIdentities(reader.viewName($0.property.view)), prop: reader.string($0.property.prop),
                wrapper: reader.string($0.property.wrapper), site: reader.string($0.site))
        }
        let time: (Int64) -> Int64? = { hasDurations ? $0 : nil }
        var found: [AdviceFinding] = []
        if patterns.contains(.highFrequencyWrite) { found += highFrequencyWrites(origins, time) }
        if patterns.contains(.wastedChildEvaluations) {
            found += viewFindings(.wastedChildEvaluations, from: viewTallies.filter { $0.parent != 0 }, origins, reader, time)
        }
        if patterns.contains(.broadObservation) {
            found += viewFindings(.broadObservation, from: viewTallies.filter { $0.parent == 0 }, origins, reader, time)
        }
        let states = stateGroups(reader)
        if patterns.contains(.inlineViewModel) { found += inlineViewModels(states, time) }
        if patterns.contains(.stateLostInLazyContainer) { found += lostStates(states, time) }
        return found
    }

    /// Pattern 1, per written property.
    private func highFrequencyWrites(_ origins: [WriteOrigin], _ time: (Int64) -> Int64?) -> [AdviceFinding] {
        var groups: [WriteOrigin: WriteTally] = [:]
        for (index, origin) in origins.enumerated() {
            groups[origin, default: WriteTally()].add(writeTallies[index])
        }
        return groups.compactMap { origin, tally -> AdviceFinding? in
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
        _ pattern: AdvicePattern, from tallies: [ViewTally], _ origins: [WriteOrigin], _ reader: borrowing TraceReader,
        _ time: (Int64) -> Int64?
    ) -> [AdviceFinding] {
        struct Key: Hashable {
            var origin: WriteOrigin
            var view: String
            var parent: String
        }
        var groups: [Key: (evals: Int, bodyTimeNs: Int64)] = [:]
        for tally in tallies {
            let key = Key(
                origin: origins[tally.origin], view: ViewPathPattern.collapsingIdentities(reader.viewName(tally.view)),
                parent: tally.parent == 0 ? "" : ViewPathPattern.collapsingIdentities(reader.viewName(tally.parent)))
            groups[key, default: (0, 0)].evals += tally.evals
            groups[key, default: (0, 0)].bodyTimeNs &+= tally.bodyTimeNs
        }
        return groups.map { key, counts in
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

    /// Pattern 3: `ObservedObject`s re-created by their parent's evaluations.
    private func inlineViewModels(_ states: [WriteOrigin: StateTally], _ time: (Int64) -> Int64?) -> [AdviceFinding] {
        states.compactMap { state, tally -> AdviceFinding? in
            guard state.wrapper == WrapperKind.observedObject.name, tally.parentRecreations > 0 else { return nil }
            return AdviceFinding(
                pattern: .inlineViewModel, view: state.view, prop: state.prop, wrapper: state.wrapper, site: state.site,
                evidence: [
                    AdviceEvidence("stateInits", tally.inits), AdviceEvidence("madeWhileMounted", tally.parentRecreations),
                    AdviceEvidence("repeatedAtSamePath", tally.repeatInits), AdviceEvidence("evaluationsCaused", tally.evals),
                ],
                savings: EstimatedSavings(bodyEvals: tally.evals, bodyTimeNs: time(tally.bodyTimeNs), stateRecreations: tally.repeatInits),
                estimate: "\(tally.repeatInits) re-creations (state-inits at a path that had one before); "
                    + "\(tally.evals) evaluations of \(state.view) forced by the \(tally.parentRecreations) made while it was mounted")
        }
    }

    /// Pattern 4: owned state created again after its view was unmounted.
    private func lostStates(_ states: [WriteOrigin: StateTally], _ time: (Int64) -> Int64?) -> [AdviceFinding] {
        states.compactMap { state, tally -> AdviceFinding? in
            guard tally.initsAfterUnmount > 0 else { return nil }
            return AdviceFinding(
                pattern: .stateLostInLazyContainer, view: state.view, prop: state.prop, wrapper: state.wrapper, site: state.site,
                evidence: [AdviceEvidence("stateInits", tally.inits), AdviceEvidence("initsAfterUnmount", tally.initsAfterUnmount)],
                savings: EstimatedSavings(bodyEvals: 0, bodyTimeNs: time(0), stateRecreations: tally.initsAfterUnmount),
                estimate: "\(tally.initsAfterUnmount) state-inits of \(state.prop) at a path after it was unmounted")
        }
    }

    /// The state tallies summed per (collapsed view, property, wrapper, site).
    private func stateGroups(_ reader: borrowing TraceReader) -> [WriteOrigin: StateTally] {
        var groups: [WriteOrigin: StateTally] = [:]
        for tally in stateTallies {
            let state = WriteOrigin(
                view: ViewPathPattern.collapsingIdentities(reader.viewName(tally.key.view)), prop: reader.string(tally.key.prop),
                wrapper: reader.string(tally.key.wrapper), site: reader.string(tally.key.site))
            groups[state, default: StateTally(key: tally.key)].add(tally)
        }
        return groups
    }
}

extension AdviceCollector.WriteTally {
    /// Adds `other`'s counts.
    mutating func add(_ other: Self) {
        rootWrites += other.rootWrites
        for index in 0..<Self.classCount {
            updates[index] += other.updates[index]
            evals[index] += other.evals[index]
            bodyTimeNs[index] &+= other.bodyTimeNs[index]
        }
    }
}

extension AdviceCollector.StateTally {
    /// Adds `other`'s counts.
    mutating func add(_ other: Self) {
        inits += other.inits
        initsAfterUnmount += other.initsAfterUnmount
        repeatInits += other.repeatInits
        parentRecreations += other.parentRecreations
        evals += other.evals
        bodyTimeNs &+= other.bodyTimeNs
    }
}
