import Scenarios
import Testing
import TracerTesting

/// Seed 000 as an app's tests would write it: the scroll offset in `@State` re-evaluates the
/// screen on every frame and fails the assertions; in `@ViewStorage` it passes them.
@Suite("TracerTesting: the scroll-offset scenario as tests")
struct ScrollOffsetTests {
    /// The scenario's variant `variant`, played in a scope.
    static func scroll(_ variant: String) throws -> Redraws {
        try Redraws.record { try ScenarioCatalog.scenario(named: "scroll-offset").play(variant: variant) }
    }

    @Test("@ViewStorage: MyView re-evaluates only at the threshold's two crossings, none of them wasted")
    func viewStoragePasses() throws {
        let redraws = try Self.scroll("view-storage")
        redraws.expectEvaluations(of: "MyView", exactly: 3)
        redraws.expectEvaluations(of: "MyView/**", atMost: 3)
        redraws.expectNoWastedEvaluations(of: "MyView")
    }

    @Test("@State: MyView re-evaluates on every frame, and the assertions fail naming it, its count and the offset's write")
    func stateFails() throws {
        let redraws = try Self.scroll("state")
        let path = "MyView: 241; top cause path: MyView.scrollContentOffset (State, Scenarios/ScrollOffset.swift:62) → MyView (state) ×240"
        expectFailure(containing: ["MyView body-evals: expected ≤ 3, found 241", path], atLine: #line + 1) {
            redraws.expectEvaluations(of: "MyView", atMost: 3)
        }
        expectFailure(containing: ["MyView body-evals: expected ≤ 3, ≥ 3, found 241", path], atLine: #line + 1) {
            redraws.expectEvaluations(of: "MyView", exactly: 3)
        }
    }
}
