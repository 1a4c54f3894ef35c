import Foundation
import ScenarioTestSupport
import Testing
@testable import TraceAnalysis
import TracerTestSupport
import TraceSupport

@Suite(.temporaryDirectory) struct ExportTests {
    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func chromeEvaluationsAreCompleteEventsInMicroseconds() throws {
        let document = try json(try VisualGolden.export("state", with: ChromeTraceExporter()))
        let events = try #require(document["traceEvents"] as? [[String: Any]])
        let slices = events.filter { $0["ph"] as? String == "X" && $0["cat"] as? String == "body-eval" }
        let summary = try VisualGolden.profile("state").summary
        #expect(slices.count == summary.totals.bodyEvals)
        // seq 13 in the fixture: ts 8_373_333 ns, dur 36_000 ns → starts at 8_337_333 ns.
        let first = try #require(slices.first { ($0["args"] as? [String: Any])?["seq"] as? Int == 13 })
        #expect((first["ts"] as? Double) == 8337.333)
        #expect((first["dur"] as? Double) == 36)
        let skips = events.filter { $0["ph"] as? String == "i" && $0["cat"] as? String == "skip" }
        #expect(skips.count == summary.totals.skips)
        #expect(events.contains { $0["ph"] as? String == "M" && $0["name"] as? String == "thread_name" })
        #expect(events.contains { $0["ph"] as? String == "C" })
    }

    @Test func chromeFlowsLinkEachWriteToTheEvaluationsItCaused() throws {
        let document = try json(try VisualGolden.export("state", with: ChromeTraceExporter()))
        let events = try #require(document["traceEvents"] as? [[String: Any]])
        let starts = events.filter { $0["ph"] as? String == "s" }
        let ends = events.filter { $0["ph"] as? String == "f" }
        #expect(starts.count == ends.count)
        // Every body-eval after the first transaction goes back to that frame's scroll write.
        let caused = try VisualGolden.profile("state").summary.views.reduce(0) { total, stats in
            total + stats.causes.reduce(0) { $0 + $1.count }
        }
        #expect(ends.count == caused)
        #expect(Set(ends.compactMap { $0["id"] as? Int }).count == ends.count)
    }

