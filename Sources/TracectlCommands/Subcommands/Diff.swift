import TraceAnalysis

/// `tracectl diff`: compares two traces of the same scenario view by view.
enum Diff: Subcommand {
    /// The formats `--format` offers.
    enum Format: String, CaseIterable {
        case text, json, markdown, folded, svg, html, mermaid, dot
    }

    static let spec = CommandSpec(
        name: "diff",
        abstract: "Compare two traces of one scenario (e.g. @State vs @ViewStorage) view by view.",
        discussion: """
            Per view: body evaluations, wasted evaluations, skips and body time on both sides, with
            deltas (variant - base) and percentages, and a one-line verdict. Traces whose meta
            headers name different scenarios are refused unless --force is given.
              text | json (tracer-diff/1) | markdown   the comparison table
              folded      'stack base variant' lines, as FlameGraph's difffolded.pl writes them
              svg         a differential flame graph: red where the variant does more, blue less
              html        one self-contained page with both traces side by side
              mermaid | dot  the merged cause graph: new edges bold, removed ones dashed
            Text, JSON, Markdown and HTML end with the cause graph's edges: new in the variant,
            gone from it, and changed by more than 10%, each with both counts, by the evaluations
            they add. Edges are matched by their ends' names (a source by its view and property:
            moving a property from @State to @ViewStorage changes an edge's count, not the edge).
            --base-run and --variant-run add runs of a side: an edge's figures are their medians, and
            text, JSON, Markdown and HTML end with the body times (each view's total, p50, p95 and
            the trace's total) compared over the runs: an exact Mann-Whitney test (two-sided, α 0.01),
            the Hodges-Lehmann shift with its interval, and a verdict (regressed, improved, same, or
            inconclusive with the runs a side that could decide it); see ComparingTimes.md.
            """,
        positionals: [
            PositionalSpec(name: "base", help: "The baseline trace ('-' for standard input)."),
            PositionalSpec(name: "variant", help: "The trace to compare with it."),
        ],
        options: [Options.format, Options.weight, Options.force, Options.baseRun, Options.variantRun, Options.top, CommonOptions.recordedOnly]
            + CommonOptions.document,
        examples: [
            ("tracectl diff scroll.state.jsonl scroll.view-storage.jsonl", "How many body evaluations @ViewStorage saves."),
            ("tracectl diff a.jsonl b.jsonl --format html -o diff.html", "A page with both traces side by side."),
            ("tracectl diff a.jsonl b.jsonl --format folded | flamegraph.pl > diff.svg", "FlameGraph's differential graph."),
        ])

    /// The options `diff` reads, in help order.
    enum Options {
        static let format: Option<Format> = .choice("--format", valueName: "format", help: "The output format.", default: .text)
        static let weight: Option<FlameWeight> = .choice(
            "--weight", valueName: "weight", help: "What folded and svg output weigh.", default: .evals)
        static let force: Option<Bool> = .flag("--force", help: "Compare traces even when their scenarios differ.")
        static let baseRun: Option<[String]> = .repeated(
            "--base-run", valueName: "trace", help: "Another run of the base (edges take the median over runs; body times are compared over runs).")
        static let variantRun: Option<[String]> = .repeated(
            "--variant-run", valueName: "trace", help: "Another run of the variant (repeatable, as --base-run).")
        static let top: Option<TopCount> = .top(
            help: "mermaid and dot: at most N edges, changed ones first; 'all': every edge (mermaid: \(GraphRenderer.markdownEdgeLimit) unless given).")
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let (basePath, variantPath) = (try arguments.required("base"), try arguments.required("variant"))
        guard basePath != "-" || variantPath != "-" else {
            throw UsageError("only one of the two traces can be read from standard input", command: spec.name)
        }
        let options = TraceReading.readOptions(arguments)
        let format: Format = arguments.choice(Options.format)
        let sources = [basePath, variantPath].map(TraceInput.init(argument:))
        let profiles = try TraceReading.run { () throws(TraceError) in
            // NB: only the page draws the evaluation timelines, read event by event (the two traces
            // at the same time, one a thread); the other outputs read each trace on both cores.
            guard format != .html else { return try VisualProfile.load(sources: sources, options: options, causeGraph: true) }
            return try sources.map { (source) throws(TraceError) -> VisualProfile in
                VisualProfile(
                    summary: try TraceAnalyzer.analyze(source: source, options: .init(read: options, causeGraph: true)),
                    timeline: EvalTimeline())
            }
        }
        let (base, variant) = (profiles[0], profiles[1])
        let moreRuns = try [Options.baseRun, Options.variantRun].map { option in
            try arguments.values(option).map { path in
                try TraceReading.run { () throws(TraceError) in
                    try TraceAnalyzer.analyze(source: TraceInput(argument: path), options: .init(read: options, causeGraph: true))
                }
            }
        }
        for summary in [base.summary, variant.summary] + moreRuns.joined() { TraceReading.warn(summary, console: console) }
        let diff = TraceDiff(base: base, variant: variant, moreBaseRuns: moreRuns[0], moreVariantRuns: moreRuns[1])
        if let mismatch = diff.scenarioMismatch {
            guard arguments.flag(Options.force) else { throw CommandError(mismatch) }
            console.warning(mismatch.replacingOccurrences(of: "; pass --force to compare them anyway", with: ""))
        }
        if let warning = base.summary.header?.recordingWarning(base.summary.file, comparedWith: variant.summary.header, variant.summary.file) {
            console.warning(warning)
        }
        let weight: FlameWeight = arguments.choice(Options.weight)
        let top = arguments.value(Options.top).map(\.limit) ?? (format == .mermaid ? GraphRenderer.markdownEdgeLimit : nil)
        var output = try CommandOutput.open(arguments)
        switch format {
        case .json: output.write(DiffRenderer.json(diff))
        case .markdown: output.write(DiffRenderer.markdown(diff))
        case .folded:
            output.write(FoldedStacks.render(
                FlameSample.differentialSamples(base: base.summary, variant: variant.summary, weight: weight), differential: true))
        case .svg:
            let samples = FlameSample.differentialSamples(base: base.summary, variant: variant.summary, weight: weight)
            let tree = FlameTree(samples: samples, differential: true)
            output.write(FlameSVGRenderer.render(tree, options: .init(
                title: "\(weight.unit): \(diff.variantLabel) vs \(diff.baseLabel)", unit: weight.unit,
                baselineLabel: diff.baseLabel, variantLabel: diff.variantLabel)))
        case .html: output.write(HTMLReport.diff(diff))
        case .text: output.write(DiffRenderer.text(diff))
        case .mermaid: output.write(DiffRenderer.graph(diff, format: .mermaid, limit: top))
        case .dot: output.write(DiffRenderer.graph(diff, format: .dot, limit: top))
        }
        try CommandOutput.close(&output)
        return .success
    }
}
