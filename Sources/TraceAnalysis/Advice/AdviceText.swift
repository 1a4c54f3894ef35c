/// The text advice: one numbered block per finding, for terminals.
enum AdviceText {
    static func render(_ report: AdviceReport) -> String {
        var out = "advice: \(TerminalText.sanitize(AdviceRenderer.title(report))) — \(TerminalText.sanitize(report.file))\n"
        for (index, finding) in report.findings.enumerated() {
            out += "\n\(index + 1). \(finding.pattern.title)\n"
            out += "   \(TerminalText.sanitize(AdviceRenderer.subject(finding)))\n"
            out += "   \(AdviceRenderer.savings(finding.savings, in: report))\n"
            for (label, value) in AdviceRenderer.details(finding, escape: TerminalText.sanitize) {
                out += "   \(label): \(value)\n"
            }
            out += finding.pattern.sketch.split(separator: "\n").map { "       \($0)\n" }.joined()
        }
        let footnotes = AdviceRenderer.footnotes(report)
        if !footnotes.isEmpty { out += "\n" + footnotes.joined(separator: "\n") + "\n" }
        return out
    }
}
