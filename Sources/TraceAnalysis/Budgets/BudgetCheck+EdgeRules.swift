extension BudgetCheck {
    /// An edge rule's outcome: the edges of each run's cause graph matching its `source` and
    /// `view` globs (for `new-edges`, those no baseline run has; recorded edges only, unless the
    /// rule says `"inferred": true`) counted, combined over the runs and
    /// held to its limits; the offenders are the first run's heaviest such edges, each with its
    /// source's write site.
    static func evaluateEdges(
        _ limits: Limits, _ measure: BudgetMetric.EdgeMeasure, runs: [BudgetFigures], baselines: [BudgetFigures], _ result: Result
    ) -> Result {
        let rule = limits.rule
        var result = result
        // NB: a baseline without causes has no edges to compare with: not a baseline of none.
        if let missing = baselines.lazy.compactMap({ rule.metric.unavailability(in: $0.summary.header) }).first {
            result.status = .skipped
            result.isUnavailable = true
            result.note = "\(rule.metric.rawValue) is not available in the baseline: \(missing)"
            return result
        }
        let (sourceGlob, viewGlob) = (rule.source.map(ViewGlob.init), ViewGlob(rule.view))
        func matching(_ figures: BudgetFigures) -> [CauseEdge] {
            (figures.summary.causeGraph?.edges ?? []).filter { edge in
                (rule.countsInferred || edge.key.inferred == nil) && viewGlob.matches(edge.to) && sourceGlob?.matches(edge.from.name) != false
            }
        }
        let baseKeys = baselines.isEmpty ? nil : Set(baselines.flatMap { matching($0).map(\.key) })
        let perRun = runs.map { run in
            let edges = matching(run)
            guard measure == .new, let baseKeys else { return edges }
            return edges.filter { !baseKeys.contains($0.key) }
        }
        func figure(_ edges: [CauseEdge]) -> Double { Double(measure == .new ? edges.count : edges.reduce(0) { $0 + $1.evals }) }
        let baselineFigures = measure == .evals ? baselines.map { figure(matching($0)) } : []
        result = finish(result, worst: check(rule.subject, perRun.map(figure), baselines: baselineFigures, limits))
        guard result.status != .pass else { return result }
        result.offenders = perRun[0].prefix(offenderLimit).map { edge in
            let causes = edge.from.prop.map { prop in
                [OriginCount(origin: WriteOrigin(view: edge.from.view, prop: prop, wrapper: edge.wrapper, site: edge.site), count: edge.evals,
                    inference: InferenceOutcome.rules.first { $0.rule == edge.key.inferred } ?? .notInferred)]
            }
            return Offender(
                view: edge.key.text, value: Double(measure == .new ? edge.count : edge.evals), causes: causes ?? [],
                edge: edge)
        }
        return result
    }
}
