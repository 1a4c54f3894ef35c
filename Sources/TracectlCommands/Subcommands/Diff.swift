import TraceAnalysis

/// `tracectl diff`: compares two traces of the same scenario view by view.
enum Diff: Subcommand {
    /// The formats `--format` offers.
    enum Format: String, CaseIterable {
        case text, json, markdown, folded, svg, html
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
            """,
        positionals: [
            PositionalSpec(name: "base", help: "The baseline trace ('-' for standard input)."),
            PositionalSpec(name: "variant", help: "The trace to compare with it."),
        ],
        options: [Options.format, Options.weight, Options.force] + CommonOptions.document,
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
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let (basePath, variantPath) = (try arguments.required("base"), try arguments.required("variant"))
        guard basePath != "-" || variantPath != "-" else {
            throw UsageError("only one of the two traces can be read from standard input", command: spec.name)
        }
        let options = VisualCommand.readOptions(arguments)
        let (base, variant) = try VisualCommand.run { () throws(TraceError) in
            (try VisualProfile.load(source: TraceSource(argument: basePath), options: options),
             try VisualProfile.load(source: TraceSource(argument: variantPath), options: options))
        }
        VisualCommand.warn(base.summary, console: console)
        VisualCommand.warn(variant.summary, console: console)
        let diff = TraceDiff(base: base, variant: variant)
        if let mismatch = diff.scenarioMismatch {
            guard arguments.flag(Options.force) else { throw CommandError(mismatch) }
            console.warning(mismatch.replacingOccurrences(of: "; pass --force to compare them anyway", with: ""))
        }
        if let warning = base.summary.header?.recordingWarning(base.summary.file, comparedWith: variant.summary.header, variant.summary.file) {
            console.warning(warning)
        }
        let weight: FlameWeight = try arguments.choice(Options.weight)
        let format: Format = try arguments.choice(Options.format)
        var output = try VisualCommand.output(arguments)
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
        }
        try VisualCommand.close(&output)
        return .success
    }
}
