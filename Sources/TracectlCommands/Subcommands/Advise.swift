import TraceAnalysis

/// `tracectl advise`: ranked fixes for one trace, each with its estimated savings.
enum Advise: Subcommand {
    static let spec = CommandSpec(
        name: "advise",
        abstract: "Suggest fixes for the redraw patterns in a trace, ranked by estimated savings.",
        discussion: """
            Recognises, by following cause chains: a property written at a high frequency whose
            updates mostly change nothing (→ @ViewStorage), children re-evaluated with unchanged
            output (→ narrower input or Equatable), view models made inline in a parent's body
            (→ @StateObject or a cache), state lost when a lazy container unmounts a row
            (→ a parent-owned model keyed by id), and broad ObservableObject observation
            (→ @Observable). Each finding names the view, property and declaration site, the
            evidence, a one-sentence fix with a code sketch, and the body evaluations, body time
            and state re-creations the fix would save, with how that was estimated.
              text      numbered findings for terminals
              json      the tracer-advice/1 document (documented in Tracer.docc/TracectlAdvise.md)
              markdown  a table and the fixes, for pull-request comments
            A pattern the trace's source cannot support (its meta header's capabilities) is not
            evaluated, and the output says so; where counts alone can show part of it (a property
            written at a high rate, an object observed by many views), its counts-only form
            follows, numbered E1, E2, … and marked "estimated from counts" (json: 'countsOnly[]',
            each with "estimatedFromCounts": true), its savings an upper bound.
            """,
        positionals: [PositionalSpec(name: "trace", help: "The trace to read ('-' for standard input).")],
        options: [Options.format, Options.minSavings, CommonOptions.recordedOnly] + CommonOptions.document,
        examples: [
            ("tracectl advise scroll.jsonl", "The findings, most savings first."),
            ("tracectl advise scroll.jsonl --min-savings 100", "Only the findings saving 100 or more."),
            ("tracectl advise scroll.jsonl --format markdown >> \"$GITHUB_STEP_SUMMARY\"", "A CI job summary."),
        ])

    /// The options `advise` reads, in help order.
    enum Options {
        static let format: Option<ReportRenderer.Format> = .choice(
            "--format", valueName: "format", help: "The output format.", default: .text)
        static let minSavings: Option<Int> = .number(
            "--min-savings", valueName: "n", help: "Show only findings saving at least N body evaluations plus state re-creations.",
            range: 0...Int(Int32.max), defaultValue: TraceAdvisor.defaultMinimumSavings)
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let source = TraceInput(argument: try arguments.required("trace"))
        let minimum = arguments.value(Options.minSavings) ?? TraceAdvisor.defaultMinimumSavings
        let report = try TraceReading.run { () throws(TraceError) in
            try TraceAdvisor.advise(source: source, options: .init(read: TraceReading.readOptions(arguments)), minimumSavings: minimum)
        }
        TraceReading.warn(report.warnings, invalidLineCount: report.invalidLineCount, file: report.file, console: console)
        if let untimed = AdviceRenderer.untimedNote(report) { console.warning("\(report.file): \(untimed)") }
        var output = try CommandOutput.open(arguments)
        output.write(AdviceRenderer.render(report, format: arguments.choice(Options.format)))
        try CommandOutput.close(&output)
        return .success
    }
}
