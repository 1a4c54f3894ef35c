import TracerCore
import TraceSupport

/// The `tracer-report/1` JSON document.
///
/// ```
/// {"schema":"tracer-report/1",
///  "trace":{"file","schema","tool","scenario","variant","unit","pid","lines"},
///  "connections":[{"conn","pid","scenario","variant"}],"selectedConnection" (a trace of `record --listen` only),
///  "views":[{"view","bodyEvals","skips","wastedEvals","invalidations","writes","writesByWrapper":{…},
///            "writesByProperty":[{"prop","wrapper","site","writes"}],"evalsCausedByWrites",
///            "evalsPerWrite" (null without writes),
///            "bodyTimeNs":{"count","total","saturated"?,"mean","p50","p95","max","exact"},
///            "causes":[{"prop","view","wrapper","site","evals","inferred"?}],
///            "changedInputs":[{"inputs":[names],"evals"}] (only where the trace names the inputs
///            of `inputs-changed` evaluations: the runtime's)}],
///  "totals":{"events","writes","invalidations","bodyEvals","skips","wastedEvals","bodyTimeNs","saturated"?,"kinds":{…}},
///  "beforeFirstMark":{counters},
///  "marks":[{"name","seq","ts",counters…}],
///  "updateGroups":{"count","maxNs","p95Ns","labels":[{"name","count","untimed","totalNs"}]} (an
///  Instruments trace only; labels: every group label, the most time first; counters then end in
///  "hitches":{"count","timeNs","untimed"?},"systemHitches":{…}, `null` where the source records
///  none; `untimed`: hitches without a dur, in `count` but not `timeNs`, when there are any),
///  "unknownKinds":{…},"invalidLines":{"count","first":[diagnostic]},
///  "warnings":[{"file","line","column","severity","message"}]}
/// ```
/// Keys appear in this order; objects of counts are sorted by key; views in the report's order.
/// Absent header fields are `null`. Times are integers in nanoseconds; `"saturated":true` follows
/// a body-time total that reached `Int64.max` ns (it is absent otherwise).
package enum JSONReport {
    /// The schema id of the document.
    package static let schema = "tracer-report/1"

    /// The document, ending with a newline.
    static func render(_ summary: TraceSummary, options: ReportOptions) -> String {
        var text: [UInt8] = []
        write(summary, options: options) { text.append(contentsOf: $0) }
        return String(decoding: text, as: UTF8.self)
    }

    /// Writes the document, ending with a newline, to `output` piece by piece.
    ///
    /// NB: the document grows with the views: it is never held whole, only a window of views.
    static func write(_ summary: TraceSummary, options: ReportOptions, to output: (UnsafeRawBufferPointer) -> Void) {
        var json = JSONWriter(capacity: 1 << 12)
        json.beginObject()
        json.field("schema", schema)
        trace(file: summary.file, header: summary.header, lines: summary.lineCount, &json)
        if !summary.connections.isEmpty { connections(summary, &json) }
        json.key("views")
        json.beginArray()
        json.drain(into: output)
        views(summary, options, to: output)
        json.endArray()
        json.key("totals")
        counters(summary.totals, summary, &json) { $0.counts("kinds", summary.kindCounts) }
        json.key("beforeFirstMark")
        counters(summary.beforeFirstMark, summary, &json)
        json.key("marks")
        json.beginArray()
        for mark in summary.marks {
            counters(mark.counters, summary, &json) {
                $0.field("name", mark.name)
                $0.field("seq", mark.seq)
                $0.field("ts", mark.ts)
            }
        }
        json.endArray()
        if summary.showsFrames { updateGroups(summary, &json) }
        json.counts("unknownKinds", summary.unknownKinds)
        json.key("invalidLines")
        json.beginObject()
        json.field("count", summary.invalidLineCount)
        json.key("first")
        diagnostics(summary.invalidLines, &json)
        json.endObject()
        json.key("warnings")
        diagnostics(summary.warnings, &json)
        json.endObject()
        json.newline()
        json.drain(into: output)
    }

    /// The views' objects, comma-separated, in the report's order.
    ///
    /// NB: views are independent, so their JSON is written on two threads, a writer per run of
    /// views, a window of runs at a time (then written out, in order).
    private static func views(_ summary: TraceSummary, _ options: ReportOptions, to output: (UnsafeRawBufferPointer) -> Void) {
        let available = Metric.availability(in: summary.header)
        let causesAvailable = summary.can(.cause)
        let selected = options.selectedViewIndices(summary)
        let runLength = 128
        let windowLength = runLength * 64
        let comma = [UInt8(ascii: ",")]
        for window in stride(from: 0, to: selected.count, by: windowLength) {
            let runs = Array(stride(from: window, to: min(window + windowLength, selected.count), by: runLength))
            let writers = runs.concurrentMap(threads: 2, minimumPart: 1) { start in
                var writer = JSONWriter(capacity: 1 << 15)
                for index in selected[start..<min(start + runLength, selected.count)] {
                    view(summary.views[index], options, available, causesAvailable, &writer)
                }
                return writer
            }
            for (run, var writer) in writers.enumerated() {
                if window > 0 || run > 0 { comma.withUnsafeBytes(output) }
                writer.drain(into: output)
            }
        }
    }

    /// The counted metrics a view's object lists first, in order; its writes' breakdowns follow `writes`.
    private static let viewCounts: [CountedMetric] = [.bodyEvals, .skips, .wastedEvals, .invalidations, .writes]

    private static func view(
        _ stats: ViewStats, _ options: ReportOptions, _ available: [Bool], _ causesAvailable: Bool, _ json: inout JSONWriter
    ) {
        // NB: a figure the trace's source cannot produce is null, never a measured 0.
        func figure(_ metric: Metric, _ write: (inout JSONWriter) -> Void) {
            json.key(metric.definition.jsonKey)
            if available[metric.rawValue] { write(&json) } else { json.null() }
        }
        json.beginObject()
        json.field("view", stats.view)
        for metric in viewCounts { figure(metric.metric) { $0.number(stats.counts[metric]) } }
        json.counts("writesByWrapper", stats.writesByWrapper)
        json.objects("writesByProperty", stats.writesByProperty) { json, write in
            json.field("prop", write.origin.prop)
            if !write.origin.changes.isEmpty { json.field("changes", write.origin.changes) }
            json.field("wrapper", write.origin.wrapper)
            json.field("site", write.origin.site)
            json.field("writes", write.count)
        }
        figure(.evalsCausedByWrites) { $0.number(stats.evalsCausedByWrites) }
        figure(.evalsPerWrite) { json in
            if let ratio = stats.evalsPerWrite { json.number(ratio) } else { json.null() }
        }
        figure(.bodyTimeTotal) { json in
            let time = stats.bodyTime
            let untimed = stats.counts[.bodyEvals] - time.count
            json.beginObject()
            json.field("count", time.count)
            for (key, ns) in [("total", time.total), ("mean", time.mean), (Metric.bodyTimeP50.definition.jsonKey, time.p50),
                              (Metric.bodyTimeP95.definition.jsonKey, time.p95), ("max", time.max)] {
                json.key(key)
                json.bodyTime(ns, timed: time.count, untimed: untimed)
                if key == "total" { json.saturated(time.total == .saturatedTotal) }
            }
            json.key("exact")
            json.bool(time.exact)
            json.endObject()
        }
        json.key("causes")
        if causesAvailable {
            json.beginArray()
            for cause in stats.causes.prefix(options.causesPerView) { write(cause, &json) }
            json.endArray()
        } else {
            json.null()
        }
        // NB: only where the source names inputs (the runtime): absent, not an empty list, elsewhere.
        if !stats.changedInputs.isEmpty {
            json.objects("changedInputs", stats.changedInputs) { json, counted in
                json.key("inputs")
                json.beginArray()
                for input in counted.inputs { json.string(input) }
                json.endArray()
                json.field("evals", counted.evals)
            }
        }
        json.endObject()
    }

    private static func counters(
        _ counters: EventCounts, _ summary: TraceSummary, _ json: inout JSONWriter,
        leading: (inout JSONWriter) -> Void = { _ in }
    ) {
        json.beginObject()
        leading(&json)
        json.field("events", counters.events)
        for metric in EventCounts.metrics {
            json.key(metric.definition.jsonKey)
            if summary.isAvailable(metric), let figure = counters[metric] {
                if metric == .bodyTimeTotal {
                    json.bodyTime(figure, timed: counters.bodyEvals - counters.untimedEvals, untimed: counters.untimedEvals)
                } else {
                    json.number(figure)
                }
            } else {
                json.null()
            }
            json.saturated(metric == .bodyTimeTotal && counters.bodyTimeNs == .saturatedTotal)
        }
        if summary.can(.duration) && counters.untimedEvals > 0 { json.field("untimedEvals", counters.untimedEvals) }
        if summary.showsFrames {
            for (key, hitches) in [("hitches", counters.hitches), ("systemHitches", counters.systemHitches)] {
                json.key(key)
                guard summary.can(.hitch) else {
                    json.null()
                    continue
                }
                json.beginObject()
                json.field("count", hitches.count)
                json.field("timeNs", hitches.timeNs)
                if hitches.untimed > 0 { json.field("untimed", hitches.untimed) }
                json.endObject()
            }
        }
        json.endObject()
    }

    /// `"trace":{"file","schema","tool","scenario","variant","unit","pid","lines"}`: the header's
    /// fields (`null` when absent), the file and its line count.
    static func trace(file: String, header: TraceHeader?, lines: Int, _ json: inout JSONWriter) {
        json.key("trace")
        json.beginObject()
        json.field("file", file)
        json.field("schema", header?.schema)
        json.field("tool", header?.tool)
        json.field("scenario", header?.scenario)
        json.field("variant", header?.variant)
        json.field("unit", header?.unit)
        json.key("pid")
        if let pid = header?.pid { json.number(pid) } else { json.null() }
        json.field("lines", lines)
        if let header, header.isInstruments || !header.recording.isEmpty {
            json.field("source", header.source)
            json.field("instruments", header.recording.instruments)
            json.key("run")
            if let run = header.recording.run { json.number(run) } else { json.null() }
            json.field("device", header.recording.device)
            json.field("os", header.recording.os)
            if let bodyTable = header.recording.bodyTable { json.field("bodyTable", bodyTable) }
        }
        json.endObject()
    }

    /// `"updateGroups":{"count","maxNs","p95Ns","labels":[…]}` (`null` when the source records none).
    private static func updateGroups(_ summary: TraceSummary, _ json: inout JSONWriter) {
        json.key("updateGroups")
        guard summary.can(.group) else { return json.null() }
        let groups = summary.updateGroups
        json.beginObject()
        json.field("count", summary.kindCounts[EventKind.updateGroup.name] ?? 0)
        json.key("maxNs")
        if groups.count > 0 { json.number(groups.max) } else { json.null() }
        json.key("p95Ns")
        if groups.count > 0 { json.number(groups.p95) } else { json.null() }
        json.objects("labels", summary.updateGroupLabels) { json, label in
            json.field("name", label.name)
            json.field("count", label.count)
            json.field("untimed", label.untimed)
            json.field("totalNs", label.totalNs)
        }
        json.endObject()
    }

    /// `"connections":[{"conn","pid","scenario","variant"}],"selectedConnection"`: the clients of
    /// `record --listen` (only in a trace of several) and the one `--conn` selected (or `null`).
    private static func connections(_ summary: TraceSummary, _ json: inout JSONWriter) {
        json.objects("connections", summary.connections) { json, connection in
            json.field("conn", connection.id)
            json.key("pid")
            if let pid = connection.pid { json.number(pid) } else { json.null() }
            json.field("scenario", connection.scenario)
            json.field("variant", connection.variant)
        }
        json.key("selectedConnection")
        if let selected = summary.selectedConnection { json.number(selected) } else { json.null() }
    }

    /// One cause: `{"prop","view","wrapper","site","evals"}`, and `"inferred":"RULE"` when a hop
    /// of its evaluations' chains was inferred.
    static func write(_ cause: OriginCount, _ json: inout JSONWriter) {
        json.beginObject()
        json.field("prop", cause.origin.prop)
        if !cause.origin.changes.isEmpty { json.field("changes", cause.origin.changes) }
        json.field("view", cause.origin.view)
        json.field("wrapper", cause.origin.wrapper)
        json.field("site", cause.origin.site)
        json.field("evals", cause.count)
        if let rule = cause.inferredBy { json.field("inferred", rule) }
        json.endObject()
    }

    /// Diagnostics as `[{"file","line","column","severity","message"}]`.
    static func diagnostics(_ diagnostics: [TraceDiagnostic], _ json: inout JSONWriter) {
        json.beginArray()
        for diagnostic in diagnostics {
            json.beginObject()
            json.field("file", diagnostic.file)
            json.field("line", diagnostic.line)
            json.field("column", diagnostic.column)
            json.field("severity", diagnostic.severity.rawValue)
            json.field("message", diagnostic.message)
            json.endObject()
        }
        json.endArray()
    }
}
