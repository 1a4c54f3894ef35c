/// The Markdown report: a GitHub table for PR comments and CI job summaries.
enum MarkdownReport {
    static func render(_ summary: TraceSummary, options: ReportOptions) -> String {
        let views = options.selectViews(summary)
        var out = "### Tracer report: \(escape(ReportTable.title(summary)))\n\n"
        let alignment = ReportTable.headers.indices.map { ReportTable.numericColumns.contains($0) ? "---:" : "---" }
        out += "| " + ReportTable.headers.joined(separator: " | ") + " |\n"
        out += "| " + alignment.joined(separator: " | ") + " |\n"
        for row in ReportTable.rows(views, of: summary) {
            let cells = [code(row[0])] + row.dropFirst().map(escape)
            out += "| " + cells.joined(separator: " | ") + " |\n"
        }
        func figure(_ metric: Metric, _ counters: EventCounters) -> String { ReportTable.figure(metric, counters, of: summary) }
        let totals = summary.totals
        out += "\n**Total:** \(figure(.bodyEvals, totals)) evals (\(figure(.wastedEvals, totals)) wasted), "
            + "\(figure(.skips, totals)) skips, \(figure(.writes, totals)) writes, \(figure(.invalidations, totals)) invalidations, "
            + "body time \(figure(.bodyTimeTotal, totals)) over \(totals.events) events"
        if views.count < summary.views.count { out += "; \(views.count) of \(summary.views.count) views shown" }
        out += ".\n"
        if !summary.marks.isEmpty {
            let columns: [Metric] = [.writes, .invalidations, .bodyEvals, .wastedEvals, .skips, .bodyTimeTotal]
            let headers = ["interval", "events"] + columns.map { $0 == .bodyTimeTotal ? $0.definition.label : $0.definition.column! }
            out += "\n| " + headers.joined(separator: " | ") + " |\n"
            out += "| --- |" + String(repeating: " ---: |", count: headers.count - 1) + "\n"
            let leading = summary.beforeFirstMark.events > 0 ? [("before the first mark", summary.beforeFirstMark)] : []
            let intervals = leading + summary.marks.map { ("mark " + code($0.name ?? ""), $0.counters) }
            for (label, counters) in intervals {
                let figures = [label, String(counters.events)] + columns.map { figure($0, counters) }
                out += "| " + figures.joined(separator: " | ") + " |\n"
            }
        }
        if !summary.unknownKinds.isEmpty { out += "\nUnknown kinds: \(escape(ReportTable.unknownKinds(summary))).\n" }
        let findings = summary.warnings + summary.invalidLines
        if !findings.isEmpty {
            out += "\n" + findings.map { "> **\($0.severity.rawValue)**: `\($0)`" }.joined(separator: "\n") + "\n"
        }
        return out
    }

    /// Text shown literally in a table cell: control characters and line breaks written visibly
    /// (`TerminalText`) so that they cannot end the row, `|` escaped so that it cannot end the
    /// cell, and Markdown's inline syntax backslash-escaped (`\`, a backtick, `*`, `~`, `<`, `&`,
    /// `_` at a word's edge, `]` before `(`). Ordinary names and figures come out unchanged.
    static func escape(_ text: String) -> String {
        let scalars = Array(TerminalText.sanitize(text).unicodeScalars)
        var escaped = ""
        for (index, scalar) in scalars.enumerated() {
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            switch scalar {
            case "\\", "`", "*", "~", "<", "&", "|":
                escaped += "\\"
            case "_" where !(index > 0 && isWordScalar(scalars[index - 1]) && next.map(isWordScalar) == true):
                // NB: an underscore inside a word (`my_trace`) never starts emphasis.
                escaped += "\\"
            case "]" where next == "(":
                // NB: `Row[1]` stays as it is; only `[text](target)` would become a link.
                escaped += "\\"
            default:
                break
            }
            escaped.unicodeScalars.append(scalar)
        }
        return escaped
    }

    /// A code span that shows `text` literally in a table cell: fenced with one backtick more than
    /// the longest run inside it (padded where CommonMark would strip or join), `|` escaped as
    /// GitHub's tables require, and control characters written visibly (`TerminalText`).
    static func code(_ text: String) -> String {
        let content = TerminalText.sanitize(text).replacingOccurrences(of: "|", with: "\\|")
        var run = 0
        var longestRun = 0
        for character in content {
            run = character == "`" ? run + 1 : 0
            longestRun = max(longestRun, run)
        }
        let fence = String(repeating: "`", count: longestRun + 1)
        // NB: CommonMark strips one space from each end of a span that starts and ends with one.
        let padded = content.hasPrefix("`") || content.hasSuffix("`")
            || content.hasPrefix(" ") && content.hasSuffix(" ") && content.contains { $0 != " " }
        return padded ? "\(fence) \(content) \(fence)" : fence + content + fence
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
