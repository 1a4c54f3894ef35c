import TraceSupport

/// Renders a `TraceSummary` as a per-view report.
public enum ReportRenderer {
    /// An output format.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// An aligned text table for terminals.
        case text
        /// The versioned `tracer-report/1` JSON document.
        case json
        /// A GitHub-flavoured Markdown table for PR comments and CI job summaries.
        case markdown
    }

    /// The report of `summary` in `format`, ending with a newline.
    public static func render(_ summary: TraceSummary, format: Format, options: ReportOptions = ReportOptions()) -> String {
        switch format {
        case .text: return TextReport.render(summary, options: options)
        case .json: return JSONReport.render(summary, options: options)
        case .markdown: return MarkdownReport.render(summary, options: options)
        }
    }

    /// Writes the report of `summary` in `format` to `output`; the JSON document goes out as it
    /// is made, never held whole.
    package static func write(
        _ summary: TraceSummary, format: Format, options: ReportOptions = ReportOptions(), to output: FileOutputStream
    ) {
        guard format == .json else { return output.write(render(summary, format: format, options: options)) }
        JSONReport.write(summary, options: options) { output.write(bytes: $0) }
    }
}