    @Test func chromeFlowsStartAtTheWriteThatStartedTheCauseChain() throws {
        // view-storage: the @ViewStorage offset write (seq 12) leads to the @State flag write
        // (seq 13, cause 12), which invalidates ContentView: its flows start at seq 12's write.
        let document = try json(try VisualGolden.export("view-storage", with: ChromeTraceExporter()))
        let events = try #require(document["traceEvents"] as? [[String: Any]])
        let writes = events.filter { $0["cat"] as? String == "write" }
        let rootTimes = Set(writes.filter { ($0["args"] as? [String: Any])?["cause"] == nil }.compactMap { $0["ts"] as? Double })
        let flag = try #require(writes.first { ($0["args"] as? [String: Any])?["seq"] as? Int == 13 })
        #expect((flag["args"] as? [String: Any])?["rootWrite"] as? Int == 12)
        let starts = events.filter { $0["ph"] as? String == "s" }
        #expect(starts.map { $0["id"] as? Int } == [15, 16])
        for start in starts { #expect(rootTimes.contains(try #require(start["ts"] as? Double))) }
        #expect(starts.allSatisfy { $0["ts"] as? Double == 24999.999 })
    }

    @Test func chromeFlowsFollowChainsAcrossTransactionsAndMatchTheReportsCauses() throws {
        // The flag write joins the next transaction; its cause is the previous transaction's write.
        let trace = TestSupport.meta + "\n" + [
            #"{"seq":1,"ts":100,"tid":1,"tx":1,"kind":"write","view":"V","prop":"offset","wrapper":"ViewStorage","changed":true}"#,
            #"{"seq":2,"ts":200,"tid":1,"tx":2,"kind":"write","view":"V","prop":"flag","wrapper":"State","changed":true,"cause":1}"#,
            #"{"seq":3,"ts":300,"tid":1,"tx":2,"kind":"invalidate","view":"V","cause":2}"#,
            #"{"seq":4,"ts":400,"tid":1,"tx":2,"kind":"body-eval","view":"V","cause":3,"dur":50,"changed":1}"#,
            #"{"seq":5,"ts":500,"tid":1,"tx":2,"kind":"body-eval","view":"V/Child","cause":4,"dur":50,"changed":0}"#,
        ].joined(separator: "\n") + "\n"
        let path = try TestSupport.temporaryTrace(trace)
        var exporter = ChromeTraceExporter()
        var output = ""
        try exporter.export(source: .file(path), options: TraceReadOptions(threads: 1), into: &output)
        let events = try #require(try json(output)["traceEvents"] as? [[String: Any]])
        let starts = events.filter { $0["ph"] as? String == "s" }
        #expect(starts.map { $0["id"] as? Int } == [4, 5])
        #expect(starts.allSatisfy { $0["ts"] as? Double == 0.1 })
        let summary = try TestSupport.analyze(trace)
        let caused = summary.views.reduce(0) { total, stats in total + stats.causes.reduce(0) { $0 + $1.count } }
        #expect(caused == starts.count)
        #expect(summary.views.flatMap(\.causes).allSatisfy { $0.origin.prop == "offset" })
    }

    @Test("Chrome args: changed and wasted are null where the source does not produce them, figures where it does", arguments: [
        ("adapter/scroll-offset.state.jsonl", false, true), ("sources/printChanges.jsonl", false, true),
        ("writes and timed evaluations only", false, false), ("scenarios/scroll-offset.state.jsonl", true, true),
    ])
    func chromeChangedIsNullWithoutTheCapability(trace: String, evaluationsCount: Bool, writesCount: Bool) throws {
        let path = trace.hasSuffix(".jsonl") ? TestSupport.traces.appendingPathComponent(trace).path : try TestSupport.temporaryTrace([
            #"{"kind":"meta","schema":"tracer/1","unit":"ns","source":"instruments","capabilities":["write","body-eval","dur"]}"#,
            #"{"seq":1,"ts":100,"tid":1,"kind":"write","view":"V","prop":"offset","wrapper":"State"}"#,
            #"{"seq":2,"ts":200,"tid":1,"kind":"body-eval","view":"V","dur":50}"#,
        ].joined(separator: "\n") + "\n")
        var exporter = ChromeTraceExporter()
        var output = ""
        try exporter.export(source: .file(path), options: TraceReadOptions(threads: 1), into: &output)
        let events = try #require(try json(output)["traceEvents"] as? [[String: Any]])
        let evaluations = events.filter { $0["cat"] as? String == "body-eval" && $0["ph"] as? String != "C" }.compactMap { $0["args"] as? [String: Any] }
        let writes = events.filter { $0["cat"] as? String == "write" }.compactMap { $0["args"] as? [String: Any] }
        #expect(!evaluations.isEmpty)
        for args in evaluations {
            #expect((args["changed"] is NSNull) == !evaluationsCount && (args["wasted"] is NSNull) == !evaluationsCount, "\(args)")
        }
        for args in writes { #expect((args["changed"] is NSNull) == !writesCount, "\(args)") }
    }

    @Test func chromeFlowsOfTheScenarioTraceGoToTheViewStorageWrite() throws {
        // NB: as recorded, with body times: a flow ends in a slice, which an untimed evaluation is not.
        let path = try TestSupport.temporaryTrace(try ScenarioRecording("scroll-offset", "view-storage").lines.map { $0 + "\n" }.joined())
        var exporter = ChromeTraceExporter()
        var output = ""
        try exporter.export(source: .file(path), options: TraceReadOptions(threads: 1), into: &output)
        let events = try #require(try json(output)["traceEvents"] as? [[String: Any]])
        let flags = events.compactMap { $0["args"] as? [String: Any] }.filter { $0["prop"] as? String == "isNavigationBarVisible" }
        #expect(flags.count == 240)
        #expect(flags.allSatisfy { $0["rootWrite"] != nil && $0["rootWrite"] as? Int == $0["cause"] as? Int })
        let summary = try TraceAnalyzer.analyze(source: .file(path), options: .init(read: TraceReadOptions(threads: 1)))
        let caused = summary.views.reduce(0) { total, stats in total + stats.causes.reduce(0) { $0 + $1.count } }
        #expect(events.filter { $0["ph"] as? String == "f" }.count == caused)
        #expect(caused == 4)
    }

    @Test(arguments: FlameWeight.allCases)
    func speedscopeEventsAreBalancedAndOrdered(weight: FlameWeight) throws {
        let document = try json(try VisualGolden.export("state", with: SpeedscopeExporter(weight: weight)))
        #expect(document["$schema"] as? String == SpeedscopeExporter.schemaURL)
        let profiles = try #require(document["profiles"] as? [[String: Any]])
        #expect(profiles.map { $0["type"] as? String } == ["evented", "sampled"])
        let events = try #require(profiles[0]["events"] as? [[String: Any]])
        var open: [Int] = []
        var last = -1
        for event in events {
            let at = try #require(event["at"] as? Int)
            let frame = try #require(event["frame"] as? Int)
            #expect(at >= last)
            last = at
            if event["type"] as? String == "O" { open.append(frame) } else { #expect(open.popLast() == frame) }
        }
        #expect(open.isEmpty)
        let weights = try #require(profiles[1]["weights"] as? [Int])
        let summary = try VisualGolden.profile("state").summary
        let expected = summary.views.reduce(0) { $0 + Int(weight.value(of: $1)) }
        #expect(weights.reduce(0, +) == expected)
        #expect(profiles[1]["endValue"] as? Int == expected)
    }

    @Test func speedscopeEventsPastOneOutputBlockArriveWholeAndInOrder() throws {
        // NB: 3,000 evaluations of a two-frame view: some 400 KB of events, several output blocks.
        let lines = (1...3000).map { seq in
            #"{"seq":\#(seq),"ts":\#(seq * 10),"tid":1,"tx":\#(seq),"kind":"body-eval","view":"Root/Row","dur":4,"changed":1}"#
        }
        let path = try TestSupport.temporaryTrace(([TestSupport.meta] + lines).joined(separator: "\n") + "\n")
        var exporter = SpeedscopeExporter()
        var output = ""
        try exporter.export(source: .file(path), options: TraceReadOptions(threads: 1), into: &output)
        let profiles = try #require(try json(output)["profiles"] as? [[String: Any]])
        let events = try #require(profiles[0]["events"] as? [[String: Any]])
        #expect(events.count == 4 * 3000)
        let times: [Int] = (1...3000).flatMap { (seq: Int) -> [Int] in [seq * 10 - 4, seq * 10 - 4, seq * 10, seq * 10] }
        let frames: [Int] = Array(repeating: [0, 1, 1, 0], count: 3000).flatMap { $0 }
        #expect(events.compactMap { $0["at"] as? Int } == times)
        #expect(events.compactMap { $0["frame"] as? Int } == frames)
        #expect(profiles[1]["weights"] as? [Int] == [3000])
    }

    @Test func viewPathsKeepEveryByteInTheirOrder() throws {
        let views = ["Root/Café", "Root/\\\"quoted\\\"", "Root/Café/Row[10]", "Root/😀"]
        let lines = views.enumerated().map { index, view in
            #"{"seq":\#(index + 1),"ts":\#(index + 1),"tid":1,"tx":1,"kind":"body-eval","view":"\#(view)","dur":1,"changed":1}"#
        }
        let path = try TestSupport.temporaryTrace(([TestSupport.meta] + lines + [lines[0]]).joined(separator: "\n") + "\n")
        var exporter = ChromeTraceExporter()
        var output = ""
        try exporter.export(source: .file(path), options: TraceReadOptions(threads: 1), into: &output)
        let events = try #require(try json(output)["traceEvents"] as? [[String: Any]])
        let slices = events.filter { $0["ph"] as? String == "X" }.compactMap { $0["name"] as? String }
        #expect(slices == ["Root/Café", #"Root/"quoted""#, "Root/Café/Row[10]", "Root/😀", "Root/Café"])
        let names = TraceNames()
        #expect(names.view(0) == "" && names.view(7) == "")
    }

    @Test func readsStandardInputShapedSourcesAndReportsBadLines() throws {
        let path = try TestSupport.temporaryTrace(TestSupport.meta + "\n{\"seq\":1,\"kind\":\"body-eval\",\"view\":\"A\",\"dur\":x}\n")
        var exporter = ChromeTraceExporter()
        var output = ""
        #expect(throws: TraceError.self) {
            try exporter.export(source: .file(path), options: TraceReadOptions(threads: 1), into: &output)
        }
    }

    @Test func outputFilesAppearWholeOnCloseOrNotAtAll() throws {
        let directory = temporaryDirectory()
        let fresh = directory + "/fresh.json", existing = directory + "/existing.json"
        do {
            let dropped = try FileOutputStream.create(path: fresh)
            dropped.write(String(repeating: "x", count: 200_000))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "a dropped stream leaves nothing")
        try "old".write(toFile: existing, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: existing)
        do {
            let dropped = try FileOutputStream.create(path: existing)
            dropped.write(String(repeating: "x", count: 200_000))
        }
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "old")
        let written = try FileOutputStream.create(path: existing)
        written.write("new")
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "old", "nothing shows before close")
        try written.close()
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "new")
        let attributes = try FileManager.default.attributesOfItem(atPath: existing)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["existing.json"])
    }

    @Test("microseconds keep every nanosecond and drop trailing zeros", arguments: [
        (Int64(0), "0"), (1, "0.001"), (5, "0.005"), (50, "0.05"), (1500, "1.5"), (8_337_333, "8337.333"), (1_000_010, "1000.01"),
        (-2000, "-2"), (Int64.min, "-9223372036854775.808"), (Int64.max, "9223372036854775.807"),
    ])
    func microsecondsKeepNanosecondPrecision(nanoseconds: Int64, expected: String) {
        var writer = JSONWriter()
        writer.number(microseconds: nanoseconds)
        #expect(writer.text == expected)
    }

    @Test func jsonStringsCannotCloseAScriptElement() {
        let quoted = JSONText.quoted("</script><b>\"&\n\u{2028}")
        #expect(!quoted.contains("<"))
        #expect(!quoted.contains(">"))
        #expect(quoted == #""\u003c/script\u003e\u003cb\u003e\"\u0026\n\u2028""#)
    }
}

