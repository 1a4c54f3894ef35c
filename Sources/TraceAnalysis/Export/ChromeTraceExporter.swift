import TracerCore
import TraceSupport

/// Chrome's trace-event JSON, as Perfetto UI and `chrome://tracing` load it, streamed.
///
/// - body evaluations: complete events (`"ph":"X"`) from `ts - dur` to `ts`, named by view path;
///   one without a duration (an Instruments update in flight) an instant (`"ph":"i"`) at its `ts`
///   with `"untimed":true`, never a slice of 0 µs;
/// - writes: 1 ns complete events, the start of a flow (`s`/`f`) to each evaluation they caused;
///   their `old`/`new` values (or `values` marker) only when the exporter was made `values: true`:
///   values may hold what users typed, and an exported file travels;
/// - `changed` and `wasted` in args are `null` where the trace's source does not produce them
///   (its header's capabilities), never a measured 0 or false;
/// - skips, invalidations, marks and lifecycle events: instant events (`"ph":"i"`);
/// - a counter track per view (`"ph":"C"`): its evaluations so far;
/// - process and thread names (`"ph":"M"`).
///
/// Cause chains are followed to their root write, as the report's causes are: a write caused by
/// another write (a `@State` flag set in `.onReceive` of a `@ViewStorage` publisher) passes its
/// evaluations' flows on to the write that started the chain, and carries `rootWrite` in its args.
///
/// Times are microseconds with nanosecond decimals, as the format requires. Memory stays bounded:
/// causes are followed through the same window of recent `seq`s as the report's (`RecentSeqTable`).
public struct ChromeTraceExporter: StreamingExporter {
    /// The write a chain started with: where its flows start.
    private struct RootWrite {
        var seq: Int64
        var ts: Int64
        var tid: Int64
    }

    private var pid: Int64 = 1
    private var namedThreads: Set<Int64> = []
    /// The thread named last (its events need no look-up in `namedThreads`).
    private var lastNamedThread: Int64?
    /// The root write each recent `seq` traces back to.
    private let roots = RecentSeqTable<RootWrite>()
    private var evalCounts: [Int] = []
    /// View paths and strings as JSON string literals, quoted once per name (not once per event).
    private var quotedViews = QuotedNames()
    private var quotedStrings = QuotedNames()
    /// Events written since the last block went to the output.
    ///
    /// NB: events are written as bytes, handed on a block at a time, never as a `String` built
    /// per event. Names are embeddable, as in every page the trace may be shown in.
    private var json = JSONWriter(capacity: blockSize + 4096, embeddable: true)
    private static let blockSize = 1 << 16

    /// Whether writes' args carry their `old`/`new` values or `values` marker.
    private let includesValues: Bool

    /// A new exporter; with `values`, writes carry the values the trace recorded.
    public init(values: Bool = false) { includesValues = values }

    /// `chrome://tracing` fails on JSON beyond 256 MB (its V8 string limit), and Perfetto UI in
    /// the browser runs out of memory on JSON traces a few times that size.
    public static var viewerLimit: ViewerLimit? { ViewerLimit(viewer: "chrome://tracing", bytes: 256 << 20) }

    public var untimedEvaluations: String { "drawn as instants marked untimed, not as slices" }

    /// The tail names the file and its scenario only.
    public var readsViewFigures: Bool { false }

    public mutating func begin(into output: inout some TextOutputStream) {
        json.beginObject()
        json.key("traceEvents")
        json.beginArray()
        json.newline()
        json.flush(into: &output)
    }

    /// NB: from the parsed event and its interned ids (`event.parsed`, `event.names`), not through
    /// `StreamedEvent`'s public properties: names are quoted once per id (`QuotedNames`), not
    /// resolved once per event. The helpers take the `StreamedEvent` whole, as the witness passes
    /// it: handing them `event.parsed` would copy it for each call.
    public mutating func consume(_ event: StreamedEvent, into output: inout some TextOutputStream) {
        if event.parsed.kind == .meta { return process(event, &output) }
        if event.parsed.tid != lastNamedThread {
            lastNamedThread = event.parsed.tid
            if namedThreads.insert(event.parsed.tid).inserted { thread(event.parsed.tid, &output) }
        }
        switch event.parsed.kind {
        case .write?: write(event, &output)
        case .bodyEval?: bodyEvaluation(event, &output)
        case .mark?: mark(event, &output)
        default: instant(event, &output)
        }
    }

