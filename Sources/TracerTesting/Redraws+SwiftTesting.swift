import TraceAnalysis
import Testing

/// The assertions for Swift Testing: each records one issue per failing rule at the caller's
/// source location, naming the offending views, their counts and their top cause paths.
extension Redraws {
    /// Expects each view matching `glob` to have been evaluated at most `maximum` times.
    public func expectEvaluations(of glob: String, atMost maximum: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        expect(.evaluations(of: glob, atMost: maximum), sourceLocation)
    }

    /// Expects each view matching `glob` to have been evaluated exactly `count` times (a glob
    /// matching no view counts 0).
    public func expectEvaluations(of glob: String, exactly count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        expect(.evaluations(of: glob, atMost: count, atLeast: count), sourceLocation)
    }

    /// Expects no evaluation of a view matching `glob` whose output did not change (a runtime
    /// trace; the SwiftUI adapter cannot tell, and the expectation fails saying so).
    public func expectNoWastedEvaluations(of glob: String = "**", sourceLocation: SourceLocation = #_sourceLocation) {
        expect(.noWastedEvaluations(of: glob), sourceLocation)
    }

    /// Expects no cause-graph edge (write → view, parent → child) that `baseline` has not.
    public func expectNoNewEdges(against baseline: Redraws, sourceLocation: SourceLocation = #_sourceLocation) {
        expect(.noNewEdges(against: baseline), sourceLocation)
    }

    /// Expects `budget` to pass, as `tracectl check` would (relative rules against `baseline`).
    public func expectWithinBudget(_ budget: Budget, baseline: Redraws? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        expect(.within(budget, baseline: baseline), sourceLocation)
    }

    /// Expects the `tracer-budget/1` file at `path` to pass, as `tracectl check` would.
    public func expectWithinBudget(at path: String, baseline: Redraws? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        do { expect(.within(try Budget.load(path: path), baseline: baseline), sourceLocation) } catch {
            Issue.record(Comment(rawValue: error.description), sourceLocation: sourceLocation)
        }
    }

    /// Records an issue at `sourceLocation` for each failure of `expectation`.
    private func expect(_ expectation: RedrawExpectation, _ sourceLocation: SourceLocation) {
        for failure in expectation.failures(in: self) { Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation) }
    }
}
