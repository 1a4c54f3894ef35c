/// The text report: a header line, an aligned table, totals, marks and footers.
enum TextReport {
    static func render(_ summary: TraceSummary, options: ReportOptions) -> String {
        let views = options.selectViews(summary)
        var out = "trace: \(TerminalText.sanitize(summary.file))"
        if let scenario = summary.header?.scenario { out += "  scenario: \(TerminalText.sanitize(scenario))" }
        if let variant = summary.header?.variant { out += "  variant: \(TerminalText.sanitize(variant))" }
        out += "\n"
        if let connections = summary.connectionsLine { out += TerminalText.sanitize(connections) + "\n" }
        out += "\n"
        // NB: names come from the trace: the table writes control characters visibly.
        let rows = [ReportTable.headers] + ReportTable.rows(views, of: summary)
        out += Formatting.table(rows, leftAligned: ReportTable.textColumns)
        if views.count < summary.views.count { out += "(\(views.count) of \(summary.views.count) views shown)\n" }
        if let inferred = ReportTable.inferredCauses(views, of: summary) { out += inferred + "\n" }
        out += "\n" + counters("total", summary.totals, summary) + "\n"
        for mark in summary.marks {
            out += counters("mark \(TerminalText.sanitize(mark.name ?? ""))", mark.counters, summary) + "\n"
        }
        if let groups = ReportTable.updateGroups(summary) { out += groups + "\n" }
        if let warnings = ReportTable.runtimeWarnings(summary) { out += "warnings: \(warnings)\n" }
        if !summary.unknownKinds.isEmpty { out += "unknown kinds: \(ReportTable.unknownKinds(summary))\n" }
        if summary.invalidLineCount > 0 { out += "invalid lines skipped: \(summary.invalidLineCount)\n" }
        for diagnostic in summary.warnings + summary.invalidLines {
            out += "\(diagnostic.severity.rawValue): \(TerminalText.sanitize(diagnostic.description))\n"
        }
        return out
    }

    private static func counters(_ label: String, _ counters: EventCounts, _ summary: TraceSummary) -> String {
        func figure(_ metric: Metric) -> String { ReportTable.figure(metric, counters, of: summary) }
        return "\(label): \(counters.events) events, \(figure(.writes)) writes, \(figure(.invalidations)) invalidations, "
            + "\(figure(.bodyEvals)) evals (\(figure(.wastedEvals)) wasted), \(figure(.skips)) skips, "
            + "body time \(figure(.bodyTimeTotal))" + ReportTable.hitches(counters, of: summary)
    }
}
