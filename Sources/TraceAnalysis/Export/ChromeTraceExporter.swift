import TracerCore
import TraceSupport

/// Chrome's trace-event JSON, as Perfetto UI and `chrome://tracing` load it, streamed.
///
/// - body evaluations: complete events (`"ph":"X"`) from `ts - dur` to `ts`, named by view path;
///   one without a duration (an Instruments update in flight) an instant (`"ph":"i"`) at its `ts`
///   with `"untimed":true`, never a slice of 0 µs;
/// - writes: 1 ns complete events, the start of a flow (`s`/`f`) to each evaluation they caused;
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
    private var wroteEvent = false
    /// JSON-quoted view paths and strings by id, built once per name (not once per event): where
    /// each one's bytes are in `quoted` (count 0: not yet quoted).
    private var quotedViews: [(start: Int, count: Int)] = []
    private var quotedStrings: [(start: Int, count: Int)] = []
    private let quoted = ByteBlock(capacity: 1 << 12)
    /// Events written since the last block went to the output.
    ///
    /// NB: events are written as bytes, handed on a block at a time, never as a `String` built
    /// per event.
    private let block = ByteBlock(capacity: blockSize + 4096)
    private static let blockSize = 1 << 16

    /// A new exporter.
    public init() {}

    /// `chrome://tracing` fails on JSON beyond 256 MB (its V8 string limit), and Perfetto UI in
    /// the browser runs out of memory on JSON traces a few times that size.
    public static var viewerLimit: ViewerLimit? { ViewerLimit(viewer: "chrome://tracing", bytes: 256 << 20) }

    public var untimedEvaluations: String { "drawn as instants marked untimed, not as slices" }

    /// The tail names the file and its scenario only.
    public var readsViewFigures: Bool { false }

    public mutating func begin(into output: inout some TextOutputStream) {
        output.write("{\"traceEvents\":[\n")
    }

    public mutating func consume(_ event: ParsedEvent, names: TraceNames, into output: inout some TextOutputStream) {
        if event.kind == .meta {
            if event.has(.pid) { pid = event.pid }
            let scenario = names.string(event.scenario)
            let variant = names.string(event.variant)
            let name = scenario.isEmpty ? "tracer" : variant.isEmpty ? "tracer: \(scenario)" : "tracer: \(scenario) (\(variant))"
            beginEvent("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":")
            number(pid)
            append(",\"tid\":0,\"args\":{\"name\":")
            var bytes: [UInt8] = []
            JSONString.appendQuoted(name, embeddable: true, to: &bytes)
            bytes.withUnsafeBufferPointer { block.append($0) }
            endEvent("}}", &output)
            return
        }
        if event.tid != lastNamedThread {
            lastNamedThread = event.tid
            if namedThreads.insert(event.tid).inserted {
                beginEvent("{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":")
                number(pid)
                append(",\"tid\":")
                number(event.tid)
                append(event.tid == 1 ? ",\"args\":{\"name\":\"main (tid " : ",\"args\":{\"name\":\"tid ")
                number(event.tid)
                endEvent(event.tid == 1 ? ")\"}}" : "\"}}", &output)
            }
        }
        switch event.kind {
        case .write?:
            let root = roots.follow(event)
            beginEvent("{\"name\":\"write ")
            appendQuoted(string: event.prop, names, dropping: .opening)
            append(",\"cat\":\"write\",\"ph\":\"X\",\"ts\":")
            microseconds(event.ts)
            append(",\"dur\":0.001,")
            place(event)
            append(",\"args\":{\"view\":")
            appendQuoted(view: event.view, names)
            append(",\"prop\":")
            appendQuoted(string: event.prop, names)
            append(",\"wrapper\":")
            appendQuoted(string: event.wrapper, names)
            append(event.changed != 0 ? ",\"changed\":true" : ",\"changed\":false")
            if event.has(.site) {
                append(",\"site\":")
                appendQuoted(string: event.site, names)
            }
            append(",\"seq\":")
            number(event.seq)
            if event.has(.cause) {
                append(",\"cause\":")
                number(event.cause)
            }
            if let root {
                append(",\"rootWrite\":")
                number(root.seq)
            }
            endEvent("}}", &output)
            if root == nil && event.has(.seq) { roots.store(RootWrite(seq: event.seq, ts: event.ts, tid: event.tid), for: event.seq) }
        case .bodyEval?:
            // NB: `ts` may be negative and `dur` up to `Int64.max`: the start stops at `Int64.min`.
            let (difference, overflow) = event.ts.subtractingReportingOverflow(event.dur)
            let start = overflow ? Int64.min : difference
            let timed = event.has(.dur) || !names.evaluationsMayBeUntimed
            beginEvent("{\"name\":")
            appendQuoted(view: event.view, names)
            if timed {
                append(",\"cat\":\"body-eval\",\"ph\":\"X\",\"ts\":")
                microseconds(start)
                append(",\"dur\":")
                microseconds(max(event.dur, 0))
            } else {
                append(",\"cat\":\"body-eval\",\"ph\":\"i\",\"s\":\"t\",\"ts\":")
                microseconds(event.ts)
            }
            append(",")
            place(event)
            append(timed ? ",\"args\":{\"changed\":" : ",\"args\":{\"untimed\":true,\"changed\":")
            number(event.changed)
            append(event.has(.changed) && event.changed == 0 ? ",\"wasted\":true,\"seq\":" : ",\"wasted\":false,\"seq\":")
            number(event.seq)
            if event.has(.reason) {
                append(",\"reason\":")
                appendQuoted(string: event.reason, names)
            }
            if event.has(.cause) {
                append(",\"cause\":")
                number(event.cause)
            }
            endEvent("}}", &output)
            beginEvent("{\"name\":\"evals ")
            appendQuoted(view: event.view, names, dropping: .opening)
            append(",\"cat\":\"body-eval\",\"ph\":\"C\",\"ts\":")
            microseconds(event.ts)
            append(",\"pid\":")
            number(pid)
            append(",\"args\":{\"evals\":")
            number(Int64(countEvaluation(of: event.view)))
            endEvent("}}", &output)
            // NB: a flow ends in a slice; an untimed evaluation has none to end in.
            if let root = roots.follow(event), timed {
                beginEvent("{\"name\":\"caused by write\",\"cat\":\"cause\",\"ph\":\"s\",\"id\":")
                number(event.seq)
                append(",\"ts\":")
                microseconds(root.ts)
                append(",\"pid\":")
                number(pid)
                append(",\"tid\":")
                number(root.tid)
                endEvent("}", &output)
                beginEvent("{\"name\":\"caused by write\",\"cat\":\"cause\",\"ph\":\"f\",\"bp\":\"e\",\"id\":")
                number(event.seq)
                append(",\"ts\":")
                microseconds(start)
                append(",")
                place(event)
                endEvent("}", &output)
            }
        case .mark?:
            beginEvent("{\"name\":")
            appendQuoted(string: event.name, names)
            append(",\"cat\":\"mark\",\"ph\":\"i\",\"s\":\"g\",\"ts\":")
            microseconds(event.ts)
            append(",")
            place(event)
            endEvent("}", &output)
        default:
            roots.follow(event)
            beginEvent("{\"name\":")
            // NB: names are joined inside their quotes: `"mount" "A/B"` → `"mount A/B"`.
            if event.view == 0 {
                appendQuoted(string: event.kindName, names)
            } else if event.kind == .skip {
                appendQuoted(view: event.view, names)
            } else {
                appendQuoted(string: event.kindName, names, dropping: .closing)
                append(" ")
                appendQuoted(view: event.view, names, dropping: .opening)
            }
            append(",\"cat\":")
            appendQuoted(string: event.kindName, names)
            append(",\"ph\":\"i\",\"s\":\"t\",\"ts\":")
            microseconds(event.ts)
            append(",")
            place(event)
            append(",\"args\":{\"seq\":")
            number(event.seq)
            if event.has(.cause) {
                append(",\"cause\":")
                number(event.cause)
            }
            if event.has(.reason) {
                append(",\"reason\":")
                appendQuoted(string: event.reason, names)
            }
            endEvent("}}", &output)
        }
    }

    public mutating func finish(summary: TraceSummary, into output: inout some TextOutputStream) {
        block.flush(into: &output)
        var other = "\"schema\":\(JSONText.quoted(TraceSchema.id)),\"file\":\(JSONText.quoted(summary.file))"
        if let scenario = summary.header?.scenario { other += ",\"scenario\":\(JSONText.quoted(scenario))" }
        if let variant = summary.header?.variant { other += ",\"variant\":\(JSONText.quoted(variant))" }
        if summary.totals.untimedEvals > 0 { other += ",\"untimedEvaluations\":\(summary.totals.untimedEvals)" }
        output.write("\n],\"displayTimeUnit\":\"ns\",\"otherData\":{\(other)}}\n")
    }

    /// Starts an event with `text`, after the separator from the previous one.
    @inline(__always)
    private mutating func beginEvent(_ text: StaticString) {
        if wroteEvent { append(",\n") }
        wroteEvent = true
        append(text)
    }

    /// Ends an event with `text`; hands the block to `output` once it is full.
    @inline(__always)
    private mutating func endEvent(_ text: StaticString, _ output: inout some TextOutputStream) {
        append(text)
        if block.count >= Self.blockSize { block.flush(into: &output) }
    }

    @inline(__always)
    private mutating func append(_ text: StaticString) {
        block.append(text)
    }

    @inline(__always)
    private mutating func number(_ value: Int64) { block.appendDecimal(value) }

    /// `"pid":P,"tid":T` of `event`.
    @inline(__always)
    private mutating func place(_ event: ParsedEvent) {
        append("\"pid\":")
        number(pid)
        append(",\"tid\":")
        number(event.tid)
    }

    /// Nanoseconds as microseconds, as `JSONText.microseconds` writes them.
    @inline(__always)
    private mutating func microseconds(_ nanoseconds: Int64) {
        if nanoseconds < 0 { block.append(UInt8(ascii: "-")) }
        let magnitude = nanoseconds.magnitude
        block.appendDecimal(magnitude / 1000)
        var fraction = magnitude % 1000
        guard fraction > 0 else { return }
        block.append(UInt8(ascii: "."))
        var divisor: UInt64 = 100
        while fraction > 0 {
            block.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
        }
    }

    /// Which quote of a JSON string literal to leave out, to join it with adjoining text.
    private enum Quote { case none, opening, closing }

    /// View `id`'s path as a JSON string literal (quoted on first use), less `dropping`.
    @inline(__always)
    private mutating func appendQuoted(view id: ViewID, _ names: TraceNames, dropping: Quote = .none) {
        let place = Self.cached(&quotedViews, Int(id), in: quoted) { names.view(id) }
        append(place, dropping)
    }

    /// String `id` as a JSON string literal (quoted on first use), less `dropping`.
    @inline(__always)
    private mutating func appendQuoted(string id: SymbolID, _ names: TraceNames, dropping: Quote = .none) {
        let place = Self.cached(&quotedStrings, Int(id), in: quoted) { names.string(id) }
        append(place, dropping)
    }

    @inline(__always)
    private func append(_ place: (start: Int, count: Int), _ dropping: Quote) {
        let start = place.start + (dropping == .opening ? 1 : 0)
        let count = place.count - (dropping == .none ? 0 : 1)
        block.append(UnsafeBufferPointer(start: quoted.base + start, count: count))
    }

    /// Where in `arena` `name()` is quoted, quoting it there into `table[index]` on first use.
    @inline(__always)
    private static func cached(
        _ table: inout [(start: Int, count: Int)], _ index: Int, in arena: ByteBlock, _ name: () -> String
    ) -> (start: Int, count: Int) {
        if index >= table.count { table += repeatElement((start: 0, count: 0), count: index + 1 - table.count) }
        guard table[index].count == 0 else { return table[index] }
        var bytes: [UInt8] = []
        JSONString.appendQuoted(name(), embeddable: true, to: &bytes)
        table[index] = (arena.count, bytes.count)
        bytes.withUnsafeBufferPointer { arena.append($0) }
        return table[index]
    }

    private mutating func countEvaluation(of view: ViewID) -> Int {
        let index = Int(view)
        if index >= evalCounts.count { evalCounts += repeatElement(0, count: index + 1 - evalCounts.count) }
        evalCounts[index] += 1
        return evalCounts[index]
    }
}
