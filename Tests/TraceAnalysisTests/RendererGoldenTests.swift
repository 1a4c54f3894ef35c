import Foundation
import ScenarioTestSupport
import Testing
import TraceAnalysis
import TracerTestSupport

@Suite("TraceAnalysis renderers", .temporaryDirectory)
struct RendererGoldenTests {
    /// Golden name → trace (in Fixtures/Traces; `scenarios/NAME.jsonl` recorded at test time), format
    /// and options (the name says which flags produced it).
    static let cases: [(golden: String, trace: String, format: ReportRenderer.Format, options: ReportOptions)] = [
        ("basic.text.txt", "analysis-basic.jsonl", .text, ReportOptions()),
        ("basic.json", "analysis-basic.jsonl", .json, ReportOptions()),
        ("basic.markdown.md", "analysis-basic.jsonl", .markdown, ReportOptions()),
        ("basic.sort-time.top-2.text.txt", "analysis-basic.jsonl", .text, ReportOptions(sort: .time, top: 2)),
        ("basic.sort-skips.filter-rows.json", "analysis-basic.jsonl", .json, ReportOptions(sort: .skips, filter: ViewGlob("**/Row[*]"))),
        ("basic.sort-wasted.markdown.md", "analysis-basic.jsonl", .markdown, ReportOptions(sort: .wasted)),
        ("scroll-offset.view-storage.text.txt", "scenarios/scroll-offset.view-storage.jsonl", .text, ReportOptions()),
        ("scroll-offset.view-storage.json", "scenarios/scroll-offset.view-storage.jsonl", .json, ReportOptions()),
        ("scroll-offset.view-storage.markdown.md", "scenarios/scroll-offset.view-storage.jsonl", .markdown, ReportOptions()),
        ("rendering-cycle.extracted.sort-skips.text.txt", "scenarios/rendering-cycle.extracted.jsonl", .text, ReportOptions(sort: .skips)),
        ("lazy-stack.state-object.top-5.markdown.md", "scenarios/lazy-stack.state-object.jsonl", .markdown, ReportOptions(top: 5)),
    ]

    @Test("reports match their golden files", arguments: cases)
    func golden(_ name: String, _ trace: String, _ format: ReportRenderer.Format, _ options: ReportOptions) throws {
        var summary = try TraceAnalyzer.analyze(source: .file(try Self.path(trace)))
        summary.file = trace
        let rendered = ReportRenderer.render(summary, format: format, options: options)
        let url = TestSupport.goldens.appendingPathComponent(name)
        let record = ProcessInfo.processInfo.environment["TRACER_RECORD_GOLDENS"] == "1"
        guard !record, let golden = try? String(contentsOf: url, encoding: .utf8) else {
            try rendered.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded golden \(name); check it and run again")
            return
        }
        #expect(rendered == golden)
    }

    /// The path of `trace`: a file in Fixtures/Traces, or scenario trace `scenarios/NAME.jsonl`
    /// recorded into the test's temporary directory.
    static func path(_ trace: String) throws -> String {
        guard trace.hasPrefix("scenarios/"), trace.hasSuffix(".jsonl") else { return TestSupport.traces.appendingPathComponent(trace).path }
        return try ScenarioTraces.file(String(trace.dropFirst("scenarios/".count).dropLast(".jsonl".count)))
    }

    @Test("the JSON report is valid JSON with the documented top-level keys")
    func jsonShape() throws {
        let summary = try TraceAnalyzer.analyze(
            source: .file(TestSupport.traces.appendingPathComponent("analysis-basic.jsonl").path))
        let text = ReportRenderer.render(summary, format: .json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == JSONReport.schema)
        #expect(Set(object.keys) == ["schema", "trace", "views", "totals", "beforeFirstMark", "marks", "unknownKinds", "invalidLines", "warnings"])
        let views = try #require(object["views"] as? [[String: Any]])
        #expect(views.first?["view"] as? String == "Screen")
    }

    @Test("names with quotes, pipes and control characters are escaped")
    func escaping() throws {
        let line = #"{"seq":1,"ts":1,"kind":"body-eval","view":"A|\"b\"\n","dur":5,"changed":1}"#
        let summary = try TestSupport.analyze(TestSupport.meta + "\n" + line + "\n")
        let json = ReportRenderer.render(summary, format: .json)
        #expect(json.contains(#""view":"A|\"b\"\n""#))
        let markdown = ReportRenderer.render(summary, format: .markdown)
        #expect(markdown.contains(#"A\|"b""#))
    }

    @Test("the text report shows control characters from names visibly, never raw")
    func terminalSafety() throws {
        let line = #"{"seq":1,"ts":1,"kind":"body-eval","view":"A\u001b[31mred\tB","dur":5,"changed":1}"#
        let summary = try TestSupport.analyze(TestSupport.meta + "\n" + line + "\n")
        let text = ReportRenderer.render(summary, format: .text)
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x09 })
        #expect(text.contains(#"A\u{1B}[31mred\u{9}B"#))
    }
}
