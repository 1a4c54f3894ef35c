import Tracer

/// Chrome's trace-event JSON, as Perfetto UI and `chrome://tracing` load it, streamed.
///
/// - body evaluations: complete events (`"ph":"X"`) from `ts - dur` to `ts`, named by view path;
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
    /// The root write each recent `seq` traces back to.
    private let roots = RecentSeqTable<RootWrite>()
    private var evalCounts: [Int] = []
    private var wroteEvent = false
    /// JSON-quoted view paths and strings by id, built once per name (not once per event).
    private var quotedViews: [String?] = []
    private var quotedStrings: [String?] = []

    /// A new exporter.
    public init() {}

    public mutating func begin(into output: inout some TextOutputStream) {
        output.write("{\"traceEvents\":[\n")
    }

    public mutating func consume(_ event: ParsedEvent, names: TraceNames, into output: inout some TextOutputStream) {
        if event.kind == .meta {
            if event.has(.pid) { pid = event.pid }
            let scenario = names.string(event.scenario)
            let variant = names.string(event.variant)
            let name = scenario.isEmpty ? "tracer" : variant.isEmpty ? "tracer: \(scenario)" : "tracer: \(scenario) (\(variant))"
            emit("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":\(pid),\"tid\":0,\"args\":{\"name\":\(JSONText.quoted(name))}}", &output)
            return
        }
        if !namedThreads.contains(event.tid) {
            namedThreads.insert(event.tid)
            let name = event.tid == 1 ? "main (tid 1)" : "tid \(event.tid)"
            emit("{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":\(pid),\"tid\":\(event.tid),\"args\":{\"name\":\"\(name)\"}}", &output)
        }
        let where_ = "\"pid\":\(pid),\"tid\":\(event.tid)"
        let view = quotedView(event.view, names)
        switch event.kind {
        case .write?:
            let prop = quotedString(event.prop, names)
            var args = "\"view\":\(view),\"prop\":\(prop)"
            args += ",\"wrapper\":\(quotedString(event.wrapper, names)),\"changed\":\(event.changed != 0)"
            if event.has(.site) { args += ",\"site\":\(quotedString(event.site, names))" }
            args += ",\"seq\":\(event.seq)"
            if event.has(.cause) { args += ",\"cause\":\(event.cause)" }
            let root = roots.follow(event)
            if let root { args += ",\"rootWrite\":\(root.seq)" }
            emit("{\"name\":\"write \(prop.dropFirst()),\"cat\":\"write\",\"ph\":\"X\",\"ts\":\(JSONText.microseconds(event.ts)),\"dur\":0.001,\(where_),\"args\":{\(args)}}", &output)
            if root == nil && event.has(.seq) { roots.store(RootWrite(seq: event.seq, ts: event.ts, tid: event.tid), for: event.seq) }
        case .bodyEval?:
            let start = event.ts - max(event.dur, 0)
            var args = "\"changed\":\(event.changed),\"wasted\":\(event.has(.changed) && event.changed == 0),\"seq\":\(event.seq)"
            if event.has(.reason) { args += ",\"reason\":\(quotedString(event.reason, names))" }
            if event.has(.cause) { args += ",\"cause\":\(event.cause)" }
            emit("{\"name\":\(view),\"cat\":\"body-eval\",\"ph\":\"X\",\"ts\":\(JSONText.microseconds(start)),\"dur\":\(JSONText.microseconds(max(event.dur, 0))),\(where_),\"args\":{\(args)}}", &output)
            let count = countEvaluation(of: event.view)
            emit("{\"name\":\"evals \(view.dropFirst()),\"cat\":\"body-eval\",\"ph\":\"C\",\"ts\":\(JSONText.microseconds(event.ts)),\"pid\":\(pid),\"args\":{\"evals\":\(count)}}", &output)
            if let root = roots.follow(event) {
                emit("{\"name\":\"caused by write\",\"cat\":\"cause\",\"ph\":\"s\",\"id\":\(event.seq),\"ts\":\(JSONText.microseconds(root.ts)),\"pid\":\(pid),\"tid\":\(root.tid)}", &output)
                emit("{\"name\":\"caused by write\",\"cat\":\"cause\",\"ph\":\"f\",\"bp\":\"e\",\"id\":\(event.seq),\"ts\":\(JSONText.microseconds(start)),\(where_)}", &output)
            }
        case .mark?:
            emit("{\"name\":\(quotedString(event.name, names)),\"cat\":\"mark\",\"ph\":\"i\",\"s\":\"g\",\"ts\":\(JSONText.microseconds(event.ts)),\(where_)}", &output)
        default:
            roots.follow(event)
            var args = "\"seq\":\(event.seq)"
            if event.has(.cause) { args += ",\"cause\":\(event.cause)" }
            if event.has(.reason) { args += ",\"reason\":\(quotedString(event.reason, names))" }
            let quotedKind = quotedString(event.kindName, names)
            // NB: names are joined inside their quotes: `"mount" "A/B"` → `"mount A/B"`.
            let name: String
            if event.view == 0 {
                name = quotedKind
            } else if event.kind == .skip {
                name = view
            } else {
                name = "\(quotedKind.dropLast()) \(view.dropFirst())"
            }
            emit("{\"name\":\(name),\"cat\":\(quotedKind),\"ph\":\"i\",\"s\":\"t\",\"ts\":\(JSONText.microseconds(event.ts)),\(where_),\"args\":{\(args)}}", &output)
        }
    }

    public mutating func finish(summary: TraceSummary, into output: inout some TextOutputStream) {
        var other = "\"schema\":\(JSONText.quoted(TraceSchema.id)),\"file\":\(JSONText.quoted(summary.file))"
        if let scenario = summary.header?.scenario { other += ",\"scenario\":\(JSONText.quoted(scenario))" }
        if let variant = summary.header?.variant { other += ",\"variant\":\(JSONText.quoted(variant))" }
        output.write("\n],\"displayTimeUnit\":\"ns\",\"otherData\":{\(other)}}\n")
    }

    private mutating func emit(_ line: String, _ output: inout some TextOutputStream) {
        if wroteEvent { output.write(",\n") }
        output.write(line)
        wroteEvent = true
    }

    /// View `id`'s path as a JSON string literal, quoted on first use.
    private mutating func quotedView(_ id: ViewID, _ names: TraceNames) -> String {
        Self.cached(&quotedViews, Int(id)) { names.view(id) }
    }

    /// String `id` as a JSON string literal, quoted on first use.
    private mutating func quotedString(_ id: SymbolID, _ names: TraceNames) -> String {
        Self.cached(&quotedStrings, Int(id)) { names.string(id) }
    }

    private static func cached(_ table: inout [String?], _ index: Int, _ name: () -> String) -> String {
        if index >= table.count { table += repeatElement(nil, count: index + 1 - table.count) }
        if let quoted = table[index] { return quoted }
        let quoted = JSONText.quoted(name())
        table[index] = quoted
        return quoted
    }

    private mutating func countEvaluation(of view: ViewID) -> Int {
        let index = Int(view)
        if index >= evalCounts.count { evalCounts += repeatElement(0, count: index + 1 - evalCounts.count) }
        evalCounts[index] += 1
        return evalCounts[index]
    }
}