    public mutating func finish(summary: TraceSummary, into output: inout some TextOutputStream) {
        json.newline()
        json.endArray()
        json.field("displayTimeUnit", string: "ns")
        json.key("otherData")
        json.beginObject()
        json.key("schema")
        json.string(TraceSchema.id)
        json.key("file")
        json.string(summary.file)
        if let scenario = summary.header?.scenario {
            json.key("scenario")
            json.string(scenario)
        }
        if let variant = summary.header?.variant {
            json.key("variant")
            json.string(variant)
        }
        if summary.totals.untimedEvals > 0 {
            json.field("untimedEvaluations", number: Int64(summary.totals.untimedEvals))
        }
        json.endObject()
        json.endObject()
        json.newline()
        json.flush(into: &output)
    }

    /// The process's name, from the `meta` header: `tracer: SCENARIO (VARIANT)`.
    private mutating func process(_ event: StreamedEvent, _ output: inout some TextOutputStream) {
        if event.parsed.has(.pid) { pid = event.parsed.pid }
        let scenario = event.names.string(event.parsed.scenario)
        let variant = event.names.string(event.parsed.variant)
        beginEvent("process_name", phase: "M")
        json.field("pid", number: pid)
        json.field("tid", number: 0)
        json.key("args")
        json.beginObject()
        json.key("name")
        json.string(scenario.isEmpty ? "tracer" : variant.isEmpty ? "tracer: \(scenario)" : "tracer: \(scenario) (\(variant))")
        json.endObject()
        endEvent(&output)
    }

    /// A thread's name, before its first event: `main (tid 1)`, `tid N`.
    private mutating func thread(_ tid: Int64, _ output: inout some TextOutputStream) {
        beginEvent("thread_name", phase: "M")
        json.field("pid", number: pid)
        json.field("tid", number: tid)
        json.key("args")
        json.beginObject()
        json.key("name")
        json.beginString()
        json.stringPart(tid == 1 ? "main (tid " : "tid ")
        json.stringPart(tid)
        if tid == 1 { json.stringPart(")") }
        json.endString()
        json.endObject()
        endEvent(&output)
    }

    /// A write: a 1 ns slice, the root of its chain's flows.
    private mutating func write(_ event: StreamedEvent, _ output: inout some TextOutputStream) {
        let root = roots.follow(event.parsed)
        beginEvent(named: "write ", quotedStrings.escaped(event.parsed.prop, { event.names.string($0) }), category: "write")
        json.field("ph", string: "X")
        json.field("ts", microseconds: event.parsed.ts)
        json.field("dur", microseconds: 1)
        place(event)
        json.key("args")
        json.beginObject()
        json.field("view", quoted: quotedViews.quoted(event.parsed.view, { event.names.view($0) }))
        json.field("prop", quoted: quotedStrings.quoted(event.parsed.prop, { event.names.string($0) }))
        json.field("wrapper", quoted: quotedStrings.quoted(event.parsed.wrapper, { event.names.string($0) }))
        json.key("changed")
        if event.names.writesCountChanges { json.bool(event.parsed.changed != 0) } else { json.null() }
        if event.parsed.has(.site) {
            json.field("site", quoted: quotedStrings.quoted(event.parsed.site, { event.names.string($0) }))
        }
        if includesValues { values(event) }
        json.field("seq", number: event.parsed.seq)
        cause(event)
        if let root {
            json.field("rootWrite", number: root.seq)
        }
        json.endObject()
        endEvent(&output)
        if root == nil && event.parsed.has(.seq) {
            roots.store(RootWrite(seq: event.parsed.seq, ts: event.parsed.ts, tid: event.parsed.tid), for: event.parsed.seq)
        }
    }

    /// A write's `old`, `new` and `values` marker, those it has, into its args.
    private mutating func values(_ event: StreamedEvent) {
        value("old", .old, event.parsed.old, of: event)
        value("new", .new, event.parsed.new, of: event)
        value("values", .values, event.parsed.valuesMarker, of: event)
    }

