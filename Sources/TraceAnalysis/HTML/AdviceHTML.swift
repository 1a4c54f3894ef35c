import TraceSupport

/// The report page's "Advice" section: `tracectl advise`'s findings, rendered on the server side.
enum AdviceHTML {
    /// `<h2>Advice</h2>` and an ordered list of the findings (or why there are none); every name
    /// from the trace escaped.
    static func section(_ report: AdviceReport) -> String {
        var html = "<h2>Advice</h2>\n"
        if !report.findings.isEmpty { html += "<ol class=\"advice\">\n" }
        for finding in report.findings {
            html += "<li><strong>\(Markup.escape(finding.pattern.title))</strong> at "
                + "<code>\(Markup.escape(AdviceRenderer.subject(finding)))</code>: "
                + "\(Markup.escape(AdviceRenderer.savings(finding.savings, in: report))).<br>"
                + "\(Markup.escape(finding.estimate)).<br>\(Markup.escape(finding.pattern.suggestion))</li>\n"
        }
        if !report.findings.isEmpty { html += "</ol>" }
        let footnotes = AdviceRenderer.footnotes(report)
        if !footnotes.isEmpty { html += "<p class=\"note\">\(Markup.escape(footnotes.joined(separator: " ")))</p>" }
        return html
    }
}
