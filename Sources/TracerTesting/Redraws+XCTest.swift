import TraceAnalysis
import XCTest

/// The assertions for XCTest: each fails (`XCTFail`) once per failing rule at the caller's file
/// and line, naming the offending views, their counts and their top cause paths.
extension Redraws {
    /// Asserts that each view matching `glob` was evaluated at most `maximum` times.
    public func assertEvaluations(of glob: String, atMost maximum: Int, file: StaticString = #filePath, line: UInt = #line) {
        assert(.evaluations(of: glob, atMost: maximum), file, line)
    }

    /// Asserts that each view matching `glob` was evaluated exactly `count` times (a glob
    /// matching no view counts 0).
    public func assertEvaluations(of glob: String, exactly count: Int, file: StaticString = #filePath, line: UInt = #line) {
        assert(.evaluations(of: glob, atMost: count, atLeast: count), file, line)
    }

    /// Asserts no evaluation of a view matching `glob` whose output did not change (a runtime
    /// trace; the SwiftUI adapter cannot tell, and the assertion fails saying so).
    public func assertNoWastedEvaluations(of glob: String = "**", file: StaticString = #filePath, line: UInt = #line) {
        assert(.noWastedEvaluations(of: glob), file, line)
    }

    /// Asserts no cause-graph edge (write → view, parent → child) that `baseline` has not.
    public func assertNoNewEdges(against baseline: Redraws, file: StaticString = #filePath, line: UInt = #line) {
        assert(.noNewEdges(against: baseline), file, line)
    }

    /// Asserts that `budget` passes, as `tracectl check` would (relative rules against `baseline`).
    public func assertWithinBudget(_ budget: Budget, baseline: Redraws? = nil, file: StaticString = #filePath, line: UInt = #line) {
        assert(.within(budget, baseline: baseline), file, line)
    }

    /// Asserts that the `tracer-budget/1` file at `path` passes, as `tracectl check` would.
    public func assertWithinBudget(at path: String, baseline: Redraws? = nil, file: StaticString = #filePath, line: UInt = #line) {
        do { assert(.within(try Budget.load(path: path), baseline: baseline), file, line) } catch {
            XCTFail(error.description, file: file, line: line)
        }
    }

    /// Fails at `file` and `line` once for each failure of `expectation`.
    private func assert(_ expectation: RedrawExpectation, _ file: StaticString, _ line: UInt) {
        for failure in expectation.failures(in: self) { XCTFail(failure, file: file, line: line) }
    }
}