    /// Arg `name`: the string `field` (interned as `id`) of `event`, when the line held it.
    private mutating func value(_ name: StaticString, _ field: TraceField, _ id: SymbolID, of event: StreamedEvent) {
        guard event.parsed.has(field) else { return }
        json.field(name, quoted: quotedStrings.quoted(id, { event.names.string($0) }))
    }

    /// A body evaluation: a slice (an instant when untimed), the view's evaluation counter, and the
    /// flow from its chain's root write.
    private mutating func bodyEvaluation(_ event: StreamedEvent, _ output: inout some TextOutputStream) {
        // NB: `ts` may be negative and `dur` up to `Int64.max`: the start stops at `Int64.min`.
        let (difference, overflow) = event.parsed.ts.subtractingReportingOverflow(event.parsed.dur)
        let start = overflow ? Int64.min : difference
        let timed = event.parsed.has(.dur)
        json.lineBreak()
        json.beginObject()
        json.field("name", quoted: quotedViews.quoted(event.parsed.view, { event.names.view($0) }))
        json.field("cat", string: "body-eval")
        if timed {
            json.field("ph", string: "X")
            json.field("ts", microseconds: start)
            json.field("dur", microseconds: max(event.parsed.dur, 0))
            place(event)
        } else {
            instantAt(event, scope: "t")
        }
        json.key("args")
        json.beginObject()
        if !timed {
            json.key("untimed")
            json.bool(true)
        }
        // NB: a source that does not count changed outputs has no wasted evaluations to tell:
        // null, as the JSON report writes them, never a measured 0.
        json.key("changed")
        if event.names.evaluationsCountChanges { json.number(event.parsed.changed) } else { json.null() }
        json.key("wasted")
        if event.names.evaluationsCountChanges { json.bool(event.parsed.has(.changed) && event.parsed.changed == 0) } else { json.null() }
        json.field("seq", number: event.parsed.seq)
        reason(event)
        cause(event)
        json.endObject()
        endEvent(&output)
        counter(event, &output)
        // NB: a flow ends in a slice; an untimed evaluation has none to end in.
        if let root = roots.follow(event.parsed), timed { flow(to: event, at: start, from: root, &output) }
    }

    /// The count of `event`'s view's evaluations so far, as a counter track.
    private mutating func counter(_ event: StreamedEvent, _ output: inout some TextOutputStream) {
        beginEvent(named: "evals ", quotedViews.escaped(event.parsed.view, { event.names.view($0) }), category: "body-eval")
        json.field("ph", string: "C")
        json.field("ts", microseconds: event.parsed.ts)
        json.field("pid", number: pid)
        json.key("args")
        json.beginObject()
        json.key("evals")
        json.number(countEvaluation(of: event.parsed.view))
        json.endObject()
        endEvent(&output)
    }

    /// The flow from `root` (its start, `s`) to the evaluation `event` that starts at `start`
    /// (its end, `f`), named by the evaluation's `seq`.
    private mutating func flow(to event: StreamedEvent, at start: Int64, from root: RootWrite, _ output: inout some TextOutputStream) {
        beginEvent("caused by write", category: "cause", phase: "s")
        json.field("id", number: event.parsed.seq)
        json.field("ts", microseconds: root.ts)
        json.field("pid", number: pid)
        json.field("tid", number: root.tid)
        endEvent(&output)
        beginEvent("caused by write", category: "cause", phase: "f")
        json.field("bp", string: "e")
        json.field("id", number: event.parsed.seq)
        json.field("ts", microseconds: start)
        place(event)
        endEvent(&output)
    }

    /// A mark: a global instant.
    private mutating func mark(_ event: StreamedEvent, _ output: inout some TextOutputStream) {
        json.lineBreak()
        json.beginObject()
        json.field("name", quoted: quotedStrings.quoted(event.parsed.name, { event.names.string($0) }))
        json.field("cat", string: "mark")
        instantAt(event, scope: "g")
        endEvent(&output)
    }

