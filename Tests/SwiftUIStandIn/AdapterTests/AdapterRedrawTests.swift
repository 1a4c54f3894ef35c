import SwiftUI
import Testing
import TracerSwiftUI
import TracerSwiftUICore
import TracerTesting

/// TracerTesting on the adapter: a scope records the traced writes and bodies its task runs
/// (here against the stand-in SwiftUI, whatever `TRACER_OUTPUT` says), and the assertions read
/// them through the analysis (a parent → child hop the adapter cannot record is `n/a`, or `≈` where inferred).
@MainActor @Suite("TracerTesting on the adapter")
struct AdapterRedrawTests {
    /// A pager mounted and updated, then its page written `writes` times, each followed by an update.
    static func page(_ writes: Int) throws -> Redraws {
        try Redraws.record(.swiftUI) {
            let pager = standInInstall(Pager())
            _ = standInUpdate { pager.body }
            for page in 1...writes {
                pager.page = page
                _ = standInUpdate { pager.body }
            }
        }
    }

    /// Expects `body` to record issues, each holding every one of `parts`, at `line` of this file.
    func expectFailure(containing parts: [String], atLine line: Int, _ body: () -> Void) {
        withKnownIssue {
            body()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return parts.allSatisfy(text.contains) && issue.sourceLocation?.line == line
        }
    }

    @Test("counts: each write re-evaluates the pager and its label once, and a tighter limit fails with the write's path")
    func counts() throws {
        let redraws = try Self.page(3)
        redraws.expectEvaluations(of: "Pager", exactly: 4)
        redraws.expectEvaluations(of: "Pager/PageLabel", atMost: 4)
        expectFailure(
            containing: [
                "Pager body-evals: expected ≤ 2, found 4", "Pager: 4; top cause path: Pager.page (State, TracerSwiftUITests/AdapterTestViews.swift:",
                ") → Pager (state) ×3",
            ],
            atLine: #line + 1
        ) { redraws.expectEvaluations(of: "Pager", atMost: 2) }
        // NB: the label's cause is its parent's evaluation, which the adapter cannot record, and no
        // rule can infer without an update to share: n/a, never guessed.
        expectFailure(containing: ["Pager/PageLabel: 4; top cause path: n/a → Pager/PageLabel (n/a) ×4"], atLine: #line + 1) {
            redraws.expectEvaluations(of: "Pager/PageLabel", atMost: 1)
        }
    }

    @Test("no new edge against the same interaction; wasted evaluations are not available from the adapter, so that assertion fails")
    func edgesAndWaste() throws {
        let baseline = try Self.page(1), redraws = try Self.page(3)
        redraws.expectNoNewEdges(against: baseline)
        expectFailure(containing: ["** wasted-evals: not checked (wasted-evals is not available: "], atLine: #line + 1) {
            redraws.expectNoWastedEvaluations()
        }
    }

    @Test("a child task's traced bodies are the scope's; a detached task's are not")
    func childAndDetachedTasks() async throws {
        let redraws = try await Redraws.record(.swiftUI) {
            await Task { _ = standInUpdate { standInInstall(Pager()).body } }.value
            await Task.detached { @MainActor in _ = standInUpdate { standInInstall(Pager()).body } }.value
        }
        #expect(redraws.evaluations(of: "Pager") == 1)
    }

    @Test("recording off: a state made outside every scope records no write; the body the scope's task runs is recorded",
          .enabled(if: SwiftUITrace.processSession == nil, "needs TRACER_OUTPUT unset"))
    func stateMadeOutsideTheScope() throws {
        let outside = standInInstall(Pager())
        let redraws = try Redraws.record(.swiftUI) {
            outside.page = 1
            _ = standInUpdate { outside.body }
        }
        #expect(redraws.evaluations(of: "Pager") == 1)
        #expect(redraws.summary.totals.counts[.writes] == 0)
    }
}
