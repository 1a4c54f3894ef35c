import Foundation
import TraceAnalysis

/// `tracectl check`: the CI gate — holds traces to a redraw budget.
enum Check: Subcommand {
    /// The formats `--format` offers.
    enum Format: String, CaseIterable {
        case text, json, markdown
    }

    static let spec = CommandSpec(
        name: "check",
        abstract: "Hold traces to a redraw budget: the CI gate (exit 1 when an error-level rule fails).",
        discussion: """
            Each rule of the budget file (schema tracer-budget/1, see Tracer.docc/BudgetFormat.md and
            Fixtures/tracer-budget.schema.json) limits a metric of the views matching a glob. Several
            traces are repeated runs: each rule combines them (median by default). With --baseline
            (repeatable: runs of the baseline), rules with "maxIncrease" limit a count to the
            baseline's plus a percentage or amount; a time is compared run by run with an exact
            Mann-Whitney test (one-sided) and fails only when it regressed beyond the increase;
            too few runs to tell is a warning naming the runs needed (ComparingTimes.md).
            Output: one line per rule on standard output (or --format json), plus --junit FILE and,
            with --github, ::error/::warning workflow commands on standard error (the Actions runner
            reads both streams; standard output stays the report alone) and a table in
            $GITHUB_STEP_SUMMARY. Annotations point at the write's declaration: each site is mapped
            to the one *.swift file of that name under --source-root (the module folder breaks ties).
            --format markdown (or --summary FILE, beside the text) writes the pull-request comment:
            the verdict, the failing rules with their offenders, and, with --baseline, the cause
            graph's edges that changed against it, with a Mermaid picture of them.
            --write-budget FILE writes a budget from the trace's current figures (plus --headroom).
            A budget of which no rule was checked (every rule off or skipped) exits 2: a gate that
            checked nothing is not a pass, unless --allow-empty (then a warning).
            Exit status: 0 pass (warnings allowed), 1 an error-level rule failed, 2 bad input or usage
            (or no rule checked).
            """,
        positionals: [PositionalSpec(name: "traces", help: "The traces to check ('-' for standard input).", isRepeated: true)],
        options: [
            Options.budget, Options.baseline, Options.format, Options.junit, Options.summary, Options.github, Options.sourceRoot,
            Options.writeBudget, Options.headroom, Options.allowEmpty,
            // NB: check reads a budget too, so its help says which lines are skipped.
            CommonOptions.lenient.helping("Skip invalid trace lines (counting them) instead of failing."),
            CommonOptions.color,
        ],
        examples: [
            ("tracectl check scroll.jsonl --budget redraws.json", "Gate one trace."),
            ("tracectl check run1.jsonl run2.jsonl run3.jsonl --budget redraws.json --junit budget.xml --github", "Gate the median of three runs in CI."),
            ("tracectl check new.jsonl --budget ratchet.json --baseline main.jsonl", "Allow at most the increase the budget names over main."),
            ("tracectl check head-*.jsonl --budget times.json --baseline main-1.jsonl --baseline main-2.jsonl",
             "Compare body times over runs of both sides."),
            ("tracectl check --write-budget redraws.json scroll.jsonl --headroom 10%", "Adopt a budget from today's figures."),
        ])

