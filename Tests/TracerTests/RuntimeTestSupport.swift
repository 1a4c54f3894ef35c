import Foundation
@testable import Tracer

/// One recorded `tracer/1` event, parsed back from its JSON line.
struct RecordedEvent {
    let fields: [String: Any]

    var kind: String { fields[TraceSchema.Field.kind] as? String ?? "" }
    var view: String { fields[TraceSchema.Field.view] as? String ?? "" }
    var prop: String? { fields[TraceSchema.Field.prop] as? String }
    var wrapper: String? { fields[TraceSchema.Field.wrapper] as? String }
    var reason: String? { fields[TraceSchema.Field.reason] as? String }
    var site: String? { fields[TraceSchema.Field.site] as? String }
    var message: String? { fields[TraceSchema.Field.message] as? String }
    var seq: Int { fields[TraceSchema.Field.seq] as? Int ?? 0 }
    var tx: Int { fields[TraceSchema.Field.tx] as? Int ?? 0 }
    var cause: Int { fields[TraceSchema.Field.cause] as? Int ?? 0 }
    var ts: Int { fields[TraceSchema.Field.ts] as? Int ?? 0 }
    var dur: Int { fields[TraceSchema.Field.dur] as? Int ?? 0 }
    /// `changed` of a body-eval (a count).
    var changedCount: Int? { fields[TraceSchema.Field.changed] as? Int }
    /// `changed` of a write (a flag).
    var changedFlag: Bool? { fields[TraceSchema.Field.changed] as? Bool }

    func `is`(_ kind: EventKind) -> Bool { self.kind == kind.name }
}

/// A graph recording into memory on a deterministic clock, with queries over what it recorded.
final class RecordingGraph {
    let sink = MemorySink()
    /// The recorder's clock: every reading advances it by 1 µs.
    let clock = ManualClock(step: 1000)
    let recorder: TraceRecorder
    let graph: ViewGraph

    init(defaultViewport: Range<Int> = 0..<10, values: Bool = false) {
        recorder = TraceRecorder(sink: sink, metadata: TraceMetadata(scenario: "runtime-test"), clock: .manual(clock), values: values)
        graph = ViewGraph(recorder: recorder, defaultViewport: defaultViewport)
    }

    deinit { recorder.close() }

    /// Every event recorded so far (the `meta` header excluded).
    var events: [RecordedEvent] {
        recorder.flush()
        return sink.lines.compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            let event = RecordedEvent(fields: object)
            return event.is(.meta) ? nil : event
        }
    }

    /// Events of `kind`, optionally only those about the view at `path`, after `seq`.
    func events(_ kind: EventKind, view path: String? = nil, after seq: Int = 0) -> [RecordedEvent] {
        events.filter { $0.is(kind) && (path == nil || $0.view == path) && $0.seq > seq }
    }

    /// Every event after `seq`.
    func events(after seq: Int) -> [RecordedEvent] { events.filter { $0.seq > seq } }

    /// The `seq` of the latest event so far (0 when none): a bookmark for `after:`.
    var lastSeq: Int { events.last?.seq ?? 0 }

    /// The paths that got a `body-eval` after `seq`, in order.
    func evaluatedViews(after seq: Int) -> [String] { events(.bodyEval, after: seq).map(\.view) }

    /// The paths that got a `skip` after `seq`, in order.
    func skippedViews(after seq: Int) -> [String] { events(.skip, after: seq).map(\.view) }

    /// The event whose `seq` is `seq`.
    func event(seq: Int) -> RecordedEvent? { events.first { $0.seq == seq } }
}

/// Serialises `capturingStandardError`: descriptor 2 is the whole process's.
private let standardErrorCapture = NSLock()

/// Runs `body` with the process's standard error redirected to a file; returns what was written
/// to it meanwhile (and passes it on to the real standard error).
///
/// NB: one capture at a time. Two overlapping captures (the cases of a parameterised test run in
/// parallel) saved each other's file as "the real" descriptor 2 and left the process writing its
/// standard error, the test runner's report included, into an unlinked file.
func capturingStandardError(_ body: () throws -> Void) rethrows -> String {
    standardErrorCapture.lock()
    defer { standardErrorCapture.unlock() }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tracer-stderr-\(UUID().uuidString)").path
    let file = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
    precondition(file >= 0, "cannot create \(path)")
    let saved = dup(2)
    dup2(file, 2)
    defer {
        dup2(saved, 2)
        close(saved)
        close(file)
        unlink(path)
    }
    try body()
    let captured = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    FileHandle(fileDescriptor: saved).write(Data(captured.utf8))
    return captured
}

/// A view with a count of its own: a text showing it and a button titled `title` adding one.
struct CountingView: View {
    let title: String
    @State private var count = 0

    var body: some View {
        VStack {
            Text("\(count)")
            Button(title) { count += 1 }
        }
    }
}
