import TraceAnalysis

/// `tracectl graph`: the trace's cause graph, aggregated — what causes what.
enum Graph: Subcommand {
    static let spec = CommandSpec(
        name: "graph",
        abstract: "Show the trace's cause graph: which writes and parents make which views re-evaluate.",
        discussion: """
            Nodes are sources (a written property: VIEWPATH.prop, with its wrapper and site) and
            views; an edge counts the evaluations and skips one node caused in another, and the
            body time of those evaluations. A source's edges come from its root write (a chain
            through @ViewStorage and derived state ends there); a view's edges go to the children
            its evaluation re-evaluated or skipped. A row's [id] segments are written [*], so the
            rows of a ForEach are one node.
              text     one line per edge, heaviest first
              json     the tracer-graph/1 document
              dot      Graphviz (dot -Tsvg), widths growing with the counts
              mermaid  a flowchart GitHub renders in Markdown (default: the top \(GraphRenderer.markdownEdgeLimit) edges)
            Edges left out by --min-count, --top or --view are counted in a line (a note node in
            pictures). A source that records no causes has no graph: n/a, with a warning.
            """,
        positionals: [PositionalSpec(name: "trace", help: "The trace to read ('-' for standard input).")],
        options: [Options.format, Options.minimumCount, Options.top, Options.view, CommonOptions.recordedOnly] + SliceOptions.all
            + CommonOptions.document,
        examples: [
            ("tracectl graph scroll.jsonl", "Every edge, heaviest first."),
            ("tracectl graph scroll.jsonl --format dot | dot -Tsvg > causes.svg", "A picture with Graphviz."),
            ("tracectl graph scroll.jsonl --format mermaid --top 20 >> \"$GITHUB_STEP_SUMMARY\"", "A Mermaid flowchart (wrap it in a mermaid code block)."),
            ("tracectl graph scroll.jsonl --mark scroll-down --min-count 10", "The scroll-down intervals' heavier edges."),
        ])

    /// The options `graph` reads, in help order.
    enum Options {
        static let format: Option<GraphRenderer.Format> = .choice("--format", valueName: "format", help: "The output format.", default: .text)
        static let minimumCount: Option<Int> = .number(
            "--min-count", valueName: "n", help: "Only edges with at least N evaluations and skips.", range: 1...Int.max)
        static let top: Option<TopCount> = .top(
            help: "Only the N heaviest edges; 'all': every edge (mermaid: \(GraphRenderer.markdownEdgeLimit) unless given, the others all).")
        static let view: Option<String> = .value(
            "--view", valueName: "glob", help: "Only edges from or to a view matching the glob (e.g. 'MyView', '**/Row[*]').")
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let source = TraceInput(argument: try arguments.required("trace"))
        let format: GraphRenderer.Format = arguments.choice(Options.format)
        let selection = GraphSelection.Options(
            minimumCount: arguments.value(Options.minimumCount) ?? 1,
            top: arguments.value(Options.top).map(\.limit) ?? (format == .mermaid ? GraphRenderer.markdownEdgeLimit : nil),
            view: arguments.value(Options.view).map(ViewGlob.init))
        let summary = try TraceReading.summary(
            source: source, options: TraceReading.readOptions(arguments), arguments: arguments, causeGraph: true,
            viewFigures: false, infers: true)
        TraceReading.warn(summary, console: console)
        if let unavailable = GraphRenderer.unavailability(summary) { console.warning("\(summary.file): \(unavailable)") }
        if let untimed = summary.untimedWarning("left out of the edges' body times") { console.warning(untimed) }
        var output = try CommandOutput.open(arguments)
        output.write(GraphRenderer.render(summary, format: format, options: selection))
        try CommandOutput.close(&output)
        return .success
    }
}
