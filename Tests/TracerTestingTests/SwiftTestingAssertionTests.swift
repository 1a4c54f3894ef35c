import Foundation
import ScenarioTestSupport
import Testing
import Tracer
import TracerTesting

/// Each Swift Testing assertion passes where the redraws hold and, where they do not, records an
/// issue at the caller's line naming the view, its count and its top cause path.
@Suite("TracerTesting: the Swift Testing assertions")
struct SwiftTestingAssertionTests {
    /// The write path of a counter's taps, as `tracectl why` prints it.
    static let countPath = "CounterScreen.count (State, \(site(of: "@State private var count = 0"))) → CounterScreen (state) ×3"
    /// The write path of a subtitled counter's retitles.
    static let subtitlePath =
        "SubtitledCounterScreen.subtitle (State, \(site(of: "@State private var subtitle = \"\""))) → SubtitledCounterScreen (state) ×2"

    /// The site a `@State` declared by `declaration` in TestViews.swift records: the file and the
    /// line of its first occurrence there (line 0 when absent, so that the assertions fail).
    static func site(of declaration: String) -> String {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("TestViews.swift")
        let lines = (try? String(contentsOf: source, encoding: .utf8))?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
        let line = lines.firstIndex { $0.contains(declaration) }.map { $0 + 1 } ?? 0
        return "TracerTestingTests/TestViews.swift:\(line)"
    }

    @Test("at most: passes at the count, fails below it with the view, its count and its top cause path")
    func atMost() throws {
        let redraws = try recordTaps(CounterScreen(), tapping: "Increment", times: 3)
        redraws.expectEvaluations(of: "CounterScreen", atMost: 4)
        redraws.expectEvaluations(of: "CounterScreen/**", atMost: 4)
        expectFailure(containing: ["CounterScreen body-evals: expected ≤ 2, found 4", "CounterScreen: 4; top cause path: \(Self.countPath)"], atLine: #line + 1) {
            redraws.expectEvaluations(of: "CounterScreen", atMost: 2)
        }
    }

    @Test("exactly: passes at the count, fails above and below it, and for a glob matching no view")
    func exactly() throws {
        let redraws = try recordTaps(CounterScreen(), tapping: "Increment", times: 3)
        redraws.expectEvaluations(of: "CounterScreen/VStack/Footer", exactly: 1)
        redraws.expectEvaluations(of: "Nothing*", exactly: 0)
        expectFailure(containing: ["expected ≤ 5, ≥ 5, found 4", "CounterScreen: 4; top cause path: \(Self.countPath)"], atLine: #line + 1) {
            redraws.expectEvaluations(of: "CounterScreen", exactly: 5)
        }
        expectFailure(containing: ["expected ≤ 3, ≥ 3, found 4", "CounterScreen/VStack/CountLabel: 4; top cause path: "], atLine: #line + 1) {
            redraws.expectEvaluations(of: "**/CountLabel", exactly: 3)
        }
        expectFailure(containing: ["no view matching Nothing*", "n/a (no evaluation)"], atLine: #line + 1) {
            redraws.expectEvaluations(of: "Nothing*", exactly: 1)
        }
    }

    @Test("no wasted evaluation: passes for a counter, fails for a view whose output never changes")
    func noWastedEvaluation() throws {
        try recordTaps(CounterScreen(), tapping: "Increment", times: 3).expectNoWastedEvaluations()
        let redraws = try recordTaps(TickingView(), tapping: "Tick", times: 2)
        expectFailure(
            containing: ["TickingView wasted-evals: expected ≤ 0, found 2", "TickingView: 2; top cause path: TickingView.ticks (State, "],
            atLine: #line + 1
        ) { redraws.expectNoWastedEvaluations() }
    }

    @Test("no new edge: passes against the same screen, fails for a new write → view edge")
    func noNewEdge() throws {
        let baseline = try recordTaps(SubtitledCounterScreen(), tapping: "Increment", times: 3)
        try recordTaps(SubtitledCounterScreen(), tapping: "Increment", times: 5).expectNoNewEdges(against: baseline)
        let redraws = try recordTaps(SubtitledCounterScreen(), tapping: "Increment", "Retitle", times: 2)
        expectFailure(containing: ["new-edges: expected ≤ 0", "new edge SubtitledCounterScreen.subtitle → SubtitledCounterScreen: 2 evaluations; top cause path: \(Self.subtitlePath)"], atLine: #line + 1) {
            redraws.expectNoNewEdges(against: baseline)
        }
    }

    @Test("a budget: passes within it, fails like tracectl check with each failing rule")
    func budget() throws {
        let redraws = try recordTaps(CounterScreen(), tapping: "Increment", times: 3)
        let budget = Budget(rules: [
            BudgetRule(view: "CounterScreen", metric: .bodyEvals, max: 4),
            BudgetRule(view: "**", metric: .totalBodyEvals, max: 12),
        ])
        redraws.expectWithinBudget(budget)
        let tight = Budget(rules: [BudgetRule(view: "**", metric: .totalBodyEvals, max: 5), BudgetRule(view: "CounterScreen", metric: .skips, max: 9)])
        expectFailure(containing: ["** total-body-evals: expected ≤ 5, found 9", "CounterScreen: 4; top cause path: \(Self.countPath)"], atLine: #line + 1) {
            redraws.expectWithinBudget(tight)
        }
    }

    @Test("an adapter trace read as redraws: the failure's cause path marks the hop inferred from the update with ≈")
    func inferredHopIsMarked() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures/Traces/sources/swiftui.jsonl")
        let redraws = try Redraws(trace: Array(try Data(contentsOf: fixture)))
        redraws.expectEvaluations(of: "MyScrollView", atMost: 3)
        expectFailure(
            containing: ["MyScrollView: 3; top cause path: MyView.scrollContentOffset (State, App/MyView.swift:12) → MyView (state) → ≈ MyScrollView (inputs-changed) ×2"],
            atLine: #line + 1
        ) { redraws.expectEvaluations(of: "MyScrollView", atMost: 1) }
    }
}
