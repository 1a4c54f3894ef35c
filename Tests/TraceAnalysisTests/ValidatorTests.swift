import Testing
import TraceAnalysis
import TracerCore
import TracerTestSupport

@Suite("TraceValidator", .temporaryDirectory)
struct ValidatorTests {
    @Test("a well-formed trace has no diagnostics")
    func clean() throws {
        let path = TestSupport.traces.appendingPathComponent("analysis-basic.jsonl").path
        #expect(TraceValidator.validate(source: .file(path)) == [])
    }

    static let violations: [(line: String, column: Int, message: String)] = [
        (#"{"seq":1,"ts":20,"tid":1,"kind":"mark","name":"m"}"#, 8, "expected seq greater than 1 (seq must strictly increase)"),
        (#"{"seq":5,"ts":-3,"tid":1,"kind":"mark","name":"m"}"#, 15, "expected a non-negative ts"),
        (#"{"seq":5,"ts":3,"tid":1,"tx":1,"kind":"invalidate","view":"A","cause":9}"#, 71, "expected cause to refer to an earlier seq (cause 9, seq 5)"),
        (#"{"seq":5,"ts":3,"tid":1,"tx":2,"kind":"invalidate","view":"A","cause":1}"#, 71, "expected cause 1 to be an event of transaction 2, not of 1 (only a write's cause may be of an earlier transaction)"),
        (#"{"seq":5,"ts":3,"tid":1,"tx":1,"kind":"invalidate","view":"A","cause":3}"#, 71, "expected cause 3 to be the seq of an earlier event"),
        (#"{"seq":5,"ts":3,"tid":1,"kind":"write","view":"A","prop":"p"}"#, 32, #"expected a "wrapper" field (required on "write" events)"#),
        (#"{"seq":5,"ts":3,"tid":1,"kind":"body-eval","view":"A","dur":1,"changed":true}"#, 73, #"expected a non-negative integer for "changed" on a "body-eval" event"#),
        (#"{"ts":3,"tid":1,"kind":"mark","name":"m"}"#, 1, #"expected a "seq" field"#),
        (#"{"seq":5,"ts":3,"kind":"meta","schema":"tracer/1"}"#, 1, "expected one meta header per trace; another trace starts here (give each trace file separately)"),
        (#"{"seq":5,"ts":3,"kind":"body-eval","view":"A","dur":-2}"#, 53, #"expected a non-negative integer for "dur""#),
        (#"{"seq":5,"ts":3,"kind":"mark","name":1}"#, 38, #"expected a string for "name""#),
        (#"{"seq":5,"ts":3,"kind":"body-eval","view":"A","dur":1,"built":1,"extract":3}"#, 75,
         #"expected "extract" at most "built" (3 > 1): it counts some of the values the body built"#),
        (#"{"seq":5,"ts":3,"kind":"mark","name":"m","old":"1","new":"2"}"#, 48, #"expected "old" only on "write" events"#),
        (#"{"seq":5,"ts":3,"kind":"write","view":"A","prop":"p","wrapper":"State","old":"1"}"#, 78, #"expected "old" and "new" together"#),
        (#"{"seq":5,"ts":3,"kind":"write","view":"A","prop":"p","wrapper":"State","old":"1","new":"2","values":"redacted"}"#, 101, #"expected either "old" and "new" or "values", not both"#),
        (#"{"seq":5,"ts":3,"kind":"write","view":"A","prop":"p","wrapper":"State","values":"hidden"}"#, 81, #"expected "redacted" or "unavailable" for "values", not "hidden""#),
        (#"{"seq":5,"ts":3,"kind":"write","view":"A","prop":"p","wrapper":"State","old":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","new":"2"}"#, 78, #"expected at most 64 bytes of UTF-8 in "old" (65)"#),
    ]

    @Test("contract violations are reported at line and column", arguments: violations)
    func violation(_ line: String, _ column: Int, _ message: String) throws {
        let first = #"{"seq":1,"ts":10,"tid":1,"tx":1,"kind":"write","view":"A","prop":"p","wrapper":"State","changed":true}"#
        let path = try TestSupport.temporaryTrace([TestSupport.meta, first, line].joined(separator: "\n") + "\n")
        let diagnostics = TraceValidator.validate(source: .file(path))
        #expect(diagnostics.map { "\($0.line):\($0.column): \($0.message)" } == ["3:\(column): \(message)"])
    }

    @Test("a field the header's source cannot produce is not required", arguments: [
        (#""source":"printChanges","capabilities":["write","body-eval","cause","write.changed"]"#, [String]()),
        (#""source":"logChanges","capabilities":["write","body-eval"]"#, []),
        (#""source":"swiftui","capabilities":["write","wrapper","body-eval"]"#, [#"2:39: expected a "wrapper" field (required on "write" events)"#]),
        (#""source":"runtime""#, [
            #"2:39: expected a "wrapper" field (required on "write" events)"#,
            #"3:39: expected a "dur" field (required on "body-eval" events)"#,
        ]),
    ])
    func capabilities(header: String, expected: [String]) {
        let trace = """
            {"kind":"meta","schema":"tracer/1","tool":"t","unit":"ns","pid":1,\(header)}
            {"seq":1,"ts":1,"tid":1,"tx":1,"kind":"write","view":"A","prop":"p","changed":true}
            {"seq":2,"ts":1,"tid":1,"tx":1,"kind":"body-eval","view":"A","cause":1,"reason":"state"}

            """
        let diagnostics = TraceValidator.validate(source: .bytes(Array(trace.utf8), name: "t"))
        #expect(diagnostics.map { "\($0.line):\($0.column): \($0.message)" } == expected)
    }

    @Test("a missing header is one error, not also a warning")
    func missingHeader() throws {
        let path = try TestSupport.temporaryTrace(#"{"seq":1,"ts":1,"kind":"mark","name":"m"}"# + "\n")
        let diagnostics = TraceValidator.validate(source: .file(path))
        #expect(diagnostics.map(\.severity) == [.error])
        #expect(diagnostics.first?.message.hasPrefix("expected a meta header") == true)
    }

    @Test("transactions interleaved by threads are valid")
    func interleavedTransactions() throws {
        let lines = [
            TestSupport.meta,
            #"{"seq":1,"ts":1,"tid":1,"tx":1,"kind":"write","view":"A","prop":"a","wrapper":"State"}"#,
            #"{"seq":2,"ts":2,"tid":2,"tx":2,"kind":"write","view":"B","prop":"b","wrapper":"State"}"#,
            #"{"seq":3,"ts":3,"tid":1,"tx":1,"kind":"invalidate","view":"A","cause":1}"#,
            #"{"seq":4,"ts":4,"tid":2,"tx":2,"kind":"invalidate","view":"B","cause":2}"#,
        ]
        let path = try TestSupport.temporaryTrace(lines.joined(separator: "\n") + "\n")
        #expect(TraceValidator.validate(source: .file(path)) == [])
    }

    @Test("a write's cause may be an evaluation of an earlier transaction (an .onChange handler's write)")
    func handlerWriteInTheNextTransaction() throws {
        let lines = [
            TestSupport.meta,
            #"{"seq":1,"ts":1,"tid":1,"tx":1,"kind":"write","view":"A","prop":"a","wrapper":"State"}"#,
            #"{"seq":2,"ts":2,"tid":1,"tx":1,"kind":"invalidate","view":"A","cause":1}"#,
            #"{"seq":3,"ts":3,"tid":1,"tx":1,"kind":"body-eval","view":"A","cause":2,"reason":"state","dur":1}"#,
            #"{"seq":4,"ts":4,"tid":1,"tx":2,"kind":"write","view":"A","prop":"b","wrapper":"State","cause":3}"#,
            #"{"seq":5,"ts":5,"tid":1,"tx":2,"kind":"invalidate","view":"A","cause":4}"#,
        ]
        let path = try TestSupport.temporaryTrace(lines.joined(separator: "\n") + "\n")
        #expect(TraceValidator.validate(source: .file(path)) == [])
    }

    @Test("lines that are not JSON are reported even when no event remains")
    func onlyGarbage() throws {
        let path = try TestSupport.temporaryTrace("not json\n\u{1}\u{2}\n")
        let diagnostics = TraceValidator.validate(source: .file(path))
        #expect(diagnostics.map(\.line) == [1, 1, 2])
        #expect(diagnostics.filter { $0.message.hasPrefix("expected") }.count == 2)
    }
}

@Suite("tracer/1 additions for Instruments traces", .temporaryDirectory)
struct InstrumentsContractTests {
    static let header = #"{"kind":"meta","schema":"tracer/1","tool":"t","unit":"ns","pid":1,"source":"instruments","capabilities":["body-eval","dur","hitch","group"],"device":"iPhone 16 Pro","os":"iOS 26.4","instruments":"27.0","run":2}"#

    @Test("dur is optional on an Instruments trace's evaluations and hitches; group and system are typed")
    func validation() {
        let trace = [
            Self.header,
            #"{"seq":1,"ts":5,"tid":1,"tx":1,"kind":"body-eval","view":"A"}"#,
            #"{"seq":2,"ts":9,"tid":1,"tx":2,"kind":"body-eval","view":"A","dur":4,"group":1}"#,
            #"{"seq":3,"ts":9,"tid":0,"kind":"hitch","system":true}"#,
            #"{"seq":4,"ts":9,"tid":0,"kind":"hitch","dur":1,"system":1}"#,
        ].joined(separator: "\n") + "\n"
        let found = TraceValidator.validate(source: .bytes(Array(trace.utf8), name: "t.jsonl"))
        // NB: a hitch whose duration Instruments' export did not give has none (README's schema table).
        #expect(found.map(\.message) == [#"expected a boolean for "system""#])
    }

    @Test("counts come from every evaluation, time only from those with dur, also when a file is read in two ranges")
    func untimedEvaluations() throws {
        var lines = [Self.header]
        for index in 1...4_000 {
            let dur = index % 2 == 0 ? #","dur":10"# : ""
            lines.append(#"{"seq":\#(index),"ts":\#(index),"tid":1,"tx":\#(index),"kind":"body-eval","view":"A"\#(dur)}"#)
        }
        lines.append(#"{"seq":4001,"ts":5000,"tid":0,"kind":"hitch","dur":7}"#)
        lines.append(#"{"seq":4002,"ts":5000,"tid":1,"kind":"update-group","dur":30,"group":1}"#)
        let path = try TestSupport.temporaryTrace(lines.joined(separator: "\n") + "\n")
        let options = TraceAnalyzer.AnalysisOptions(read: TraceReadOptions(threads: 2), minimumSplitSize: 1 << 10)
        let summary = try TraceAnalyzer.analyze(source: .file(path), options: options)
        #expect(summary.totals.bodyEvals == 4_000)
        #expect(summary.stats(for: "A")?.bodyTime.count == 2_000)
        #expect(summary.totals.bodyTimeNs == 20_000)
        #expect(summary.totals.hitches == HitchCounts(count: 1, timeNs: 7))
        #expect(summary.updateGroups.max == 30)
        #expect(summary.header?.recording == RecordingInfo(instruments: "27.0", run: 2, device: "iPhone 16 Pro", os: "iOS 26.4"))
    }

    @Test("a header without capabilities (the runtime's) does not claim hitch or group")
    func newCapabilitiesNeedListing() {
        let runtime = TraceHeader(schema: "tracer/1")
        #expect(runtime.can(.skip))
        #expect(!runtime.can(.hitch))
        #expect(!runtime.can(.group))
        #expect(BudgetMetric.hitches.unavailability(in: runtime) == "the runtime source records no hitch")
        #expect(BudgetMetric.hitches.unavailability(in: TraceHeader(schema: "tracer/1", capabilities: [.hitch])) == nil)
    }
}