    /// Any other event (skips, invalidations, lifecycle events): a thread instant named by its kind
    /// and view (`mount A/B`), a skip by its view alone, an update group by its label
    /// (`update-group Transaction`).
    private mutating func instant(_ event: StreamedEvent, _ output: inout some TextOutputStream) {
        roots.follow(event.parsed)
        json.lineBreak()
        json.beginObject()
        json.key("name")
        let labelled = event.parsed.kind == .updateGroup && event.parsed.name != 0
        if event.parsed.view == 0 && !labelled {
            json.string(quoted: quotedStrings.quoted(event.parsed.kindName, { event.names.string($0) }))
        } else if event.parsed.kind == .skip {
            json.string(quoted: quotedViews.quoted(event.parsed.view, { event.names.view($0) }))
        } else {
            json.beginString()
            json.stringPart(escaped: quotedStrings.escaped(event.parsed.kindName, { event.names.string($0) }))
            json.stringPart(" ")
            json.stringPart(escaped: labelled
                ? quotedStrings.escaped(event.parsed.name, { event.names.string($0) })
                : quotedViews.escaped(event.parsed.view, { event.names.view($0) }))
            json.endString()
        }
        json.field("cat", quoted: quotedStrings.quoted(event.parsed.kindName, { event.names.string($0) }))
        instantAt(event, scope: "t")
        json.key("args")
        json.beginObject()
        json.field("seq", number: event.parsed.seq)
        cause(event)
        reason(event)
        json.endObject()
        endEvent(&output)
    }

    /// Starts an event of a fixed name: `{"name":…,"cat":…,"ph":…`.
    @inline(__always)
    private mutating func beginEvent(_ name: StaticString, category: StaticString? = nil, phase: StaticString) {
        json.lineBreak()
        json.beginObject()
        json.field("name", string: name)
        if let category {
            json.field("cat", string: category)
        }
        json.field("ph", string: phase)
    }

    /// Starts an event named by `prefix` and a name escaped already (`write count`, `evals Root/A`):
    /// `{"name":…,"cat":…`.
    @inline(__always)
    private mutating func beginEvent(named prefix: StaticString, _ escapedName: UnsafeBufferPointer<UInt8>, category: StaticString) {
        json.lineBreak()
        json.beginObject()
        json.key("name")
        json.beginString()
        json.stringPart(prefix)
        json.stringPart(escaped: escapedName)
        json.endString()
        json.field("cat", string: category)
    }

    /// Ends an event; hands the block to `output` once it is full.
    @inline(__always)
    private mutating func endEvent(_ output: inout some TextOutputStream) {
        json.endObject()
        json.flush(into: &output, atLeast: Self.blockSize)
    }

    /// `"ph":"i","s":SCOPE,"ts":…,"pid":P,"tid":T`: an instant at `event`'s time, on its thread
    /// (`t`) or across the trace (`g`).
    @inline(__always)
    private mutating func instantAt(_ event: StreamedEvent, scope: StaticString) {
        json.field("ph", string: "i")
        json.field("s", string: scope)
        json.field("ts", microseconds: event.parsed.ts)
        place(event)
    }

    /// `"pid":P,"tid":T` of `event`.
    @inline(__always)
    private mutating func place(_ event: StreamedEvent) {
        json.field("pid", number: pid)
        json.field("tid", number: event.parsed.tid)
    }

    /// `"cause":C` when `event` has a cause.
    @inline(__always)
    private mutating func cause(_ event: StreamedEvent) {
        guard event.parsed.has(.cause) else { return }
        json.field("cause", number: event.parsed.cause)
    }

    /// `"reason":R` when `event` has a reason.
    @inline(__always)
    private mutating func reason(_ event: StreamedEvent) {
        guard event.parsed.has(.reason) else { return }
        json.field("reason", quoted: quotedStrings.quoted(event.parsed.reason, { event.names.string($0) }))
    }

    private mutating func countEvaluation(of view: ViewID) -> Int {
        let index = Int(view)
        if index >= evalCounts.count { evalCounts += repeatElement(0, count: index + 1 - evalCounts.count) }
        evalCounts[index] += 1
        return evalCounts[index]
    }
}
