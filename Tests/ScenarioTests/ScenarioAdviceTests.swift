import ScenarioTestSupport
import Testing
import TraceAnalysis
@testable import Scenarios

/// `tracectl advise` on freshly recorded scenario traces, whose body times (`SimulatedBodyCost`)
/// grow with what each body builds: the estimates that need durations, checked against what
/// `tracectl diff` measures between a scenario's variants.
@Suite("Scenario advice against measured savings")
struct ScenarioAdviceTests {
    /// The trace of `variant` of scenario `name`, recorded into memory.
    static func trace(_ name: String, _ variant: String) throws -> TraceInput {
        let recording = try ScenarioRecording(name, variant)
        return .bytes(Array(recording.lines.map { $0 + "\n" }.joined().utf8), name: "\(name).\(variant)")
    }

    @Test("rendering-cycle inline: extract subviews at ViewRenderingCycle.scrollOffset, saving within 25 % of the body time extracted saves (seed 003)")
    func renderingCycleExtraction() throws {
        let inline = try Self.trace("rendering-cycle", "inline")
        let extracted = try Self.trace("rendering-cycle", "extracted")
        let advice = try TraceAdvisor.advise(source: inline)
        let index = try #require(advice.findings.firstIndex { $0.pattern == .extractSubviews }, "no extract-subviews finding")
        #expect(index < 2, "extract-subviews ranked \(index + 1)")
        let finding = advice.findings[index]
        #expect(finding.view == "ViewRenderingCycle")
        #expect(finding.prop == "scrollOffset")
        #expect(finding.site.contains("RenderingCycle.swift:"))

        let diff = TraceDiff(base: try VisualProfile.load(source: inline), variant: try VisualProfile.load(source: extracted))
        let measured = -(try #require(diff.totals[.bodyTimeTotal])).delta
        let estimate = try #require(finding.savings.bodyTimeNs)
        #expect(measured > 0, "extracted should spend less body time than inline")
        #expect(abs(estimate - measured) * 4 <= measured, "estimated \(estimate) ns, measured \(measured) ns")
    }

    @Test("rendering-cycle extracted: no extract-subviews finding, at any minimum")
    func extractedHasNoExtraction() throws {
        let advice = try TraceAdvisor.advise(source: try Self.trace("rendering-cycle", "extracted"), minimumSavings: 0)
        #expect(!advice.findings.contains { $0.pattern == .extractSubviews })
    }
}