    /// The options `check` reads, in help order.
    enum Options {
        static let budget: Option<String> = .path("--budget", valueName: "file", help: "The budget file to check against.", .reads)
        static let baseline: Option<[String]> = .repeated(
            "--baseline", valueName: "trace",
            help: "A run of the baseline that relative limits (maxIncrease) are measured against; repeat it for several runs.")
        static let format: Option<Format> = .choice("--format", valueName: "format", help: "The report on standard output.", default: .text)
        static let junit: Option<String> = .path(
            "--junit", valueName: "file", help: "Also write JUnit XML (one test case per rule) to this file.", .writes)
        static let summary: Option<String> = .path(
            "--summary", valueName: "file", help: "Also write the pull-request comment (Markdown) to this file.", .writes)
        static let github: Option<Bool> = .flag(
            "--github", help: "Also print GitHub Actions annotations (on stderr) and append a table to $GITHUB_STEP_SUMMARY.")
        static let sourceRoot: Option<String> = .path(
            "--source-root", valueName: "dir",
            help: "With --github: the repository whose *.swift files annotations point at (default: the current directory).", .reads)
        static let writeBudget: Option<String> = Option<String>.path(
            "--write-budget", valueName: "file", help: "Write a budget from the trace's current figures instead of checking.", .writes
        ).excluding(budget, baseline)
        static let headroom: Option<Double> = .percentage(
            "--headroom", help: "With --write-budget: allow this much above the current figures (e.g. 10%).", defaultValue: "0%")
        static let allowEmpty: Option<Bool> = .flag(
            "--allow-empty", help: "Pass (with a warning) when no rule was checked, instead of exit 2.")
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let traces = arguments.positionals
        guard (traces + arguments.values(Options.baseline)).filter({ $0 == "-" }).count <= 1 else {
            throw UsageError("only one trace can be read from standard input", command: spec.name)
        }
        let options = TraceReading.readOptions(arguments)
        try arguments.forbid([Options.headroom], unless: Options.writeBudget)
        if let destination = arguments.value(Options.writeBudget) {
            return try writeBudget(to: destination, traces: traces, arguments: arguments, options: options, console: console)
        }
        guard let budgetPath = arguments.value(Options.budget) else {
            throw UsageError("expected '--budget FILE' (or '--write-budget FILE' to write one)", command: spec.name)
        }
        let sources = try sourceIndex(arguments)
        let budget = try loadBudget(budgetPath)
        let format: Format = arguments.choice(Options.format)
        // NB: the comment compares the cause graphs with the baseline's, whatever the rules read.
        let comment = format == .markdown || arguments.value(Options.summary) != nil
        let (figures, baselines) = try loadFigures(
            traces, baselines: arguments.values(Options.baseline), for: budget, options: options, causeGraph: comment, console: console)
        let check: BudgetCheck
        do {
            check = try BudgetCheck.evaluate(budget, file: budgetPath, traces: figures, baselines: baselines)
        } catch {
            throw CommandError(error.description)
        }
        let allowEmpty = arguments.flag(Options.allowEmpty)
        let checkedNothing = warnUnchecked(check, budget: budgetPath, allowEmpty: allowEmpty, console: console)
        let markdown = comment ? CheckComment.markdown(check, budget: budgetPath, traces: figures, baselines: baselines) : ""
        try writeReports(
            check, budget: budgetPath, format: format, markdown: markdown, sources: sources, arguments: arguments, console: console)
        return checkedNothing && !allowEmpty ? .badInput : ExitStatus(rawValue: check.exitStatus)
    }

    /// The figures of each trace (the runs) and of each baseline run `--baseline` names, with
    /// their warnings (and a baseline recorded unlike a run) on standard error.
    private static func loadFigures(
        _ traces: [String], baselines paths: [String], for budget: Budget, options: TraceReadOptions, causeGraph: Bool, console: Console
    ) throws(CommandError) -> (runs: [BudgetFigures], baselines: [BudgetFigures]) {
        let figures = try TraceReading.run { () throws(TraceError) in
            // NB: offenders list their causes from the first run only; later runs (and the
            // baseline) follow cause chains only for a rule that reads them.
            try traces.enumerated().map { run, path throws(TraceError) in
                try BudgetFigures.load(
                    source: TraceInput(argument: path), for: budget, options: options, offenderCauses: run == 0, causeGraph: causeGraph)
            }
        }
        let baselines = try TraceReading.run { () throws(TraceError) in
            try paths.map { path throws(TraceError) in
                try BudgetFigures.load(
                    source: TraceInput(argument: path), for: budget, options: options, offenderCauses: false, causeGraph: causeGraph)
            }
        }
        for trace in figures + baselines { TraceReading.warn(trace.summary, console: console) }
        // NB: the first baseline run stands for the others in the recording comparison.
        if let baseline = baselines.first {
            for trace in figures {
                let header = baseline.summary.header
                if let warning = header?.recordingWarning(baseline.file, comparedWith: trace.summary.header, trace.file) {
                    console.warning(warning)
                }
            }
        }
        return (figures, baselines)
    }