/// The Chrome export gathers no per-view figures, yet warns as a pass that gathers them does.
@Suite(.temporaryDirectory) struct ViewlessExportTests {
    /// Two views whose body time saturates (named out of order), one that does not, a saturated
    /// mark interval, an invalid line and a cut-off final line.
    private static let trace = [
        TestSupport.meta,
        #"{"seq":1,"ts":10,"tid":1,"tx":1,"kind":"body-eval","view":"Root/B","dur":9223372036854775807,"changed":1}"#,
        #"{"seq":2,"ts":20,"tid":1,"tx":1,"kind":"mark","name":"m"}"#,
        #"{"seq":3,"ts":30,"tid":1,"tx":2,"kind":"body-eval","view":"Root/C","dur":7,"changed":1}"#,
        #"{"seq":4,"ts":40,"tid":1,"tx":2,"kind":"body-eval","view":"Root/B","dur":1,"changed":0}"#,
        "not json",
        #"{"seq":5,"ts":50,"tid":1,"tx":3,"kind":"body-eval","view":"Root/A","dur":9223372036854775807,"changed":1}"#,
        #"{"seq":6,"ts":60,"tid":1,"tx":3,"kind":"body-eval","view":"Root/A","dur":2,"changed":1}"#,
        #"{"seq":7,"ts":70,"tid":1,"tx":4,"kind":"skip","view":"Root/C""#,
    ].joined(separator: "\n")

