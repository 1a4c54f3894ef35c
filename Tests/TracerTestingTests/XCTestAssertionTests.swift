import ScenarioTestSupport
import Tracer
import TracerTesting
import XCTest

/// Each XCTest assertion passes where the redraws hold and, where they do not, fails at the
/// caller's line naming the view, its count and its top cause path: the failures are caught
/// through XCTest's own recording (`record(_:)` on Apple platforms, `recordFailure` on Linux).
final class XCTestAssertionTests: XCTestCase {
    /// The failures recorded while `capturing` is set: their descriptions and lines.
    private var captured: [(description: String, line: Int)] = []
    private var capturing = false

    #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
        guard capturing else { return super.record(issue) }
        captured.append((issue.compactDescription, issue.sourceCodeContext.location?.lineNumber ?? 0))
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        guard capturing else { return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected) }
        captured.append((description, lineNumber))
    }
    #endif

    /// Asserts that `body` fails, each failure at `line` and holding every one of `parts`.
    private func assertFails(containing parts: [String], atLine line: Int, _ body: () -> Void, file: StaticString = #filePath, caller: UInt = #line) {
        captured = []
        capturing = true
        body()
        capturing = false
        XCTAssertFalse(captured.isEmpty, "no failure recorded", file: file, line: caller)
        for failure in captured {
            XCTAssertEqual(failure.line, line, "failure at another line: \(failure.description)", file: file, line: caller)
            for part in parts where !failure.description.contains(part) {
                XCTFail("the failure lacks \"\(part)\": \(failure.description)", file: file, line: caller)
            }
        }
    }

    /// The write path of a counter's taps, as `tracectl why` prints it.
    private let countPath = SwiftTestingAssertionTests.countPath

    func testAtMost() throws {
        let redraws = try recordTaps(CounterScreen(), tapping: "Increment", times: 3)
        redraws.assertEvaluations(of: "CounterScreen", atMost: 4)
        assertFails(containing: ["CounterScreen body-evals: expected ≤ 2, found 4", "CounterScreen: 4; top cause path: \(countPath)"], atLine: #line + 1) {
            redraws.assertEvaluations(of: "CounterScreen", atMost: 2)
        }
    }

    func testExactly() throws {
        let redraws = try recordTaps(CounterScreen(), tapping: "Increment", times: 3)
        redraws.assertEvaluations(of: "CounterScreen", exactly: 4)
        assertFails(containing: ["expected ≤ 5, ≥ 5, found 4", "CounterScreen: 4; top cause path: \(countPath)"], atLine: #line + 1) {
            redraws.assertEvaluations(of: "CounterScreen", exactly: 5)
        }
    }

    func testNoWastedEvaluation() throws {
        try recordTaps(CounterScreen(), tapping: "Increment", times: 3).assertNoWastedEvaluations()
        let redraws = try recordTaps(TickingView(), tapping: "Tick", times: 2)
        assertFails(containing: ["TickingView wasted-evals: expected ≤ 0, found 2", "TickingView: 2; top cause path: TickingView.ticks (State, "], atLine: #line + 1) {
            redraws.assertNoWastedEvaluations()
        }
    }

    func testNoNewEdge() throws {
        let baseline = try recordTaps(SubtitledCounterScreen(), tapping: "Increment", times: 3)
        try recordTaps(SubtitledCounterScreen(), tapping: "Increment", times: 5).assertNoNewEdges(against: baseline)
        let redraws = try recordTaps(SubtitledCounterScreen(), tapping: "Increment", "Retitle", times: 2)
        assertFails(containing: ["new-edges: expected ≤ 0", "new edge SubtitledCounterScreen.subtitle → SubtitledCounterScreen: 2 evaluations; top cause path: \(SwiftTestingAssertionTests.subtitlePath)"], atLine: #line + 1) {
            redraws.assertNoNewEdges(against: baseline)
        }
    }

    func testBudget() throws {
        let redraws = try recordTaps(CounterScreen(), tapping: "Increment", times: 3)
        redraws.assertWithinBudget(Budget(rules: [BudgetRule(view: "CounterScreen", metric: .bodyEvals, max: 4)]))
        let tight = Budget(rules: [BudgetRule(view: "**", metric: .totalBodyEvals, max: 5)])
        assertFails(containing: ["** total-body-evals: expected ≤ 5, found 9", "CounterScreen: 4; top cause path: \(countPath)"], atLine: #line + 1) {
            redraws.assertWithinBudget(tight)
        }
    }
}