    /// Warns of each rule skipped because a trace cannot give its figure, and of a check that
    /// checked no rule (an error unless `allowEmpty`); returns whether no rule was checked.
    private static func warnUnchecked(_ check: BudgetCheck, budget budgetPath: String, allowEmpty: Bool, console: Console) -> Bool {
        for result in check.results where result.isUnavailable {
            console.warning("\(budgetPath): \(result.rule.path) (line \(result.rule.line)) skipped: \(result.note ?? "")")
        }
        // NB: a gate that checked nothing must not pass unnoticed; the report is still written.
        let checkedNothing = check.checkedNothing
        if checkedNothing {
            let message = "no rule of \(budgetPath) applies to these traces: every rule is off or was skipped (see the notes)"
            if allowEmpty { console.warning(message) } else { console.error(message + "; pass --allow-empty to accept") }
        }
        return checkedNothing
    }

    /// The report in `format` on standard output, then what the options ask for besides: the
    /// comment (`--summary`), JUnit XML, and with `--github` annotations and the job summary's table.
    private static func writeReports(
        _ check: BudgetCheck, budget budgetPath: String, format: Format, markdown: String, sources: SourceIndex?,
        arguments: ParsedArguments, console: Console
    ) throws(CommandError) {
        switch format {
        case .json: console.out(BudgetCheckRenderer.json(check, budget: budgetPath))
        case .markdown: console.out(markdown)
        case .text:
            let text = BudgetCheckRenderer.text(check, budget: budgetPath)
            console.out(console.colorsOut ? Highlight.statuses(in: text) : text)
        }
        if let summary = arguments.value(Options.summary) { try write(markdown, to: summary) }
        if let junit = arguments.value(Options.junit) {
            try write(BudgetCheckRenderer.junit(check, budget: budgetPath), to: junit)
        }
        if let sources {
            // NB: on stderr, so that `--format json` output stays one JSON document.
            console.err(BudgetCheckRenderer.githubCommands(check, sources: sources))
            if let summary = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
                try append(BudgetCheckRenderer.markdown(check, budget: budgetPath), to: summary)
            }
        }
    }

    /// With `--github`: the `*.swift` files under `--source-root` (default: the current directory).
    private static func sourceIndex(_ arguments: ParsedArguments) throws(UsageError) -> SourceIndex? {
        try arguments.forbid([Options.sourceRoot], unless: Options.github)
        let root = arguments.value(Options.sourceRoot)
        guard arguments.flag(Options.github) else { return nil }
        guard let index = SourceIndex(root: root ?? ".") else {
            throw UsageError("invalid value '\(root ?? ".")' for '--source-root': expected a directory", command: spec.name)
        }
        return index
    }

    /// Reads the budget file, mapping a problem to `FILE:LINE:COL: $.path: message` (exit 2).
    private static func loadBudget(_ path: String) throws(CommandError) -> Budget {
        do { return try Budget.load(path: path) } catch { throw CommandError(error.description) }
    }

    /// `--write-budget FILE TRACE`: the trace's current figures plus `--headroom`.
    private static func writeBudget(
        to destination: String, traces: [String], arguments: ParsedArguments, options: TraceReadOptions, console: Console
    ) throws -> ExitStatus {
        guard traces.count == 1 else { throw UsageError("--write-budget takes exactly one trace", command: spec.name) }
        // NB: the option's default (0%) makes the value present.
        let headroom = arguments.value(Options.headroom)!
        let summary = try TraceReading.run { () throws(TraceError) in
            try TraceAnalyzer.analyze(source: TraceInput(argument: traces[0]), options: .init(read: options))
        }
        TraceReading.warn(summary, console: console)
        try write(BudgetWriter.budget(from: summary, headroom: headroom), to: destination)
        console.err("wrote a budget of \(BudgetWriter.ruleCount(for: summary)) rules for \(summary.views.count) views to \(destination)\n")
        return .success
    }

    private static func write(_ text: String, to path: String) throws(CommandError) {
        var output = try CommandOutput.open(path: path)
        output.write(text)
        try CommandOutput.close(&output)
    }

    /// Appends `text` to the file at `path` (the job summary), creating it if needed.
    private static func append(_ text: String, to path: String) throws(CommandError) {
        guard let handle = FileHandle(forWritingAtPath: path) ?? {
            FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil
        }() else {
            throw CommandError("cannot write the job summary to \(path)")
        }
        defer { try? handle.close() }
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            throw CommandError("cannot write the job summary to \(path): \(error.localizedDescription)")
        }
    }
}
