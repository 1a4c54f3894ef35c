import Foundation
import Testing
@testable import TraceAnalysis
import TracerTestSupport

/// A `seq` that does not increase in file order: warned about, never merged silently.
@Suite("seq out of file order", .temporaryDirectory)
struct SeqOrderTests {
    /// Two transactions whose `seq`s go back at the second one's write (line 6).
    static let trace = [
        TestSupport.meta,
        #"{"seq":10,"ts":1,"tid":1,"tx":1,"kind":"write","view":"A","prop":"p","wrapper":"State","changed":true}"#,
        #"{"seq":11,"ts":2,"tid":1,"tx":1,"kind":"invalidate","view":"A","cause":10}"#,
        #"{"seq":12,"ts":3,"tid":1,"tx":1,"kind":"body-eval","view":"A","cause":11,"reason":"state","dur":5,"changed":0}"#,
        #"{"seq":13,"ts":4,"tid":1,"tx":1,"kind":"body-eval","view":"A/B","cause":12,"reason":"inputs-changed","dur":5,"changed":0}"#,
        #"{"seq":3,"ts":5,"tid":1,"tx":2,"kind":"write","view":"A","prop":"q","wrapper":"State","changed":true}"#,
        #"{"seq":4,"ts":6,"tid":1,"tx":2,"kind":"invalidate","view":"A","cause":3}"#,
        #"{"seq":5,"ts":7,"tid":1,"tx":2,"kind":"body-eval","view":"A","cause":4,"reason":"state","dur":5,"changed":1}"#,
        #"{"seq":6,"ts":8,"tid":1,"tx":2,"kind":"body-eval","view":"A/B","cause":5,"reason":"inputs-changed","dur":5,"changed":0}"#,
    ].joined(separator: "\n") + "\n"

    @Test("report warns once, at the first seq that does not increase, and reads on")
    func warns() throws {
        let summary = try TestSupport.analyze(Self.trace)
        let warning = try #require(summary.warnings.first { $0.message.hasPrefix("seq ") })
        #expect(warning.line == 6 && warning.column == 8 && warning.severity == .warning)
        #expect(warning.message.hasPrefix("seq 3 after seq 13: cause chains are followed in file order"))
        #expect(summary.warnings.count { $0.message.hasPrefix("seq ") } == 1)
        #expect(summary.totals.bodyEvals == 4)
    }

    @Test("a trace split anywhere is read again in one pass: the same figures and the same warning")
    func splitsAgree() throws {
        let path = try TestSupport.temporaryTrace(Self.trace)
        let options = TraceAnalyzer.AnalysisOptions(read: TraceReadOptions(threads: 1), causeGraph: true)
        let whole = try TraceAnalyzer.analyze(source: .file(path), options: options)
        let bytes = Array(Self.trace.utf8)
        let lineStarts = bytes.indices.filter { $0 > 0 && bytes[$0 - 1] == UInt8(ascii: "\n") && $0 < bytes.count }
        for start in lineStarts.dropFirst() {
            let partial = try TraceAnalyzer.read(path: path, rangesStartingAt: [start], options: options) { (reader) throws(TraceError) in
                try TraceAnalyzer.aggregate(&reader, options)
            }
            #expect(partial.summary(threads: 1) == whole, "split at \(start)")
        }
    }

    @Test("validate reports each such seq as an error, without the reader's warning besides")
    func validateReports() throws {
        let path = try TestSupport.temporaryTrace(Self.trace)
        let diagnostics = TraceValidator.validate(source: .file(path))
        #expect(diagnostics.filter { $0.line == 6 }.map(\.severity) == [.error])
    }
}
