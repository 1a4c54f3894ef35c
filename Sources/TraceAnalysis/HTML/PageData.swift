import TraceSupport

/// The JSON a report page's script renders from: sides (one trace, or base and variant), table
/// columns and rows, causes and timelines. Built here, embedded in a `<script type="application/json">`.
///
/// NB: written by an embeddable `JSONWriter`, which escapes `<`, so the block can hold any name
/// from a trace.
enum PageData {
    /// A table column: its key, header, and how the script formats its values.
    struct Column {
        enum Format: String {
            case text, int, ns, delta, percent
            case nsDelta = "ns-delta"
        }

        var label: String
        var format: Format
        /// The group header above it (diff pages: `evals`, `wasted`, …).
        var group: String = ""
    }


    /// The metrics a report page's table shows after the view, in order.
    private static let reportColumns: [Metric] = [
        .bodyEvals, .wastedEvals, .skips, .invalidations, .writes, .bodyTimeTotal, .bodyTimeP50, .bodyTimeP95,
    ]

    static func report(_ profile: VisualProfile) -> String {
        let summary = profile.summary
        let columns = [Column(label: "View", format: .text)] + reportColumns.map {
            Column(label: $0.definition.title, format: $0.definition.unit == .nanoseconds ? .ns : .int)
        }
        // NB: a figure the trace's source cannot produce is shown as n/a, never as 0.
        let available = reportColumns.map(summary.isAvailable)
        let anchors = profile.why.map(WhyHTML.anchors) ?? [:]
        return document(
            mode: "report", verdict: nil, sides: [(profile, profile.label)], columns: columns, sortColumn: 1, why: anchors
        ) { json in
            for stats in summary.views {
                json.lineBreak()
                json.beginArray()
                json.string(stats.view)
                for (metric, isAvailable) in zip(reportColumns, available) {
                    guard isAvailable else {
                        json.string(ReportTable.notAvailable)
                        continue
                    }
                    // NB: a view without evaluations has 0 ns of each body time, as the text report
                    // shows; one whose evaluations have no duration has none: `-`.
                    if metric.definition.unit == .nanoseconds && stats.bodyTime.count == 0 && stats.bodyEvals > 0 {
                        json.string("-")
                    } else {
                        json.number(metric.integer(of: stats) ?? 0)
                    }
                }
                json.endArray()
            }
        }
    }

    static func diff(_ diff: TraceDiff) -> String {
        let (base, variant) = (diff.baseLabel, diff.variantLabel)
        let measures = ViewDelta.measures
        let columns = [Column(label: "View", format: .text)] + measures.flatMap { measure -> [Column] in
            let group = measure.definition.title
            let isDuration = measure.definition.unit == .nanoseconds
            let value: Column.Format = isDuration ? .ns : .int
            return [
                Column(label: base, format: value, group: group), Column(label: variant, format: value, group: group),
                Column(label: "Δ", format: isDuration ? .nsDelta : .delta, group: group),
                Column(label: "%", format: .percent, group: group),
            ]
        }
        let sides = [(diff.base, diff.baseLabel), (diff.variant, diff.variantLabel)]
        return document(mode: "diff", verdict: diff.verdict, sides: sides, columns: columns, sortColumn: nil) { json in
            for row in DiffRenderer.ranked(diff) {
                json.lineBreak()
                json.beginArray()
                json.string(row.view)
                for measure in measures {
                    guard diff.isAvailable(measure), let pair = row[measure] else {
                        for _ in 0..<4 { json.string(ReportTable.notAvailable) }
                        continue
                    }
                    // NB: a side whose evaluations have no duration has no body time, and the pair no difference.
                    let untimed = row.untimed(measure)
                    guard !untimed.base && !untimed.variant else {
                        for (value, isUntimed) in [(pair.base, untimed.base), (pair.variant, untimed.variant)] {
                            if isUntimed { json.string("-") } else { json.number(Int64(clamping: value)) }
                        }
                        json.string("-")
                        json.string("-")
                        continue
                    }
                    json.number(Int64(clamping: pair.base))
                    json.number(Int64(clamping: pair.variant))
                    json.number(pair.delta)
                    // NB: null is a view's first appearance ("new"); no change from 0 is a ratio of 0.
                    if pair.base == 0 && pair.variant == 0 {
                        json.number(0)
                    } else if let ratio = DeltaFormat.ratio(base: pair.base, variant: pair.variant) {
                        json.number(ratio)
                    } else {
                        json.null()
                    }
                }
                json.endArray()
            }
        }
    }

