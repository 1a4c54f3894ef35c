import Foundation
import Testing
import TraceAnalysis

@Suite("TraceAnalysis renderers")
struct RendererGoldenTests {
    /// Golden name → format and options (the name says which flags produced it).
    static let cases: [(golden: String, format: ReportRenderer.Format, options: ReportOptions)] = [
        ("basic.text.txt", .text, ReportOptions()),
        ("basic.json", .json, ReportOptions()),
        ("basic.markdown.md", .markdown, ReportOptions()),
        ("basic.sort-time.top-2.text.txt", .text, ReportOptions(sort: .time, top: 2)),
        ("basic.sort-skips.filter-rows.json", .json, ReportOptions(sort: .skips, filter: ViewGlob("**/Row[*]"))),
        ("basic.sort-wasted.markdown.md", .markdown, ReportOptions(sort: .wasted)),
    ]

    @Test("reports match their golden files", arguments: cases)
    func golden(_ name: String, _ format: ReportRenderer.Format, _ options: ReportOptions) throws {
        var summary = try TraceAnalyzer.analyze(
            source: .file(TestSupport.traces.appendingPathComponent("analysis-basic.jsonl").path))
        summary.file = "analysis-basic.jsonl"
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
}
