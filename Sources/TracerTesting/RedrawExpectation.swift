import TraceAnalysis

/// One check of a scope's redraws, made as `tracectl check` holds a trace to a budget: every
/// assertion is a budget (one rule, or a whole budget file) and fails with the failing results,
/// each offending view with its figure and its top cause path as `tracectl why` prints it.
package struct RedrawExpectation: Sendable {
    /// The rules.
    let budget: Budget
    /// The trace relative rules (`new-edges`, `maxIncrease`) are measured against.
    let baseline: Redraws?
    /// Whether a rule the trace has no figure for fails: true for a one-rule assertion (which
    /// must not pass on a figure the source cannot give), false for a budget file, whose skipped
    /// rules `tracectl check` passes with a warning.
    let failsWhenSkipped: Bool

    /// Each view matching `glob` evaluated at most `maximum` times and, with `minimum`, at least
    /// that often (a glob matching no view counts 0).
    package static func evaluations(of glob: String, atMost maximum: Int, atLeast minimum: Int? = nil) -> RedrawExpectation {
        let rule = BudgetRule(view: glob, metric: .bodyEvals, max: Double(maximum), min: minimum.map(Double.init))
        return RedrawExpectation(budget: Budget(rules: [rule]), baseline: nil, failsWhenSkipped: true)
    }

    /// No view matching `glob` evaluated without a change in its output.
    package static func noWastedEvaluations(of glob: String) -> RedrawExpectation {
        RedrawExpectation(budget: Budget(rules: [BudgetRule(view: glob, metric: .wastedEvals, max: 0)]), baseline: nil, failsWhenSkipped: true)
    }

    /// No cause-graph edge that `baseline` has not, inferred edges included (marked `≈`).
    package static func noNewEdges(against baseline: Redraws) -> RedrawExpectation {
        let rule = BudgetRule(view: "**", metric: .newEdges, max: 0, countsInferred: true)
        return RedrawExpectation(budget: Budget(rules: [rule]), baseline: baseline, failsWhenSkipped: true)
    }

    /// `budget`'s verdict: failing exactly when `tracectl check` exits 1.
    package static func within(_ budget: Budget, baseline: Redraws?) -> RedrawExpectation {
        RedrawExpectation(budget: budget, baseline: baseline, failsWhenSkipped: false)
    }

    /// What fails in `redraws`, one message per failing rule; empty when the expectation holds.
    /// A budget no rule of which applies fails too, as `tracectl check` does without `--allow-empty`.
    package func failures(in redraws: Redraws) -> [String] {
        let check: BudgetCheck
        do { check = try redraws.check(budget, baseline: baseline) } catch { return ["\(error)"] }
        if !failsWhenSkipped && check.checkedNothing {
            return ["no rule of the budget applies to this trace: every rule is off or was skipped"
                + check.results.compactMap { $0.note.map { "\n  \($0)" } }.joined()]
        }
        return check.results.compactMap { result in
            switch result.status {
            case .fail: message(result, in: redraws)
            case .skipped where failsWhenSkipped: "\(result.view ?? result.rule.subject) \(result.rule.metric.rawValue): not checked (\(result.note ?? "no figure"))"
            default: nil
            }
        }
    }

    /// `MyView body-evals: expected ≤ 3, found 241`, then a line per offender: the view, its
    /// figure and its top cause path; for a new edge, the edge and the top cause path through it.
    ///
    /// NB: one `why` over every view serves all the offenders.
    private func message(_ result: BudgetCheck.Result, in redraws: Redraws) -> String {
        let why = result.offenders.isEmpty ? nil : try? redraws.why("**")
        func topCausePath(of view: String, through node: String?) -> String? {
            why.flatMap { Redraws.topCausePath(of: view, through: node, in: $0) }
        }
        let lines = result.offenders.map { offender in
            guard let edge = offender.edge else {
                let path = topCausePath(of: offender.view, through: nil) ?? "n/a (no evaluation)"
                return "  \(offender.view): \(result.rule.metric.format(offender.value)); top cause path: \(path)"
            }
            let path = topCausePath(of: edge.to, through: edge.from.name) ?? "n/a (no evaluation)"
            return "  new edge \(edge.key.text): \(edge.evals) evaluations; top cause path: \(path)"
        }
        return ([result.message + (result.note.map { " (\($0))" } ?? "")] + lines).joined(separator: "\n")
    }
}
