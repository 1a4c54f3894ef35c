/// The text advice: one numbered block per finding, then the footnotes and the counts-only
/// estimates (`E1.`, each said to be estimated from counts), for terminals.
enum AdviceText {
    static func render(_ report: AdviceReport) -> String {
        var out = "advice: \(TerminalText.sanitize(AdviceRenderer.title(report))) — \(TerminalText.sanitize(report.file))\n"
        for (index, finding) in report.findings.enumerated() { out += block(finding, label: "\(index + 1).", in: report) }
        let footnotes = AdviceRenderer.footnotes(report)
        if !footnotes.isEmpty { out += "\n" + footnotes.joined(separator: "\n") + "\n" }
        for (index, estimate) in report.estimates.enumerated() { out += block(estimate, label: "E\(index + 1).", in: report) }
        return out
    }

    /// One finding's block: its heading (with the counts-only mark), subject, savings, details and sketch.
    private static func block(_ finding: AdviceFinding, label: String, in report: AdviceReport) -> String {
        var out = "\n\(label) \(AdviceRenderer.heading(finding))\n"
        out += "   \(TerminalText.sanitize(AdviceRenderer.subject(finding)))\n"
        out += "   \(AdviceRenderer.savings(finding, in: report))\n"
        for (label, value) in AdviceRenderer.details(finding, escape: TerminalText.sanitize) {
            out += "   \(label): \(value)\n"
        }
        return out + finding.pattern.sketch.split(separator: "\n").map { "       \($0)\n" }.joined()
    }
}
