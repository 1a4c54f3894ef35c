/// The JSON a report page's script renders from: sides (one trace, or base and variant), table
/// columns and rows, causes and timelines. Built here, embedded in a `<script type="application/json">`.
///
/// NB: every string goes through `JSONText.quoted`, which escapes `<`, so the block can hold any
/// name from a trace.
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

    /// A table cell the trace's source cannot have a figure for.
    private static let notAvailable = JSONText.quoted(ReportTable.notAvailable)

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
        let rows = summary.views.map { stats -> String in
            let cells = reportColumns.indices.map { index -> String in
                guard available[index] else { return notAvailable }
                let metric = reportColumns[index]
                return metric.definition.unit == .nanoseconds ? String(Int64(metric.value(of: stats) ?? 0)) : String(stats.counts[metric])
            }
            return "[\(JSONText.quoted(stats.view)),\(cells.joined(separator: ","))]"
        }
        return document(mode: "report", verdict: nil, sides: [(profile, profile.label)], columns: columns, rows: rows, sortColumn: 1)
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
        let rows = DiffRenderer.ranked(diff).map { row -> String in
            let cells = measures.map { measure -> String in
                guard diff.isAvailable(measure) else { return Array(repeating: notAvailable, count: 4).joined(separator: ",") }
                let pair = row[measure]
                // NB: null is a view's first appearance ("new"); no change from 0 is a ratio of 0.
                let ratio = pair.base == 0 && pair.variant == 0
                    ? "0" : DeltaFormat.ratio(base: pair.base, variant: pair.variant).map { JSONText.decimal($0, places: 4) } ?? "null"
                return "\(pair.base),\(pair.variant),\(pair.delta),\(ratio)"
            }
            return "[\(JSONText.quoted(row.view)),\(cells.joined(separator: ","))]"
        }
        return document(
            mode: "diff", verdict: diff.verdict, sides: [(diff.base, diff.baseLabel), (diff.variant, diff.variantLabel)],
            columns: columns, rows: rows, sortColumn: nil)
    }

    private static func document(
        mode: String, verdict: String?, sides: [(profile: VisualProfile, label: String)], columns: [Column], rows: [String], sortColumn: Int?
    ) -> String {
        let columnList = columns.map {
            "{\"label\":\(JSONText.quoted($0.label)),\"format\":\"\($0.format.rawValue)\",\"group\":\(JSONText.quoted($0.group))}"
        }
        return "{\"mode\":\"\(mode)\",\"verdict\":\(verdict.map { JSONText.quoted($0) } ?? "null"),"
            + "\"sides\":[\(sides.map { side($0.profile, label: $0.label) }.joined(separator: ","))],"
            + "\"columns\":[\(columnList.joined(separator: ","))],\"sortColumn\":\(sortColumn.map(String.init) ?? "null"),"
            + "\"rows\":[\(rows.joined(separator: ",\n"))]}"
    }

    private static func side(_ profile: VisualProfile, label: String) -> String {
        let summary = profile.summary
        let header = summary.header
        let totals = summary.totals
        func optional(_ text: String?) -> String { text.map { JSONText.quoted($0) } ?? "null" }
        let timeline = profile.timeline
        let causes = topCauses(summary).map {
            "{\"view\":\(JSONText.quoted($0.origin.view)),\"prop\":\(JSONText.quoted($0.origin.prop)),"
                + "\"wrapper\":\(JSONText.quoted($0.origin.wrapper)),\"site\":\(JSONText.quoted($0.origin.site)),"
                + "\"evals\":\($0.evals),\"views\":\($0.views),\"writes\":\($0.writes)}"
        }
        let warnings = summary.warnings.map { JSONText.quoted($0.description) }
        let figures = EventCounters.metrics.map { metric in
            "\"\(metric.definition.jsonKey)\":" + (summary.isAvailable(metric) ? String(totals[metric]) : "null")
        }
        return "{\"label\":\(JSONText.quoted(label)),\"file\":\(JSONText.quoted(summary.file)),"
            + "\"scenario\":\(optional(header?.scenario)),\"variant\":\(optional(header?.variant)),\"tool\":\(optional(header?.tool)),"
            + "\"totals\":{\"events\":\(totals.events),\(figures.joined(separator: ",")),\"views\":\(summary.views.count)},"
            + "\"timeline\":{\"axis\":\(optional(timeline.axis?.rawValue)),\"start\":\(timeline.start ?? 0),\"bucket\":\(timeline.bucketWidth),"
            + "\"evals\":[\(timeline.evals.map(String.init).joined(separator: ","))],"
            + "\"wasted\":[\(timeline.wasted.map(String.init).joined(separator: ","))],"
            + "\"writes\":[\(timeline.writes.map(String.init).joined(separator: ","))]},"
            + "\"causes\":[\(causes.joined(separator: ","))],\"warnings\":[\(warnings.joined(separator: ","))]}"
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
            for cause in stats.causes {
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
