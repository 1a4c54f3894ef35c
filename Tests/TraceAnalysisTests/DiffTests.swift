import Foundation
import Testing
@testable import TraceAnalysis
import TracerTestSupport

@Suite(.temporaryDirectory) struct DiffTests {
    private func diff() throws -> TraceDiff {
        TraceDiff(base: try VisualGolden.profile("state"), variant: try VisualGolden.profile("view-storage"))
    }

    @Test func deltasAreVariantMinusBase() throws {
        let diff = try diff()
        let content = try #require(diff.views.first { $0.view == "ContentView" })
        #expect(content.evals.base == 7)
        #expect(content.evals.variant == 2)
        #expect(content.evals.delta == -5)
        let rows = try #require(diff.views.first { $0.view == "ContentView/MyScrollView/Row[0]" })
        #expect(rows.wasted.base == 6)
        #expect(rows.wasted.variant == 0)
        #expect(diff.totals.evals.delta == Int64(diff.variant.summary.totals.bodyEvals) - Int64(diff.base.summary.totals.bodyEvals))
    }

    @Test func viewsOnOneSideAreMarked() throws {
        let diff = try diff()
        let hostile = try #require(diff.views.first { $0.view.contains("<script>") })
        #expect(hostile.presence == .baseOnly)
        #expect(hostile.evals.variant == 0)
        #expect(diff.views.allSatisfy { $0.presence != .variantOnly })
    }

    @Test func verdictNamesTheVariantsAndTheChange() throws {
        let diff = try diff()
        let (base, variant) = (diff.base.summary.totals.bodyEvals, diff.variant.summary.totals.bodyEvals)
        let percent = DeltaFormat.percent(base: UInt64(base), variant: UInt64(variant))
        #expect(diff.verdict == "view-storage re-evaluates \(base - variant) fewer bodies than state (\(percent))")
        #expect(percent.hasPrefix("−"))
    }

    @Test(arguments: [
        (UInt64(483), UInt64(2), "−99.6%"), (10, 15, "+50.0%"), (0, 3, "new"), (0, 0, "0.0%"), (4, 4, "0.0%"),
    ])
    func percentages(base: UInt64, variant: UInt64, expected: String) {
        #expect(DeltaFormat.percent(base: base, variant: variant) == expected)
    }

    @Test func scenarioMismatchIsReported() throws {
        let mismatched = TraceDiff(base: try VisualGolden.profile("state"), variant: try VisualGolden.profile("other-scenario"))
        let message = try #require(mismatched.scenarioMismatch)
        #expect(message.contains("'scroll-offset'"))
        #expect(message.contains("'lazy-list'"))
        #expect(message.contains("--force"))
        #expect(try diff().scenarioMismatch == nil)
    }

    @Test func jsonIsVersionedAndParses() throws {
        let text = DiffRenderer.json(try diff())
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(document["schema"] as? String == "tracer-diff/1")
        let views = try #require(document["views"] as? [[String: Any]])
        let content = try #require(views.first { $0["view"] as? String == "ContentView" })
        let evals = try #require(content["bodyEvals"] as? [String: Any])
        #expect(evals["delta"] as? Int == -5)
        #expect(views.contains { $0["presence"] as? String == "base-only" })
    }

    @Test(arguments: ["text", "markdown", "json", "folded"])
    func outputMatchesGolden(format: String) throws {
        let diff = try diff()
        let output: String
        switch format {
        case "text": output = DiffRenderer.text(diff)
        case "markdown": output = DiffRenderer.markdown(diff)
        case "json": output = DiffRenderer.json(diff)
        default:
            output = FoldedStacks.render(
                FlameSample.differentialSamples(base: diff.base.summary, variant: diff.variant.summary, weight: .evals),
                differential: true)
        }
        VisualGolden.check(output, named: "diff/state.view-storage.\(format)")
    }

    @Test func markdownEscapesTableBreakingNames() {
        #expect(Formatting.markdown("a|b<script>") == "a\\|b&lt;script&gt;")
        #expect(Formatting.markdown("new\nline\u{1B}") == "new\\\\u{A}line\\\\u{1B}")
    }

    @Test func textTableShowsControlCharactersInNamesVisibly() throws {
        func trace(_ variant: String, evals: Int) throws -> VisualProfile {
            var lines = [#"{"kind":"meta","schema":"tracer/1","scenario":"s","variant":"\#(variant)"}"#]
            for seq in 1...evals {
                lines.append(#"{"seq":\#(seq),"kind":"body-eval","view":"Root/Evil\u001b[2J\tTab\nLine","changed":1}"#)
            }
            let path = try TestSupport.temporaryTrace(lines.joined(separator: "\n") + "\n")
            return try VisualProfile.load(source: .file(path), options: TraceReadOptions(threads: 1))
        }
        let text = DiffRenderer.text(TraceDiff(base: try trace(#"a\u001b[31m"#, evals: 3), variant: try trace("b", evals: 1)))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(text.contains("Root/Evil\\u{1B}[2J\\u{9}Tab\\u{A}Line"))
        #expect(text.contains("base:    a\\u{1B}[31m ("))
        let table = text.split(separator: "\n").drop { !$0.hasPrefix("view") }
        #expect(table.count == 5, "header, sides, one view, rule, total")
    }
}