    @Test("warnings, invalid lines, marks and totals as with every view's figures", arguments: [
        (TraceSlice(), "in 2 views (Root/A, …) and 1 mark interval and the trace's total"),
        (TraceSlice(from: .timestamp(25)), "in 1 view (Root/A) and the trace's total"),
        (TraceSlice(mark: "m"), "in 1 view (Root/A) and 1 mark interval and the trace's total"),
    ])
    func summaryMatchesTheFullOne(slice: TraceSlice, saturated: String) throws {
        let source = TraceInput.file(try TestSupport.temporaryTrace(Self.trace))
        let options = TraceReadOptions(lenient: true, threads: 1)
        let full = try TraceScan.run(source: source, options: options, slice: slice).summary
        var exporter = ChromeTraceExporter()
        var output = ""
        let viewless = try exporter.export(source: source, options: options, slice: slice, into: &output).summary
        #expect(viewless.views.isEmpty)
        #expect(full.views.count == 3)
        #expect(viewless.warnings == full.warnings)
        #expect(viewless.warnings.contains { $0.message.contains("body time reached 9223372036854775807 ns (Int64.max) \(saturated);") })
        #expect(viewless.invalidLineCount == full.invalidLineCount && full.invalidLineCount > 0)
        #expect(viewless.marks == full.marks)
        #expect(viewless.totals == full.totals)
        #expect(viewless.kindCounts == full.kindCounts)
    }
}

/// The report and the Chrome export follow `cause` chains through one window of recent `seq`s,
/// so they agree on every chain, however long.
@Suite(.temporaryDirectory) struct CauseWindowTests {
    /// A write, `gap` unrelated writes of other transactions (each the root of a chain of its
    /// own), then an evaluation caused by the first write.
    private func trace(gap: Int) -> String {
        var lines = [TestSupport.meta]
        lines.append(#"{"seq":1,"ts":1,"tid":1,"tx":1,"kind":"write","view":"A","prop":"p","wrapper":"State","changed":true}"#)
        for index in 0..<gap {
            let seq = index + 2
            lines.append(#"{"seq":\#(seq),"ts":\#(seq),"tid":2,"tx":\#(seq),"kind":"write","view":"B","prop":"q","wrapper":"State","changed":true}"#)
        }
        let seq = gap + 2
        lines.append(#"{"seq":\#(seq),"ts":\#(seq),"tid":1,"tx":1,"kind":"body-eval","view":"A","cause":1,"dur":5,"changed":1}"#)
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("a cause 150,000 chains back: the report and the export both follow it", arguments: [10, 150_000])
    func reportAndExportAgree(gap: Int) throws {
        let text = trace(gap: gap)
        let summary = try TestSupport.analyze(text)
        #expect(summary.stats(for: "A")?.causes.first?.count == 1)
        var exporter = ChromeTraceExporter()
        var output = ""
        try exporter.export(source: .file(try TestSupport.temporaryTrace(text)), options: TraceReadOptions(threads: 1), into: &output)
        #expect(output.contains(#""name":"caused by write","cat":"cause","ph":"f""#))
    }
}
