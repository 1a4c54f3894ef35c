/// The Markdown advice: a ranked table, then each finding's fix, for pull requests and CI summaries.
enum AdviceMarkdown {
    static func render(_ report: AdviceReport) -> String {
        typealias M = Formatting
        var out = "### Tracer advice: \(M.markdown(AdviceRenderer.title(report)))\n\n"
        if !report.findings.isEmpty {
            out += "| # | pattern | where | body evals saved | body time saved | re-creations saved |\n"
            out += "| ---: | --- | --- | ---: | ---: | ---: |\n"
            for (index, finding) in report.findings.enumerated() {
                let cells = [
                    String(index + 1), M.markdown(finding.pattern.title), M.markdownCode(AdviceRenderer.subject(finding)),
                    String(finding.savings.bodyEvals), AdviceRenderer.bodyTime(finding.savings, in: report),
                    String(finding.savings.stateRecreations),
                ]
                out += "| " + cells.joined(separator: " | ") + " |\n"
            }
        }
        for (index, finding) in report.findings.enumerated() { out += block(finding, label: "\(index + 1).", in: report) }
        let footnotes = AdviceRenderer.footnotes(report)
        if !footnotes.isEmpty { out += "\n" + footnotes.map(M.markdown).joined(separator: "\n\n") + "\n" }
        for (index, estimate) in report.estimates.enumerated() { out += block(estimate, label: "E\(index + 1).", in: report) }
        return out
    }

    /// One finding's block: its heading (with the counts-only mark) and subject, details and sketch;
    /// a counts-only form's savings too (it has no row in the table).
    private static func block(_ finding: AdviceFinding, label: String, in report: AdviceReport) -> String {
        typealias M = Formatting
        var out = "\n**\(label) \(M.markdown(AdviceRenderer.heading(finding)))** at \(M.markdownCode(AdviceRenderer.subject(finding)))\n\n"
        if finding.estimatedFromCounts { out += "- \(AdviceRenderer.savings(finding, in: report))\n" }
        for (label, value) in AdviceRenderer.details(finding, escape: M.markdown) {
            out += "- \(label): \(value)\n"
        }
        return out + "\n```swift\n\(finding.pattern.sketch)\n```\n"
    }
}
