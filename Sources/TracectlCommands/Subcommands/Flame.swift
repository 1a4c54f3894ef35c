import TraceAnalysis

/// `tracectl flame`: a trace's views as a flame graph, frames being view path segments.
enum Flame: Subcommand {
    /// The formats `--format` offers.
    enum Format: String, CaseIterable {
        case folded, svg, text, speedscope
    }

    static let spec = CommandSpec(
        name: "flame",
        abstract: "Show which views evaluate their body most, as a flame graph.",
        discussion: """
            Frames are the segments of view paths (split on '/'); a view's weight is its number of
            body evaluations, its body time in ns, or its wasted evaluations (changed: 0).
              folded      FlameGraph's folded stacks ('Root;Child;Leaf 12'), for flamegraph.pl & co.
              svg         an interactive SVG: hover for counts, click to zoom, Search to highlight
              text        a tree with bars, sized to the terminal (or --width)
              speedscope  speedscope's JSON: evaluations over time plus views by weight
            --mark, --from and --to draw a slice of the trace (marks as the report reads them).
            """,
        positionals: [PositionalSpec(name: "trace", help: "The trace to read ('-' for standard input).")],
        options: [Options.weight, Options.format, Options.width] + SliceOptions.all + CommonOptions.document,
        examples: [
            ("tracectl flame scroll.jsonl | flamegraph.pl > scroll.svg", "Folded stacks for FlameGraph."),
            ("tracectl flame scroll.jsonl --format svg --weight time -o scroll.svg", "Tracer's own SVG, by body time."),
            ("tracectl flame scroll.jsonl --format text --weight wasted", "Where the wasted evaluations are."),
        ])

    /// The options `flame` reads, in help order.
    enum Options {
        static let weight: Option<FlameWeight> = .choice(
            "--weight", valueName: "weight", help: "What a frame's width measures.", default: .evals)
        static let format: Option<Format> = .choice("--format", valueName: "format", help: "The output format.", default: .folded)
        static let width: Option<Int> = .number("--width", valueName: "columns", help: "Text width (default: the terminal's, else 100).", range: 40...1000)
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let source = TraceInput(argument: try arguments.required("trace"))
        let weight: FlameWeight = arguments.choice(Options.weight)
        let format: Format = arguments.choice(Options.format)
        let width = arguments.value(Options.width) ?? console.terminalWidth(fallback: 100)
        let options = TraceReading.readOptions(arguments)
        if format == .speedscope {
            let summary = try TraceReading.stream(
                SpeedscopeExporter(weight: weight), source: source, options: options, arguments: arguments, console: console)
            warnUnavailable(weight, summary, console: console)
            return .success
        }
        let summary = try TraceReading.summary(source: source, options: options, arguments: arguments)
        TraceReading.warn(summary, console: console)
        warnUnavailable(weight, summary, console: console)
        let untimed = weight == .time ? summary.untimedWarning("left out of the time weights") : nil
        if let untimed { console.warning(untimed) }
        var output = try CommandOutput.open(arguments)
        switch format {
        case .svg:
            let variant = summary.header?.variant.map { " (\($0))" } ?? ""
            let note = untimed == nil ? "" : " (\(summary.totals.untimedEvals) evaluations without a duration left out)"
            let title = "\(summary.header?.scenario ?? summary.file)\(variant) — \(weight.unit) by view\(note)"
            output.write(FlameSVGRenderer.render(FlameTree(views: summary, weight: weight), options: .init(title: title, unit: weight.unit)))
        case .text:
            output.write(FlameTextRenderer.render(FlameTree(views: summary, weight: weight), width: width, unit: weight.unit))
        case .folded, .speedscope:
            FoldedStacks.write(summary, weight: weight, into: &output)
        }
        try CommandOutput.close(&output)
        return .success
    }

    /// Warns when the trace's source cannot produce `weight`: its graph is empty, not a measured 0.
    private static func warnUnavailable(_ weight: FlameWeight, _ summary: TraceSummary, console: Console) {
        guard let missing = weight.metric.unavailability(in: summary.header) else { return }
        console.warning("\(summary.file): --weight \(weight.rawValue) is not available (\(missing)): nothing to draw")
    }
}
