import TraceAnalysis

/// `tracectl why`: why a view's body ran — every cause path of its evaluations, with counts.
enum Why: Subcommand {
    static let spec = CommandSpec(
        name: "why",
        abstract: "Show why the views a glob matches re-evaluated: their cause paths, with counts.",
        discussion: """
            Per matching view, its evaluations and skips grouped by cause path: the root (a write of
            VIEW.prop with its wrapper and site, a mount, or n/a where the trace records no cause)
            and each step down to the view with its reason. Per path: evaluations, share of the
            view's evaluations, wasted (changed: 0), skips, body time, first and last timestamp,
            the first three seqs, and one plain-language sentence; the paths' counts sum to the
            view's. Mounts start a chain afresh; a write that a chain caused (an environment key,
            derived state) is a step of it. Paths are ranked by evaluations, then skips, then
            their first event; each view shows its first 10 and sums the rest in one line
            (--top N for another number, --top all for every path).
              text      a table per view and a sentence per path
              json      the tracer-why/1 document (documented in Tracer.docc/TracectlWhy.md)
              markdown  a table per view, for pull-request comments
            --eval SEQ prints one evaluation's chain event by event instead, in the same three
            formats (json: the tracer-why/1 document of one chain, with 'eval' and 'chain[]').
            --list lists each view's evaluations in trace order instead of its paths: seq, ts,
            body time ('-' when untimed), cause path and the values of its writes, the first 10
            (--top N, --top all); json adds 'evaluations[]' and 'omittedEvaluations' to each view.
            Values are shown when the trace recorded them (its header lists 'values'), for every
            write on a path: its root and each write the chain caused.
            A glob that matches no view is an error (exit 2) listing near matches; 'report --view'
            prints an empty table instead.
            """,
        positionals: [
            PositionalSpec(name: "trace", help: "The trace to read ('-' for standard input)."),
            PositionalSpec(
                name: "view",
                help: "The views to explain: a path or glob (e.g. 'MyView/MyScrollView', '**/Row[*]'); a bare name (no '/') matches the views of that name at any depth, each shown; absent: '**', every view.",
                isOptional: true, kind: .text),
        ],
        options: [Options.format, Options.top, Options.evaluation, Options.list, CommonOptions.recordedOnly] + SliceOptions.all + CommonOptions.document,
        examples: [
            ("tracectl why scroll.jsonl 'MyView/MyScrollView'", "The main cause paths of one view's evaluations."),
            ("tracectl why scroll.jsonl 'MyView/MyScrollView' --top all", "Every cause path, however many."),
            ("tracectl why form.jsonl 'SignupForm/*/TextField' --top 3", "The three main paths of each text field."),
            ("tracectl why scroll.jsonl 'MyView/MyScrollView' --eval 11", "One evaluation's chain, event by event."),
            ("tracectl why scroll.jsonl MyScrollView --list --top 20", "The first 20 evaluations, each with its path."),
        ])

    /// The options `why` reads, in help order.
    enum Options {
        static let format: Option<WhyRenderer.Format> = .choice("--format", valueName: "format", help: "The output format.", default: .text)
        static let top: Option<TopCount> = .top(
            help: "Show each view's N main paths and sum the rest in one line; 'all' shows every path.", defaultValue: 10)
        static let evaluation: Option<Int> = Option<Int>.number(
            "--eval", valueName: "seq", help: "Show the chain of the evaluation (or skip) with this seq, event by event.",
            range: 1...Int.max
        ).excluding(top, SliceOptions.mark, SliceOptions.from, SliceOptions.to)
        static let list: Option<Bool> = Option<Bool>.flag(
            "--list", help: "List each view's evaluations in trace order, each with its cause path, body time and values (the first N of --top)."
        ).excluding(evaluation)
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let source = TraceInput(argument: try arguments.required("trace"))
        let glob = ViewGlob(Self.pattern(arguments.positional("view")))
        let readOptions = TraceReading.readOptions(arguments)
        let format: WhyRenderer.Format = arguments.choice(Options.format)
        if let seq = arguments.value(Options.evaluation) {
            return try chain(seq: Int64(seq), source: source, glob: glob, format: format, readOptions, arguments)
        }
        // NB: the option's default (10) makes the value present.
        let top = arguments.value(Options.top)!.limit
        let slice = TraceReading.slice(arguments)
        let (result, unknownMarks, markNames) = try TraceReading.run { () throws(TraceError) in
            try WhyAnalyzer.analyze(
                source: source, glob: glob, options: .init(read: readOptions), slice: slice, top: top,
                listLimit: arguments.flag(Options.list) ? top ?? Int.max : nil)
        }
        try TraceReading.checkMarks(file: result.file, unknown: unknownMarks, known: markNames)
        for warning in result.warnings { console.warning(warning) }
        try checkMatches(result)
        var output = try CommandOutput.open(arguments)
        WhyRenderer.render(result, format: format, into: &output)
        try CommandOutput.close(&output)
        return .success
    }

    /// The glob a `view` argument stands for: '**' when absent, `**/NAME` for a bare name (no
    /// `/`), which so matches the views of that name at any depth; else the argument itself.
    static func pattern(_ argument: String?) -> String {
        guard let argument else { return "**" }
        return argument.contains("/") || argument.hasPrefix("**") ? argument : "**/" + argument
    }

    /// Fails (exit 2) when the glob matched no view, listing near matches.
    private static func checkMatches(_ result: WhyResult) throws(CommandError) {
        guard result.views.isEmpty else { return }
        let near = result.nearMatches.isEmpty ? "" : "; near matches: " + result.nearMatches.map { "'\($0)'" }.joined(separator: ", ")
        throw CommandError("\(result.file): no view matches '\(result.glob)'\(near)")
    }

    /// Prints the chain of the evaluation at `seq`, which must be of a view `glob` matches, in `format`.
    private static func chain(
        seq: Int64, source: TraceInput, glob: ViewGlob, format: WhyRenderer.Format, _ readOptions: TraceReadOptions,
        _ arguments: ParsedArguments
    ) throws -> ExitStatus {
        let chain = try TraceReading.run { () throws(TraceError) in try WhyChain.find(seq: seq, source: source, options: readOptions) }
        guard let last = chain.steps.last else { throw CommandError("\(chain.file): no evaluation or skip has seq \(seq)") }
        guard glob.matches(last.view) else {
            throw CommandError("\(chain.file): seq \(seq) is an event of '\(last.view)', which '\(glob.pattern)' does not match")
        }
        var output = try CommandOutput.open(arguments)
        output.write(WhyChain.render(chain, glob: glob.pattern, format: format))
        try CommandOutput.close(&output)
        return .success
    }
}
