import TraceSupport

/// Renders a `TraceDiff` as text, JSON (`tracer-diff/1`) or Markdown.
public enum DiffRenderer {
    /// The JSON schema id of `json(_:)`.
    public static let schema = "tracer-diff/1"

    /// The views worth listing, most changed first: by absolute evaluation delta, then wasted, then
    /// in the order the traces first show them (`TraceDiff.views`).
    static func ranked(_ diff: TraceDiff) -> [ViewDelta] {
        diff.views.indices.sorted { (lhs: Int, rhs: Int) -> Bool in
            let (left, right) = (diff.views[lhs].evals.delta.magnitude, diff.views[rhs].evals.delta.magnitude)
            if left != right { return left > right }
            let (leftWasted, rightWasted) = (diff.views[lhs].wasted.delta.magnitude, diff.views[rhs].wasted.delta.magnitude)
            if leftWasted != rightWasted { return leftWasted > rightWasted }
            return lhs < rhs
        }.map { diff.views[$0] }
    }

    /// Per measure: the base and variant values, the delta and the change in % (`n/a` for a
    /// measure one side's source cannot produce).
    private static func cells(_ row: ViewDelta, name: String, _ diff: TraceDiff) -> [String] {
        [name] + ViewDelta.measures.flatMap { measure -> [String] in
            guard diff.isAvailable(measure), let pair = row[measure] else { return Array(repeating: ReportTable.notAvailable, count: 4) }
            let isDuration = measure.definition.unit == .nanoseconds
            func value(_ amount: UInt64) -> String {
                isDuration ? Formatting.duration(Int64(clamping: amount), zeros: .trimmed) : String(amount)
            }
            let untimed = row.untimed(measure)
            if untimed.base || untimed.variant {
                return [untimed.base ? "-" : value(pair.base), untimed.variant ? "-" : value(pair.variant), "-", "-"]
            }
            let delta = isDuration ? DeltaFormat.signedDuration(pair.delta) : DeltaFormat.signed(pair.delta)
            return [value(pair.base), value(pair.variant), delta, DeltaFormat.percent(base: pair.base, variant: pair.variant)]
        }
    }

    private static func name(_ row: ViewDelta, _ diff: TraceDiff) -> String {
        switch row.presence {
        case .both: row.view
        case .baseOnly: "\(row.view)  (only in \(diff.baseLabel))"
        case .variantOnly: "\(row.view)  (only in \(diff.variantLabel))"
        }
    }

    /// A terminal table: the verdict, then one row per view (most changed first) and the totals.
    public static func text(_ diff: TraceDiff) -> String {
        let (baseName, variantName) = (diff.baseLabel, diff.variantLabel)
        let safe = TerminalText.sanitize
        var output = "base:    \(safe(baseName)) (\(safe(diff.base.summary.file)))\n"
        output += "variant: \(safe(variantName)) (\(safe(diff.variant.summary.file)))\n"
        if let scenario = diff.base.summary.header?.scenario { output += "scenario: \(safe(scenario))\n" }
        output += "\n\(safe(diff.verdict))\n\n"
        let measures = ViewDelta.measures
        var rows = [
            ["view"] + measures.flatMap { [$0.definition.shortName, "", "Δ", "%"] },
            [""] + measures.flatMap { _ in [baseName, variantName, "", ""] },
        ]
        rows += ranked(diff).map { cells($0, name: name($0, diff), diff) }
        rows.append(cells(diff.totals, name: "total", diff))
        output += Formatting.table(rows, leftAligned: [0], separatorBefore: rows.count - 1)
        if let section = edgeSection(diff, limit: nil) {
            output += "\n\(section.headline)\n"
            if section.rows.count > 1 { output += Formatting.table(section.rows, leftAligned: [0, 1], separatorBefore: 1) }
            if let omitted = section.omitted { output += omitted + "\n" }
        }
        if let times = diff.times {
            output += "\n\(times.headline)\n" + Formatting.table(times.table.map { $0.map(TerminalText.sanitize) }, leftAligned: [0, 1, 2, 5], separatorBefore: 1)
        }
        return output
    }

    /// The edges section of a comparison: its headline, a table of the listed edges (a header
    /// row first; at most `limit` edges) and the line saying how many were left out; nil when
    /// the comparison has no cause graphs.
    static func edgeSection(_ diff: TraceDiff, limit: Int?) -> EdgeSection? {
        EdgeSection(diff.edges, unavailable: diff.edgesUnavailability, labels: (diff.baseLabel, diff.variantLabel), limit: limit)
    }

    /// A Markdown report: verdict, then a table of every view (most changed first) and the totals.
    public static func markdown(_ diff: TraceDiff) -> String {
        let (baseName, variantName) = (diff.baseLabel, diff.variantLabel)
        let escape = Formatting.markdown
        var output = "## \(escape(variantName)) vs \(escape(baseName))\n\n**\(escape(diff.verdict))**\n\n"
        let header = ["view"] + ViewDelta.measures.flatMap { measure in
            let name = measure.definition.shortName
            return ["\(name) \(baseName)", "\(name) \(variantName)", "\(name) Δ", "\(name) %"]
        }
        func line(_ cells: [String]) -> String { "| " + cells.joined(separator: " | ") + " |\n" }
        output += line(header.map(escape))
        output += "|" + header.indices.map { $0 == 0 ? " --- |" : " ---: |" }.joined() + "\n"
        for row in ranked(diff) { output += line(cells(row, name: name(row, diff), diff).map(escape)) }
        output += line(["**total**"] + cells(diff.totals, name: "", diff).dropFirst().map(escape))
        if let section = edgeSection(diff, limit: GraphRenderer.markdownEdgeLimit) {
            output += "\n### Cause graph\n\n" + section.markdown
        }
        if let times = diff.times {
            output += "\n### Body time over runs\n\n\(escape(times.headline))\n\n"
            let table = times.table
            output += line(table[0].map(escape)) + "|" + table[0].indices.map { _ in " --- |" }.joined() + "\n"
            for row in table.dropFirst() { output += line(row.map(escape)) }
        }
        return output
    }

