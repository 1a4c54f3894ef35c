/// The Markdown report: a GitHub table for PR comments and CI job summaries.
enum MarkdownReport {
    static func render(_ summary: TraceSummary, options: ReportOptions) -> String {
        let views = options.selectViews(summary)
        var out = "### Tracer report: \(escape(ReportTable.title(summary)))\n\n"
        let alignment = ReportTable.headers.indices.map { ReportTable.numericColumns.contains($0) ? "---:" : "---" }
        out += "| " + ReportTable.headers.joined(separator: " | ") + " |\n"
        out += "| " + alignment.joined(separator: " | ") + " |\n"
        for row in ReportTable.rows(views) {
            var cells = row.map(escape)
            cells[0] = "`\(cells[0])`"
            out += "| " + cells.joined(separator: " | ") + " |\n"
        }
        let totals = summary.totals
        out += "\n**Total:** \(totals.bodyEvals) evals (\(totals.wastedEvals) wasted), \(totals.skips) skips, "
            + "\(totals.writes) writes, \(totals.invalidations) invalidations, body time "
            + "\(ReportTable.duration(totals.bodyTimeNs)) over \(totals.events) events"
        if views.count < summary.views.count { out += "; \(views.count) of \(summary.views.count) views shown" }
        out += ".\n"
        if !summary.unknownKinds.isEmpty { out += "\nUnknown kinds: \(escape(ReportTable.unknownKinds(summary))).\n" }
        let findings = summary.warnings + summary.invalidLines
        if !findings.isEmpty {
            out += "\n" + findings.map { "> **\($0.severity.rawValue)**: `\($0)`" }.joined(separator: "\n") + "\n"
        }
        return out
    }

    /// A cell with `|` escaped so it cannot end the cell.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "|" { escaped += "\\|" } else { escaped.append(character) }
        }
        return escaped
    }
}
