/// What a pull request's comment or a CI job's summary says about a check, in one Markdown file:
/// the verdict, the rules that failed or warned with their offenders, the cause graph's edges that
/// changed against the baseline and a Mermaid picture of them.
///
/// NB: GitHub takes comments up to 65,536 characters and renders Mermaid up to 50,000 characters
/// and 500 edges: the table and the picture show at most `GraphRenderer.markdownEdgeLimit` edges.
public enum CheckComment {
    /// How many changed edges the table lists.
    package static let edgeRows = 10

    /// The comment on `check` of `budget`; `traces` are the checked runs (with their cause graphs,
    /// see `BudgetFigures.load`), `baselines` the runs they were compared with, if any. Time rules
    /// whose comparison is inconclusive are listed apart, with the runs that could decide them.
    public static func markdown(_ check: BudgetCheck, budget: String, traces: [BudgetFigures], baselines: [BudgetFigures]) -> String {
        let escape = Formatting.markdown
        let icon = check.exitStatus != 0 ? "❌" : check.count(.warn) > 0 ? "⚠️" : "✅"
        var output = "## \(icon) Tracer budget: \(escape(BudgetCheckRenderer.verdict(check)))\n\n"
        output += "Budget \(Formatting.markdownCode(budget)); traces " + check.traces.map(Formatting.markdownCode).joined(separator: ", ")
        if !baselines.isEmpty { output += "; baseline " + baselines.map { Formatting.markdownCode($0.file) }.joined(separator: ", ") }
        output += "\n\n### Failing rules\n\n"
        // NB: an inconclusive time rule warns, but is listed apart: it asks for runs, not a fix.
        let inconclusive = check.results.filter { $0.comparison?.verdict == .inconclusive && $0.status == .warn }
        let breached = check.results.filter { ($0.status == .fail || $0.status == .warn) && !($0.comparison?.verdict == .inconclusive && $0.status == .warn) }
        if breached.isEmpty { output += "None.\n" }
        for result in breached {
            output += "- **\(result.status == .fail ? "fail" : "warn")** \(escape(result.message)) (\(escape(result.rule.path)), line \(result.rule.line))\n"
            for offender in result.offenders {
                let site = offender.causes.first.map { $0.origin.site.isEmpty ? "" : " at " + Formatting.markdownCode($0.origin.site) } ?? ""
                output += "  - \(Formatting.markdownCode(offender.view)): \(escape(BudgetCheckRenderer.figure(offender, of: result)))\(site)\n"
            }
        }
        if !inconclusive.isEmpty {
            output += "\n### Inconclusive time rules\n\n"
            for result in inconclusive {
                output += "- \(Formatting.markdownCode(result.view ?? result.rule.subject)) \(escape(result.rule.metric.rawValue)) "
                output += "(\(escape(result.rule.path)), line \(result.rule.line)): \(escape(ComparisonRenderer.sentence(result.comparison!)))\n"
            }
        }
        let comparisons = BudgetCheckRenderer.comparisons(check)
        if !comparisons.isEmpty { output += "\n### Times over runs\n" + comparisons }
        output += "\n### Changed edges\n\n"
        guard !baselines.isEmpty else { return output + "Not compared: no --baseline trace.\n" }
        let runs = baselines + traces
        let unavailable = runs.lazy.compactMap { Metric.evalsCausedByWrites.unavailability(in: $0.summary.header) }.first
        let graphs = runs.compactMap(\.summary.causeGraph)
        let edges = unavailable == nil && graphs.count == runs.count
            ? EdgeDiff(base: Array(graphs.prefix(baselines.count)), variant: Array(graphs.dropFirst(baselines.count))) : nil
        guard let section = EdgeSection(edges, unavailable: unavailable, labels: ("baseline", "trace"), limit: edgeRows) else {
            return output + "Not compared: the traces were read without their cause graphs.\n"
        }
        output += section.markdown
        guard let edges, !edges.listed.isEmpty else { return output }
        let picture = EdgeSection.graph(
            edges, unavailable: nil, format: .mermaid, limit: GraphRenderer.markdownEdgeLimit, changedOnly: true)
        return output + "\n```mermaid\n" + picture + "```\n"
    }
}
