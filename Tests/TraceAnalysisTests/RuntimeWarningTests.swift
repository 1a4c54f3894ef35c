import Testing
@testable import TraceAnalysis

@Suite("Runtime warning events", .temporaryDirectory)
struct RuntimeWarningTests {
    static let trace = """
        \(TestSupport.meta)
        {"seq":1,"ts":1,"tid":1,"tx":1,"kind":"write","view":"A","prop":"count","wrapper":"State","changed":true,"site":"A.swift:3"}
        {"seq":2,"ts":2,"tid":1,"tx":1,"kind":"invalidate","view":"A","cause":1}
        {"seq":3,"ts":3,"tid":1,"tx":1,"kind":"body-eval","view":"A","cause":2,"reason":"state","dur":1,"changed":1}
        {"seq":4,"ts":4,"tid":1,"tx":1,"kind":"warning","view":"A","prop":"count","site":"A.swift:3","cause":1,"message":"onChange(of: Int) action tried to update multiple times per frame."}

        """

    @Test("A warning event (a frame abandoned at the round limit) is valid, counted by kind, and named in the reports")
    func warningsAreReadAndCounted() throws {
        #expect(TraceValidator.validate(source: .bytes(Array(Self.trace.utf8), name: "t")) == [])
        let summary = try TestSupport.analyze(Self.trace)
        #expect(summary.kindCounts["warning"] == 1)
        #expect(summary.unknownKinds.isEmpty)
        #expect(summary.totals.events == 4)
        let text = ReportRenderer.render(summary, format: .text)
        #expect(text.contains("\nwarnings: 1 runtime warning (kind \"warning\""))
        #expect(ReportRenderer.render(summary, format: .markdown).contains("\nWarnings: 1 runtime warning"))
        #expect(ReportRenderer.render(summary, format: .json).contains(#""warning":1"#))
    }
}
