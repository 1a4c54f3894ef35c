import Testing
import TraceAnalysis
import TracerTestSupport

/// What an exporter outside the package reads of each event: `StreamedEvent`'s public properties.
@Suite("StreamedEvent: the events an exporter reads", .temporaryDirectory)
struct StreamedEventTests {
    /// One event's public properties, as an exporter sees them.
    struct Seen: Equatable {
        var kind: String, seq: Int64?, ts: Int64?, tid: Int64?, tx: Int64?, cause: Int64?, dur: Int64?, changed: Int64?
        var pid: Int64?, view: String?, viewNumber: Int, prop: String?, wrapper: String?, site: String?, reason: String?
        var name: String?, scenario: String?, variant: String?, recordsChanges: Bool, isUntimed: Bool, line: Int

        init(_ event: StreamedEvent) {
            kind = event.kindName
            (seq, ts, tid, tx, cause, dur, changed, pid) = (event.seq, event.ts, event.tid, event.tx, event.cause, event.dur, event.changed, event.pid)
            (view, viewNumber, prop, wrapper, site, reason) = (event.view, event.viewNumber, event.prop, event.wrapper, event.site, event.reason)
            (name, scenario, variant) = (event.name, event.scenario, event.variant)
            (recordsChanges, isUntimed, line) = (event.recordsChanges, event.isUntimed, event.line)
        }
    }

    /// An exporter that keeps what it sees of each event and writes nothing.
    struct Recorder: StreamingExporter {
        static var viewerLimit: ViewerLimit? { nil }
        var readsViewFigures: Bool { false }
        var untimedEvaluations: String { "kept" }
        var seen: [Seen] = []

        mutating func begin(into output: inout some TextOutputStream) {}
        mutating func consume(_ event: StreamedEvent, into output: inout some TextOutputStream) { seen.append(Seen(event)) }
        mutating func finish(summary: TraceSummary, into output: inout some TextOutputStream) {}
    }

    /// What `Recorder` sees of the trace of `lines`.
    private func seen(_ lines: [String]) throws -> [Seen] {
        var recorder = Recorder()
        var output = ""
        try recorder.export(source: .file(try TestSupport.temporaryTrace(lines.joined(separator: "\n") + "\n")), into: &output)
        return recorder.seen
    }

    @Test("every field the line held, nil for one it lacks; a view's number is the same for each of its events")
    func fieldsAndNames() throws {
        let seen = try seen([
            TestSupport.meta,
            #"{"seq":1,"ts":100,"tid":1,"tx":1,"kind":"write","view":"V","prop":"offset","wrapper":"State","changed":true,"site":"V.swift:3"}"#,
            #"{"seq":2,"ts":300,"tid":2,"tx":1,"kind":"body-eval","view":"V/Row[1]","cause":1,"reason":"state","dur":150,"changed":0}"#,
            #"{"seq":3,"ts":400,"kind":"body-eval","view":"V"}"#,
            #"{"seq":4,"ts":500,"kind":"mark","name":"scroll"}"#,
        ])
        #expect(seen.map(\.kind) == ["meta", "write", "body-eval", "body-eval", "mark"])
        #expect(seen[0].scenario == "s" && seen[0].variant == "v" && seen[0].pid == 1 && seen[0].seq == nil && seen[0].line == 1)
        let write = seen[1]
        #expect(write.seq == 1 && write.ts == 100 && write.tid == 1 && write.tx == 1 && write.cause == nil && write.dur == nil)
        #expect(write.view == "V" && write.prop == "offset" && write.wrapper == "State" && write.site == "V.swift:3")
        #expect(write.changed == 1 && write.recordsChanges && write.reason == nil && write.line == 2)
        let evaluation = seen[2]
        #expect(evaluation.cause == 1 && evaluation.dur == 150 && evaluation.changed == 0 && evaluation.reason == "state")
        #expect(evaluation.view == "V/Row[1]" && evaluation.prop == nil && evaluation.recordsChanges && !evaluation.isUntimed)
        // NB: an evaluation without `dur` has no known length in any trace: never one of 0 ns.
        #expect(seen[3].dur == nil && seen[3].changed == nil && seen[3].tid == nil && seen[3].isUntimed)
        #expect(seen[3].viewNumber == write.viewNumber && evaluation.viewNumber != write.viewNumber && write.viewNumber != 0)
        #expect(seen[4].name == "scroll" && seen[4].view == nil && seen[4].viewNumber == 0 && !seen[4].recordsChanges)
    }

    @Test("from a source that leaves lengths and changes unknown: an evaluation without dur is untimed, no changes are recorded")
    func instrumentsEvents() throws {
        let seen = try seen([
            #"{"kind":"meta","schema":"tracer/1","tool":"test","unit":"ns","pid":1,"source":"instruments","capabilities":["write","body-eval","dur"]}"#,
            #"{"seq":1,"ts":100,"tid":1,"kind":"write","view":"V","prop":"offset"}"#,
            #"{"seq":2,"ts":200,"tid":1,"kind":"body-eval","view":"V"}"#,
            #"{"seq":3,"ts":300,"tid":1,"kind":"body-eval","view":"V","dur":20}"#,
        ])
        #expect(seen.map(\.isUntimed) == [false, false, true, false])
        #expect(seen.map(\.recordsChanges) == [false, false, false, false])
    }
}
