import TraceAnalysis
import TracerCore

/// The events a scope recorded (`Redraws.record`), with what `tracectl report`, `why` and
/// `graph` give of them: the per-view figures, the cause paths of a view and the cause graph's edges.
///
/// The cause paths and edges go through the analysis every command runs, cause inference
/// included: a hop whose cause was inferred (an adapter trace records no parent → child causes)
/// is marked `≈`, as `why` prints it.
public struct Redraws: Sendable {
    /// The recorded trace: `tracer/1` JSON lines, as `tracectl record` would have written them.
    public let trace: [UInt8]
    /// The figures `tracectl report` gives, with the cause graph `tracectl graph` gives.
    public let summary: TraceSummary

    /// The name the trace goes by in messages.
    static let traceName = "<redraws>"

    /// The figures of `trace` (a scope's, or one recorded before, as a baseline).
    ///
    /// - Throws: `TraceError` when `trace` is not a readable `tracer/1` trace.
    public init(trace: [UInt8]) throws {
        self.trace = trace
        summary = try TraceAnalyzer.analyze(source: .bytes(trace, name: Self.traceName), options: .init(causeGraph: true))
    }

    /// The per-view figures, in path order (the rows of `tracectl report`).
    public var views: [ViewStats] { summary.views }

    /// How many times the bodies of the views matching `glob` (`MyView`, `List/Row[*]`, `**`)
    /// were evaluated, summed.
    public func evaluations(of glob: String) -> Int {
        let glob = ViewGlob(glob)
        return summary.views.filter { glob.matches($0.view) }.reduce(0) { $0 + $1.counts[.bodyEvals] }
    }

    /// The cause paths of the evaluations of the views matching `glob`, ranked as `tracectl why`
    /// ranks them.
    ///
    /// - Throws: `TraceError` (not for a trace a scope recorded).
    public func why(_ glob: String) throws -> WhyResult {
        try WhyAnalyzer.analyze(source: .bytes(trace, name: Self.traceName), glob: ViewGlob(glob)).result
    }

    /// The top cause path of `view`'s evaluations as `tracectl why` prints it (`≈` before an
    /// inferred hop), with how many evaluations took it; nil when `view` has no evaluation. A
    /// `view` that names several (`Row[*]`, as the cause graph folds them) gives its first view's.
    public func topCausePath(of view: String) -> String? {
        (try? why(view)).flatMap { Self.topCausePath(of: view, through: nil, in: $0) }
    }

    /// The top cause path of `view`'s evaluations in `why` that passes through `node` (a written
    /// property or a view, as an edge's source names it), else the top one.
    static func topCausePath(of view: String, through node: String?, in why: WhyResult) -> String? {
        let glob = ViewGlob(view)
        guard let matched = why.views.first(where: { $0.view == view }) ?? why.views.first(where: { glob.matches($0.view) }) else { return nil }
        let texts = matched.paths.map { (text: WhyText.path($0.key), evals: $0.figures.evals) }
        func passes(_ text: String) -> Bool {
            guard let node else { return true }
            return text.components(separatedBy: " → ").contains { step in
                let step = step.hasPrefix("≈ ") ? step.dropFirst(2) : Substring(step)
                return step.hasPrefix(node + " ") || step.hasPrefix(node + ".") || step == node
            }
        }
        guard let top = texts.first(where: { passes($0.text) }) ?? texts.first else { return nil }
        return "\(top.text) ×\(top.evals)"
    }

    /// The cause graph's edges (write → view, parent → child), as `tracectl graph` lists them;
    /// an inferred edge's key names its rule.
    public var edges: [CauseEdge] { summary.causeGraph?.edges ?? [] }

    /// Holds the trace to `budget`, as `tracectl check TRACE --budget FILE [--baseline BASE]` does.
    ///
    /// - Throws: `BudgetError` when a rule needs a baseline and none is given.
    public func check(_ budget: Budget, baseline: Redraws? = nil) throws -> BudgetCheck {
        try budget.check(trace: trace, name: Self.traceName, baseline: baseline?.trace)
    }
}