    /// The page's data: its mode and verdict, the sides, the table's columns and the rows `rows` writes.
    private static func document(
        mode: String, verdict: String?, sides: [(profile: VisualProfile, label: String)], columns: [Column], sortColumn: Int?,
        why: [String: String] = [:], rows: (inout JSONWriter) -> Void
    ) -> String {
        var json = JSONWriter(embeddable: true)
        json.beginObject()
        json.field("mode", mode)
        json.field("verdict", verdict)
        json.key("sides")
        json.beginArray()
        for side in sides { write(side.profile, label: side.label, &json) }
        json.endArray()
        json.objects("columns", columns) { json, column in
            json.field("label", column.label)
            json.field("format", column.format.rawValue)
            json.field("group", column.group)
        }
        json.key("sortColumn")
        if let sortColumn { json.number(sortColumn) } else { json.null() }
        // NB: the anchor of each view's why section, by view path, sorted: the page is the same on every run.
        json.key("why")
        json.beginObject()
        for (view, anchor) in why.sorted(by: { $0.key < $1.key }) { json.field(view, anchor) }
        json.endObject()
        json.key("rows")
        json.beginArray()
        rows(&json)
        json.endArray()
        json.endObject()
        return json.text
    }

    /// One side of the page: its trace's header, totals, timeline, causes and warnings.
    private static func write(_ profile: VisualProfile, label: String, _ json: inout JSONWriter) {
        let summary = profile.summary
        let totals = summary.totals
        let timeline = profile.timeline
        json.beginObject()
        json.field("label", label)
        json.field("file", summary.file)
        json.field("scenario", summary.header?.scenario)
        json.field("variant", summary.header?.variant)
        json.field("tool", summary.header?.tool)
        json.key("totals")
        json.beginObject()
        json.field("events", totals.events)
        for metric in EventCounts.metrics {
            json.key(metric.definition.jsonKey)
            if !summary.isAvailable(metric) || totals[metric] == nil {
                json.null()
            } else if metric == .bodyTimeTotal && totals.bodyEvals > 0 && totals.untimedEvals == totals.bodyEvals {
                json.string("-")
            } else {
                json.number(totals[metric]!)
            }
        }
        json.field("views", summary.views.count)
        json.endObject()
        json.key("timeline")
        json.beginObject()
        json.field("axis", timeline.axis?.rawValue)
        json.field("start", timeline.start ?? 0)
        json.field("bucket", timeline.bucketWidth)
        json.numbers("evals", timeline.evals)
        json.numbers("wasted", timeline.wasted)
        json.numbers("writes", timeline.writes)
        json.endObject()
        json.objects("causes", topCauses(summary)) { json, cause in
            json.field("view", cause.origin.view)
            json.field("prop", cause.origin.prop)
            json.field("wrapper", cause.origin.wrapper)
            json.field("site", cause.origin.site)
            json.field("evals", cause.evals)
            json.field("views", cause.views)
            json.field("writes", cause.writes)
        }
        json.strings("warnings", summary.warnings.map(\.description))
        json.endObject()
    }

    /// A write origin and what it led to over the whole trace.
    struct CauseTotal {
        var origin: WriteOrigin
        var evals: Int
        var views: Int
        var writes: Int
    }

    /// The write origins that caused the most evaluations, most first (at most `limit`).
    static func topCauses(_ summary: TraceSummary, limit: Int = 15) -> [CauseTotal] {
        var totals: [WriteOrigin: CauseTotal] = [:]
        for stats in summary.views {
            // NB: recorded causes only: the pages show no inferred link (their scans read recorded ones).
            for cause in stats.causes where cause.inferredBy == nil {
                totals[cause.origin, default: CauseTotal(origin: cause.origin, evals: 0, views: 0, writes: 0)].evals += cause.count
                totals[cause.origin]!.views += 1
            }
        }
        for stats in summary.views {
            for written in stats.writesByProperty where totals[written.origin] != nil {
                totals[written.origin]!.writes += written.count
            }
        }
        return totals.values
            .sorted { $0.evals != $1.evals ? $0.evals > $1.evals : $0.origin < $1.origin }
            .prefix(limit).map { $0 }
    }
}
