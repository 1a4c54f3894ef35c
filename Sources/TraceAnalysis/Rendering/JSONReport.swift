/// The `tracer-report/1` JSON document.
///
/// ```
/// {"schema":"tracer-report/1",
///  "trace":{"file","schema","tool","scenario","variant","unit","pid","lines"},
///  "views":[{"view","bodyEvals","skips","wastedEvals","invalidations","writes","writesByWrapper":{…},
///            "writesByProperty":[{"prop","wrapper","site","writes"}],"evalsCausedByWrites",
///            "evalsPerWrite" (null without writes),
///            "bodyTimeNs":{"count","total","mean","p50","p95","max","exact"},
///            "causes":[{"prop","view","wrapper","site","evals"}]}],
///  "totals":{"events","writes","invalidations","bodyEvals","skips","wastedEvals","bodyTimeNs","kinds":{…}},
///  "beforeFirstMark":{counters},
///  "marks":[{"name","seq","ts",counters…}],
///  "unknownKinds":{…},"invalidLines":{"count","first":[diagnostic]},
///  "warnings":[{"file","line","column","severity","message"}]}
/// ```
/// Keys appear in this order; objects of counts are sorted by key; views in the report's order.
/// Absent header fields are `null`. Times are integers in nanoseconds.
public enum JSONReport {
    /// The schema id of the document.
    public static let schema = "tracer-report/1"

    static func render(_ summary: TraceSummary, options: ReportOptions) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("schema", schema)
        trace(file: summary.file, header: summary.header, lines: summary.lineCount, &json)
        json.key("views")
        json.beginArray()
        // NB: views are independent, so their JSON is written in two halves at once.
        let views = options.selectViews(summary).concurrentMap(threads: 2) { stats in
            var writer = JSONWriter(capacity: 1024)
            view(stats, options, &writer)
            return writer
        }
        json.fragments(views)
        json.endArray()
        json.key("totals")
        counters(summary.totals, &json) { $0.counts("kinds", summary.kindCounts) }
        json.key("beforeFirstMark")
        counters(summary.beforeFirstMark, &json)
        json.key("marks")
        json.beginArray()
        for mark in summary.marks {
            counters(mark.counters, &json) {
                $0.field("name", mark.name)
                $0.field("seq", mark.seq)
                $0.field("ts", mark.ts)
            }
        }
        json.endArray()
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
        return json.document()
    }

    private static func view(_ stats: ViewStats, _ options: ReportOptions, _ json: inout JSONWriter) {
        json.beginObject()
        json.field("view", stats.view)
        json.field("bodyEvals", stats.bodyEvals)
        json.field("skips", stats.skips)
        json.field("wastedEvals", stats.wastedEvals)
        json.field("invalidations", stats.invalidations)
        json.field("writes", stats.writes)
        json.counts("writesByWrapper", stats.writesByWrapper)
        json.key("writesByProperty")
        json.beginArray()
        for write in stats.writesByProperty {
            json.beginObject()
            json.field("prop", write.origin.prop)
            json.field("wrapper", write.origin.wrapper)
            json.field("site", write.origin.site)
            json.field("writes", write.count)
            json.endObject()
        }
        json.endArray()
        json.field("evalsCausedByWrites", stats.evalsCausedByWrites)
        json.key("evalsPerWrite")
        if let ratio = stats.evalsPerWrite { json.number(ratio) } else { json.null() }
        json.key("bodyTimeNs")
        json.beginObject()
        json.field("count", stats.bodyTime.count)
        json.field("total", stats.bodyTime.total)
        json.field("mean", stats.bodyTime.mean)
        json.field("p50", stats.bodyTime.p50)
        json.field("p95", stats.bodyTime.p95)
        json.field("max", stats.bodyTime.max)
        json.key("exact")
        json.bool(stats.bodyTime.exact)
        json.endObject()
        json.key("causes")
        json.beginArray()
        for cause in stats.causes.prefix(options.causesPerView) { write(cause, &json) }
        json.endArray()
        json.endObject()
    }

    private static func counters(
        _ counters: EventCounters, _ json: inout JSONWriter, leading: (inout JSONWriter) -> Void = { _ in }
    ) {
        json.beginObject()
        leading(&json)
        json.field("events", counters.events)
        json.field("writes", counters.writes)
        json.field("invalidations", counters.invalidations)
        json.field("bodyEvals", counters.bodyEvals)
        json.field("skips", counters.skips)
        json.field("wastedEvals", counters.wastedEvals)
        json.field("bodyTimeNs", counters.bodyTimeNs)
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
        json.endObject()
    }

    /// One cause: `{"prop","view","wrapper","site","evals"}`.
    static func write(_ cause: OriginCount, _ json: inout JSONWriter) {
        json.beginObject()
        json.field("prop", cause.origin.prop)
        json.field("view", cause.origin.view)
        json.field("wrapper", cause.origin.wrapper)
        json.field("site", cause.origin.site)
        json.field("evals", cause.count)
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