    /// The `tracer-diff/1` JSON document (one line, fields in a fixed order, views by path).
    public static func json(_ diff: TraceDiff) -> String {
        var json = JSONWriter(embeddable: true)
        // NB: a figure a trace's source cannot produce is null, never a measured 0.
        func side(_ name: String, _ profile: VisualProfile, _ label: String) {
            let summary = profile.summary
            json.key(name)
            json.beginObject()
            json.field("file", summary.file)
            json.field("label", label)
            json.field("scenario", summary.header?.scenario)
            json.field("variant", summary.header?.variant)
            for metric in [Metric.bodyEvals, .skips, .wastedEvals, .bodyTimeTotal] {
                json.key(metric.definition.jsonKey)
                let totals = summary.totals
                if !summary.isAvailable(metric) || totals[metric] == nil {
                    json.null()
                } else if metric == .bodyTimeTotal {
                    json.bodyTime(totals.bodyTimeNs, timed: totals.bodyEvals - totals.untimedEvals, untimed: totals.untimedEvals)
                } else {
                    json.number(totals[metric]!)
                }
                json.saturated(metric == .bodyTimeTotal && totals.bodyTimeNs == .saturatedTotal)
            }
            json.endObject()
        }
        func measures(_ row: ViewDelta) {
            for metric in ViewDelta.measures {
                json.key(metric.definition.jsonKey)
                guard diff.isAvailable(metric), let pair = row[metric] else {
                    json.null()
                    continue
                }
                let untimed = row.untimed(metric)
                json.beginObject()
                json.key("base")
                if untimed.base { json.null() } else { json.number(Int64(clamping: pair.base)) }
                json.key("variant")
                if untimed.variant { json.null() } else { json.number(Int64(clamping: pair.variant)) }
                json.key("delta")
                if untimed.base || untimed.variant { json.null() } else { json.number(pair.delta) }
                json.key("ratio")
                if !(untimed.base || untimed.variant), let ratio = DeltaFormat.ratio(base: pair.base, variant: pair.variant) {
                    json.number(ratio)
                } else {
                    json.null()
                }
                // NB: a delta or ratio of a saturated total is not a measured difference either.
                json.saturated(metric == .bodyTimeTotal && (pair.base == .saturatedTotal || pair.variant == .saturatedTotal))
                json.endObject()
            }
        }
        json.beginObject()
        json.field("schema", schema)
        json.field("verdict", diff.verdict)
        side("base", diff.base, diff.baseLabel)
        side("variant", diff.variant, diff.variantLabel)
        json.key("totals")
        json.beginObject()
        measures(diff.totals)
        json.endObject()
        json.key("views")
        json.beginArray()
        for row in diff.views {
            json.beginObject()
            json.field("view", row.view)
            json.field("presence", row.presence.rawValue)
            measures(row)
            json.endObject()
        }
        json.endArray()
        if diff.edges != nil || diff.edgesUnavailability != nil { edges(diff, into: &json) }
        diff.times?.write(into: &json)
        json.endObject()
        return json.document()
    }

    /// The `edges` member of `tracer-diff/1`: counts of new, removed and changed edges and the
    /// listed edges with both sides' figures; null with `edgesUnavailable` when a side's source
    /// records no causes.
    private static func edges(_ diff: TraceDiff, into json: inout JSONWriter) {
        json.field("edgesUnavailable", diff.edgesUnavailability)
        json.key("edges")
        guard let edges = diff.edges else { return json.null() }
        json.beginObject()
        for change in [EdgeDelta.Change.new, .removed, .changed] { json.field(change.rawValue, edges.count(change)) }
        json.key("threshold")
        json.number(EdgeDiff.changeThreshold)
        json.key("list")
        json.beginArray()
        for delta in edges.listed {
            json.beginObject()
            json.field("from", delta.key.from.name)
            if let rule = delta.key.inferred { json.field("inferred", rule) }
            json.field("fromKind", delta.key.from.isSource ? "source" : "view")
            json.field("to", delta.key.to)
            json.field("change", delta.change.rawValue)
            if delta.key.from.isSource {
                json.field("wrapper", delta.latest.wrapper.isEmpty ? nil : delta.latest.wrapper)
                json.field("site", delta.latest.site.isEmpty ? nil : delta.latest.site)
            }
            for (name, edge) in [("base", delta.base), ("variant", delta.variant)] {
                json.key(name)
                guard let edge else {
                    json.null()
                    continue
                }
                json.beginObject()
                json.field("evals", edge.evals)
                json.field("skips", edge.skips)
                json.key("bodyTimeNs")
                if diff.isAvailable(.bodyTimeTotal) { edge.writeBodyTime(&json) } else { json.null() }
                json.endObject()
            }
            json.field("evalsAdded", delta.evalsAdded)
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }

    /// The merged cause graph as Mermaid or DOT: changed edges first (new ones and removed ones
    /// marked), at most `limit` edges, a note for the rest.
    public static func graph(_ diff: TraceDiff, format: GraphRenderer.Format, limit: Int?) -> String {
        EdgeSection.graph(diff.edges, unavailable: diff.edgesUnavailability, format: format, limit: limit, changedOnly: false)
    }
}
