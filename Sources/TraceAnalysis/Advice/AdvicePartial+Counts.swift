import TracerCore

extension AdvicePattern {
    /// What the pattern's counts-only form needs from the trace's source (nil: it has none): the
    /// form offered, marked "estimated from counts", when the pattern itself cannot be evaluated.
    public var countsOnlyRequirements: [TraceCapability]? {
        switch self {
        case .highFrequencyWrite, .broadObservation: [.write, .bodyEval, .cause]
        case .wastedChildEvaluations, .inlineViewModel, .stateLostInLazyContainer, .extractSubviews: nil
        }
    }

    /// How the counts-only form's savings are computed (nil: it has none).
    public var countsOnlyMethod: String? {
        switch self {
        case .highFrequencyWrite:
            "estimated from counts: every evaluation the writes led to (recorded or inferred), the most a derived value could save, for a property written at least 10 times, most writes leading to evaluations"
        case .broadObservation:
            "estimated from counts: every evaluation of an observing view after the object's changes (recorded or inferred), the most a narrower observation could save, for an object observed by at least 3 views"
        case .wastedChildEvaluations, .inlineViewModel, .stateLostInLazyContainer, .extractSubviews: nil
        }
    }
}

extension AdvicePartial {
    /// The fewest views observing one object's changes for the counts-only broad observation.
    static let broadObservers = 3

    /// The counts-only forms of the patterns in `patterns` (not evaluated, their counts-only needs
    /// met), unranked, each marked `estimatedFromCounts`: what the counts alone show — a property
    /// written at a high rate, an object observed by many views — with every evaluation they led to
    /// as the most a fix could save, since which of them changed nothing is not recorded.
    func countsOnlyFindings(patterns: Set<AdvicePattern>, time: BodyTimeEstimate) -> [AdviceFinding] {
        var found: [AdviceFinding] = []
        if patterns.contains(.highFrequencyWrite) { found += frequentWrites(time) }
        if patterns.contains(.broadObservation) { found += observedByMany(time) }
        for index in found.indices {
            found[index].estimatedFromCounts = true
            let property = WriteOrigin.Property(view: found[index].view, prop: found[index].prop, wrapper: found[index].wrapper)
            found[index].firstWrite = firstWrites[property] ?? Int.max
        }
        return found
    }

    /// Properties written at a high frequency (see `frequentWrite`) whose writes led to evaluations.
    private func frequentWrites(_ time: BodyTimeEstimate) -> [AdviceFinding] {
        writes.compactMap { property, tally -> AdviceFinding? in
            let evals = tally.evals.reduce(0, +)
            guard evals > 0, let (origin, updates) = frequentWrite(property, tally) else { return nil }
            let timed = tally.timedEvals.reduce(0, +)
            let ns = tally.bodyTimeNs.reduce(Int64(0)) { $0.addingSaturated($1) }
            return AdviceFinding(
                pattern: .highFrequencyWrite, view: origin.view, prop: origin.prop, wrapper: origin.wrapper, site: origin.site,
                evidence: [
                    AdviceEvidence("writes", tally.rootWrites), AdviceEvidence("updatesWithEvaluations", updates),
                    AdviceEvidence("evaluationsCaused", evals),
                ],
                savings: EstimatedSavings(bodyEvals: evals, bodyTimeNs: time.of(ns, evals: evals, timed: timed), stateRecreations: 0),
                estimate: "estimated from counts: \(tally.rootWrites) writes led to \(evals) evaluations in \(updates) updates; "
                    + "whether \(origin.view)'s output changed is not recorded, so what a derived value would save is not known: "
                    + "at most the \(evals)" + time.note(evals: evals, timed: timed))
        }
    }

    /// Objects whose changes re-evaluated at least `broadObservers` observing views.
    private func observedByMany(_ time: BodyTimeEstimate) -> [AdviceFinding] {
        var byOrigin: [WriteOrigin.Property: (views: Set<String>, counts: EvalCounts)] = [:]
        for (key, counts) in evaluations[.observedAny] {
            byOrigin[key.origin, default: ([], EvalCounts())].views.insert(key.view)
            byOrigin[key.origin, default: ([], EvalCounts())].counts.add(counts)
        }
        return byOrigin.compactMap { property, observed -> AdviceFinding? in
            guard observed.views.count >= Self.broadObservers else { return nil }
            let origin = origin(property)
            let evals = observed.counts.evals
            return AdviceFinding(
                pattern: .broadObservation, view: origin.view, prop: origin.prop, wrapper: origin.wrapper, site: origin.site,
                evidence: [AdviceEvidence("observingViews", observed.views.count), AdviceEvidence("observedEvaluations", evals)],
                savings: EstimatedSavings(bodyEvals: evals, bodyTimeNs: time.of(observed.counts), stateRecreations: 0),
                estimate: "estimated from counts: \(observed.views.count) views re-evaluated \(evals) times after \(origin.prop) changed; "
                    + "which of them changed nothing is not recorded: at most the \(evals)" + time.note(observed.counts))
        }
    }
}
