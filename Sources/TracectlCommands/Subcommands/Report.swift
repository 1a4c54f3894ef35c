import TraceAnalysis

/// `tracectl report`: the per-view redraw report of one trace.
enum Report: Subcommand {
    /// The formats `--format` offers: the renderer's, and the HTML page.
    enum Format: String, CaseIterable {
        case text, json, markdown, html
    }

    static let spec = CommandSpec(
        name: "report",
        abstract: "Report, per view, how often its body was evaluated, skipped or wasted, and why.",
        discussion: """
            Per view: body evaluations, skips, wasted evaluations (changed: 0), invalidations,
            writes, evaluations per write, body time (total, p50, p95, max) and the root property
            writes that led to its evaluations (followed through cause chains).
              text      an aligned table for terminals
              json      the tracer-report/1 document (documented in README.md)
              markdown  tables for pull-request comments and CI job summaries
              html      one self-contained page: summary, advice, sortable table, flame graph, timeline
            A cut-off final line is a warning (exit 0); invalid JSON is an error (exit 2) unless
            --lenient, which skips invalid lines and counts them.
            """,
        positionals: [PositionalSpec(name: "trace", help: "The trace to read ('-' for standard input).")],
        options: [
            .choice("--format", valueName: "format", help: "The output format.", default: Format.text),
            .choice("--sort", valueName: "key", help: "The order of the views.", default: ReportOptions.Sort.evals),
            .value("--top", valueName: "n", help: "Show only the first N views."),
            .value("--view", valueName: "glob", help: "Show only views whose path matches (e.g. 'MyView', '*/Row[*]', '**')."),
            .output, .lenient,
        ],
        examples: [
            ("tracectl report scroll.jsonl", "The table, views with the most body evaluations first."),
            ("tracectl report scroll.jsonl --sort wasted --top 10", "The ten views that waste the most evaluations."),
            ("tracectl report scroll.jsonl --format markdown >> \"$GITHUB_STEP_SUMMARY\"", "A CI job summary."),
            ("tracectl report scroll.jsonl --format html -o scroll.html", "A page to open in a browser."),
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let source = TraceSource(argument: try arguments.required("trace"))
        let readOptions = VisualCommand.readOptions(arguments)
        let options = ReportOptions(
            sort: try arguments.choice("--sort"),
            top: try arguments.integer("--top", in: 1...1_000_000),
            filter: arguments.value("--view").map(ViewGlob.init))
        let format: Format = try arguments.choice("--format")
        let text: String
        let summary: TraceSummary
        if let rendered = ReportRenderer.Format(rawValue: format.rawValue) {
            summary = try VisualCommand.run { () throws(TraceError) in
                try TraceAnalyzer.analyze(source: source, options: .init(read: readOptions))
            }
            text = ReportRenderer.render(summary, format: rendered, options: options)
        } else {
            let profile = try VisualCommand.run { () throws(TraceError) in try VisualProfile.load(source: source, options: readOptions, advising: true) }
            (text, summary) = (HTMLReport.report(profile), profile.summary)
        }
        VisualCommand.warn(summary, console: console)
        var output = try VisualCommand.output(arguments)
        output.write(text)
        try VisualCommand.close(&output)
        return .success
    }
}
