import TraceAnalysis

/// `tracectl export`: converts a trace for the profilers people already use.
enum Export: Subcommand {
    /// The formats `--format` offers.
    enum Format: String, CaseIterable {
        case chrome, speedscope
    }

    static let spec = CommandSpec(
        name: "export",
        abstract: "Convert a trace for Perfetto UI / chrome://tracing or speedscope.",
        discussion: """
            chrome      Chrome trace-event JSON (open in https://ui.perfetto.dev or chrome://tracing):
                        body evaluations as slices, skips as instants, arrows from each write to the
                        evaluations it caused, an evaluation counter per view, named threads.
            speedscope  speedscope's file format (https://www.speedscope.app): body evaluations over
                        time, plus views weighted by evaluations.
            The trace is converted while it is read; '-' reads standard input. --mark, --from and
            --to convert a slice of it: a big trace's export is more than a browser loads.
            Writes' recorded values (old/new) are left out unless --values (chrome: in a write's
            args; speedscope has no place for writes and never carries them).
            """,
        positionals: [PositionalSpec(name: "trace", help: "The trace to convert ('-' for standard input).")],
        options: [Options.format] + SliceOptions.all + [CommonOptions.values] + CommonOptions.document,
        examples: [
            ("tracectl export scroll.jsonl --format chrome -o scroll.perfetto.json", "Open the result in ui.perfetto.dev."),
            ("tracectl export scroll.jsonl --format speedscope -o scroll.speedscope.json", "Open the result in speedscope."),
            ("tracectl export big.jsonl --mark scroll-down -o scroll-down.perfetto.json", "Only the scroll-down intervals."),
        ])

    /// The options `export` reads, in help order.
    enum Options {
        static let format: Option<Format> = .choice("--format", valueName: "format", help: "The output format.", default: .chrome)
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let source = TraceInput(argument: try arguments.required("trace"))
        let options = TraceReading.readOptions(arguments)
        let exporter: any StreamingExporter = switch arguments.choice(Options.format) {
        case .chrome: ChromeTraceExporter(values: arguments.flag(CommonOptions.values))
        case .speedscope: SpeedscopeExporter(weight: .evals)
        }
        try TraceReading.stream(exporter, source: source, options: options, arguments: arguments, console: console)
        return .success
    }
}
