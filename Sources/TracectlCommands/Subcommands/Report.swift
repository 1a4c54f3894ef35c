import TraceAnalysis
import TraceSupport

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
            writes, evaluations per write, body time (total, p50, p95; also mean and max in json)
            and the root property writes that led to its evaluations (followed through cause chains;
            one reached through an inferred link shows '≈', evaluations per write count recorded
            links only; --recorded-only infers none).
              text      an aligned table for terminals
              json      the tracer-report/1 document (documented in Tracer.docc/TracectlReport.md)
              markdown  tables for pull-request comments and CI job summaries
              html      one self-contained page: summary, advice, sortable table, flame graph, timeline,
                        and each view's cause paths ('why'), linked from its row; writes' recorded
                        values (old/new) only with --values
            A cut-off final line is a warning (exit 0); invalid JSON is an error (exit 2) unless
            --lenient, which skips invalid lines and counts them.
            A trace of 'record --listen' lists its connections (one per app process) in the header;
            their views are merged unless --conn selects one (a warning says so when there are several).
            """,
        positionals: [PositionalSpec(name: "trace", help: "The trace to read ('-' for standard input).")],
        options: [Options.format, Options.sort, Options.top, Options.view, Options.connection, CommonOptions.values, CommonOptions.recordedOnly]
            + CommonOptions.document,
        examples: [
            ("tracectl report scroll.jsonl", "The table, views with the most body evaluations first."),
            ("tracectl report scroll.jsonl --sort wasted --top 10", "The ten views that waste the most evaluations."),
            ("tracectl report scroll.jsonl --format markdown >> \"$GITHUB_STEP_SUMMARY\"", "A CI job summary."),
            ("tracectl report scroll.jsonl --format html -o scroll.html", "A page to open in a browser."),
            ("tracectl report sim.jsonl --conn 2", "One app process of a trace recorded with 'record --listen'."),
        ])

    /// The options `report` reads, in help order.
    enum Options {
        static let format: Option<Format> = .choice("--format", valueName: "format", help: "The output format.", default: .text)
        static let sort: Option<ReportOptions.Sort> = .choice("--sort", valueName: "key", help: "The order of the views.", default: .evals)
        static let top: Option<TopCount> = .top(help: "Show only the first N views ('all': every view).")
        static let view: Option<String> = .value(
            "--view", valueName: "glob", help: "Show only views whose path matches (e.g. 'MyView', '*/Row[*]', '**'); none matching prints an empty table ('why' says so, exit 2).")
        static let connection: Option<Int> = .number(
            "--conn", valueName: "n", help: "Only the events of connection N of a 'record --listen' trace.",
            range: 1...1_000_000_000)
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let source = TraceInput(argument: try arguments.required("trace"))
        var readOptions = TraceReading.readOptions(arguments)
        readOptions.connection = arguments.value(Options.connection).map(Int64.init)
        let options = ReportOptions(
            sort: arguments.choice(Options.sort),
            top: arguments.value(Options.top)?.limit,
            filter: arguments.value(Options.view).map(ViewGlob.init))
        let format: Format = arguments.choice(Options.format)
        // NB: the trace is read and checked before anything is written; a report of a million
        // views is written as it is made.
        if let rendered = ReportRenderer.Format(rawValue: format.rawValue) {
            let summary = try TraceReading.run { () throws(TraceError) in
                try TraceAnalyzer.analyze(source: source, options: .init(read: readOptions))
            }
            try finish(summary, arguments, console: console) { ReportRenderer.write(summary, format: rendered, options: options, to: $0) }
        } else {
            let profile = try TraceReading.run { () throws(TraceError) in
                try VisualProfile.load(source: source, options: readOptions, advising: true, whyPaths: true)
            }
            let values = arguments.flag(CommonOptions.values)
            try finish(profile.summary, arguments, console: console) { $0.write(HTMLReport.report(profile, values: values)) }
        }
        return .success
    }

    /// Checks the connections, prints the trace's warnings and writes the report with `write`.
    private static func finish(
        _ summary: TraceSummary, _ arguments: ParsedArguments, console: Console, write: (FileOutputStream) -> Void
    ) throws {
        try checkConnections(summary, console: console)
        TraceReading.warn(summary, console: console)
        var output = try CommandOutput.open(arguments)
        write(output)
        try CommandOutput.close(&output)
    }

    /// Rejects a `--conn` the trace does not have; warns when the views of several connections
    /// (app processes) are merged into one table.
    private static func checkConnections(_ summary: TraceSummary, console: Console) throws(CommandError) {
        let known = summary.connections.map(\.id)
        if let selected = summary.selectedConnection, !known.contains(selected) {
            let found = known.isEmpty
                ? "it has none (it was not recorded with 'tracectl record --listen')"
                : "it has " + known.map(String.init).joined(separator: ", ")
            throw CommandError("\(summary.file): --conn \(selected): no such connection in the trace; \(found)")
        }
        if summary.selectedConnection == nil && known.count > 1 {
            let processes = Set(summary.connections.compactMap(\.pid)).count
            console.warning(
                "\(summary.file): \(known.count) connections (\(processes) processes) merged into one report; "
                    + "give --conn N for one of them (\(known.map(String.init).joined(separator: ", ")))")
        }
    }
}
