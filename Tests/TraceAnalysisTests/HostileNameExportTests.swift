import Foundation
import Testing
@testable import TraceAnalysis
import TracerTestSupport

/// Names from a trace holding quotes, backslashes, control characters and non-ASCII text, through
/// every exporter and the report: JSON documents parse and give each name back whole, text
/// prints none of their control characters raw.
@Suite("hostile names through every exporter", .temporaryDirectory)
struct HostileNameExportTests {
    static let names = [#"Q"uote"#, #"Back\slash"#, "Ctl\u{1}\u{1B}[31m\u{1F}\t\n", "Ünï—😀", "</script><!--"]

    /// A trace whose scenario, variant, views, properties, wrappers, sites, reasons, marks, kinds
    /// and values hold `names`.
    private func trace() throws -> String {
        func line(_ fields: [String: Any]) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]), as: UTF8.self)
        }
        var lines = [try line([
            "kind": "meta", "schema": "tracer/1", "tool": "t", "unit": "ns", "pid": 1, "scenario": Self.names[0], "variant": Self.names[2],
            "capabilities": ["write", "wrapper", "write.changed", "invalidate", "body-eval", "body-eval.changed", "dur", "skip", "cause", "values"],
        ])]
        for (index, name) in Self.names.enumerated() {
            let seq = 5 * index, ts = 100 * index
            lines += [
                try line(["seq": seq + 1, "ts": ts + 1, "tid": 1, "kind": "mark", "name": "m" + name]),
                try line(["seq": seq + 2, "ts": ts + 2, "tid": 1, "tx": index + 1, "kind": "write", "view": "Root[\(name)]", "prop": "p" + name,
                          "wrapper": "W" + name, "changed": true, "site": "S\(name).swift:1", "old": "o" + name, "new": "n" + name]),
                try line(["seq": seq + 3, "ts": ts + 10, "tid": 1, "tx": index + 1, "kind": "body-eval", "view": "Root[\(name)]", "cause": seq + 2,
                          "reason": "r" + name, "dur": 5, "changed": 1]),
                try line(["seq": seq + 4, "ts": ts + 11, "tid": 1, "tx": index + 1, "kind": "skip", "view": "Root[\(name)]/C", "cause": seq + 3,
                          "reason": "inputs-equal"]),
                try line(["seq": seq + 5, "ts": ts + 12, "tid": 1, "kind": "k" + name, "view": "Root[\(name)]"]),
            ]
        }
        return try TestSupport.temporaryTrace(lines.joined(separator: "\n") + "\n")
    }

    /// Every string in a parsed JSON document.
    private func strings(_ value: Any) -> [String] {
        switch value {
        case let text as String: [text]
        case let array as [Any]: array.flatMap(strings)
        case let object as [String: Any]: object.keys.map { $0 } + object.values.flatMap(strings)
        default: []
        }
    }

    @Test("Chrome (with values) and speedscope: valid JSON holding every name whole")
    func jsonExporters() throws {
        let path = try trace()
        var chrome = ChromeTraceExporter(values: true), speedscope = SpeedscopeExporter()
        var (chromeOutput, speedscopeOutput) = ("", "")
        try chrome.export(source: .file(path), options: TraceReadOptions(threads: 1), into: &chromeOutput)
        try speedscope.export(source: .file(path), options: TraceReadOptions(threads: 1), into: &speedscopeOutput)
        for (format, output) in [("chrome", chromeOutput), ("speedscope", speedscopeOutput)] {
            let document = try JSONSerialization.jsonObject(with: Data(output.utf8))
            let found = strings(document).joined(separator: "\u{0}")
            for name in Self.names {
                #expect(found.contains("Root[\(name)]"), "\(format) lost the view Root[\(name)]")
            }
            #expect(!output.contains("</script"), "\(format) can close a script element")
        }
        let chromeStrings = strings(try JSONSerialization.jsonObject(with: Data(chromeOutput.utf8))).joined(separator: "\u{0}")
        for name in Self.names {
            for expected in ["p" + name, "W" + name, "S\(name).swift:1", "o" + name, "n" + name, "r" + name, "m" + name, "k" + name] {
                #expect(chromeStrings.contains(expected), "chrome lost \(expected.debugDescription)")
            }
        }
    }

    @Test("the text and Markdown reports print no control character of a name raw", arguments: [ReportRenderer.Format.text, .markdown])
    func textReports(format: ReportRenderer.Format) throws {
        let summary = try TraceAnalyzer.analyze(source: .file(try trace()))
        let output = ReportRenderer.render(summary, format: format)
        let raw = output.unicodeScalars.filter { $0 != "\n" && TerminalText.isUnsafe($0) }
        #expect(raw.isEmpty, "raw: \(raw.map { String($0.value, radix: 16) })")
    }
}
