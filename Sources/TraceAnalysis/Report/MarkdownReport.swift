/// The Markdown report: a GitHub table for PR comments and CI job summaries.
enum MarkdownReport {
    static func render(_ summary: TraceSummary, options: ReportOptions) -> String {
        let views = options.selectViews(summary)
        var out = "### Tracer report: \(Formatting.markdown(ReportTable.title(summary)))\n\n"
        if let connections = summary.connectionsLine { out += Formatting.markdown(connections) + "\n\n" }
        let alignment = ReportTable.headers.indices.map { ReportTable.numericColumns.contains($0) ? "---:" : "---" }
        out += "| " + ReportTable.headers.joined(separator: " | ") + " |\n"
        out += "| " + alignment.joined(separator: " | ") + " |\n"
        for row in ReportTable.rows(views, of: summary) {
            let cells = [Formatting.markdownCode(row[0])] + row.dropFirst().map(Formatting.markdown)
            out += "| " + cells.joined(separator: " | ") + " |\n"
        }
        func figure(_ metric: Metric, _ counters: EventCounts) -> String { ReportTable.figure(metric, counters, of: summary) }
        let totals = summary.totals
        out += "\n**Total:** \(figure(.bodyEvals, totals)) evals (\(figure(.wastedEvals, totals)) wasted), "
            + "\(figure(.skips, totals)) skips, \(figure(.writes, totals)) writes, \(figure(.invalidations, totals)) invalidations, "
            + "body time \(figure(.bodyTimeTotal, totals))\(ReportTable.hitches(totals, of: summary)) over \(totals.events) events"
        if views.count < summary.views.count { out += "; \(views.count) of \(summary.views.count) views shown" }
        out += ".\n"
        if let inferred = ReportTable.inferredCauses(views, of: summary) { out += "\n" + Formatting.markdown(inferred) + "\n" }
        if let groups = ReportTable.updateGroups(summary) { out += "\n" + Formatting.markdown(groups.prefix(1).uppercased() + groups.dropFirst()) + ".\n" }
        if !summary.marks.isEmpty {
            let columns: [Metric] = [.writes, .invalidations, .bodyEvals, .wastedEvals, .skips, .bodyTimeTotal]
            let hitchHeaders = summary.showsFrames ? ["hitches", "hitch time"] : []
            let headers = ["interval", "events"] + columns.map { $0 == .bodyTimeTotal ? $0.definition.label : $0.definition.column! } + hitchHeaders
            out += "\n| " + headers.joined(separator: " | ") + " |\n"
            out += "| --- |" + String(repeating: " ---: |", count: headers.count - 1) + "\n"
            let leading = summary.beforeFirstMark.events > 0 ? [("before the first mark", summary.beforeFirstMark)] : []
            let intervals = leading + summary.marks.map { ("mark " + Formatting.markdownCode($0.name ?? ""), $0.counters) }
            for (label, counters) in intervals {
                let hitches = !summary.showsFrames ? [] : summary.can(.hitch)
                    ? [String(counters.hitches.count), Formatting.duration(counters.hitches.timeNs)] : ["n/a", "n/a"]
                let figures = [label, String(counters.events)] + columns.map { figure($0, counters) } + hitches
                out += "| " + figures.joined(separator: " | ") + " |\n"
            }
        }
        if let warnings = ReportTable.runtimeWarnings(summary) { out += "\nWarnings: \(Formatting.markdown(warnings)).\n" }
        if !summary.unknownKinds.isEmpty { out += "\nUnknown kinds: \(Formatting.markdown(ReportTable.unknownKinds(summary))).\n" }
        let findings = summary.warnings + summary.invalidLines
        if !findings.isEmpty {
            out += "\n" + findings.map { "> **\($0.severity.rawValue)**: `\($0)`" }.joined(separator: "\n") + "\n"
        }
        return out
    }
}
