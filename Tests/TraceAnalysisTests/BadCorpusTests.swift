import Foundation
import Testing
@testable import TraceAnalysis
import TracerTestSupport

@Suite("TraceAnalysis bad-input corpus")
struct BadCorpusTests {
    static let names = FixtureFolder.names(in: TestSupport.badTraces.path, suffix: ".jsonl")

    @Test("the corpus is present")
    func corpusPresent() {
        #expect(Self.names.count >= 11)
    }

    @Test("each bad trace gives its expected diagnostic and severity", arguments: names)
    func expectedDiagnostic(_ name: String) throws {
        let expectedURL = TestSupport.badTraces.appendingPathComponent(name.replacingOccurrences(of: ".jsonl", with: ".expected"))
        let expected = try String(contentsOf: expectedURL, encoding: .utf8).trimmingCharacters(in: .newlines)
        let path = TestSupport.badTraces.appendingPathComponent(name).path
        let relabel = { (diagnostic: TraceDiagnostic) -> String in
            var local = diagnostic
            local.file = name
            return "\(local.severity.rawValue): \(local)"
        }
        for threads in [1, 2] {
            let options = TraceAnalyzer.AnalysisOptions(read: TraceReadOptions(threads: threads), minimumSplitSize: 1)
            do {
                let summary = try TraceAnalyzer.analyze(source: .file(path), options: options)
                if expected.hasPrefix("ok:") {
                    #expect(summary.warnings.isEmpty)
                    #expect("ok: unknown kinds: " + ReportTable.unknownKinds(summary) == expected)
                } else {
                    #expect(summary.warnings.map(relabel) == [expected])
                }
            } catch {
                #expect(relabel(error.diagnostic) == expected)
            }
        }
    }

    @Test("a cut-off final line keeps the events before it")
    func truncatedKeepsEvents() throws {
        let path = TestSupport.badTraces.appendingPathComponent("truncated-final-line.jsonl").path
        let summary = try TraceAnalyzer.analyze(source: .file(path))
        #expect(summary.stats(for: "A")?.bodyEvals == 1)
        #expect(summary.lineCount == 3)
    }

    @Test("standard input cannot be split and a missing file is a diagnostic")
    func missingFile() {
        #expect(throws: TraceError.self) { try TraceAnalyzer.analyze(source: .file("/nonexistent/trace.jsonl")) }
        #expect(TraceInput(argument: "-") == .standardInput)
        #expect(TraceInput(argument: "a.jsonl") == .file("a.jsonl"))
    }
}
