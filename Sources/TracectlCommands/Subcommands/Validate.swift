import TraceAnalysis

/// `tracectl validate`: checks a trace against the `tracer/1` contract.
enum Validate: Subcommand {
    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check a trace against the tracer/1 contract and say what is wrong where.",
        discussion: """
            Checks that every line is valid JSON with correctly typed fields, that the meta header
            comes first and names tracer/1, that seq strictly increases, that ts is present, that
            each cause refers to an earlier event, and that each kind carries its required fields.
            Prints one 'FILE:LINE:COL: severity: message' line per finding (at most --limit), then
            how many errors and warnings the whole trace has, and exits 2 when any is an error, 0
            otherwise. --format json prints the tracer-validate/1 document instead (documented in
            Tracer.docc/TracectlValidate.md; same exit statuses).
            """,
        positionals: [PositionalSpec(name: "trace", help: "The trace to check ('-' for standard input).")],
        options: [Options.format, Options.limit],
        examples: [
            ("tracectl validate app.jsonl", "Check a trace written by your own instrumentation."),
            ("tracectl validate app.jsonl --format json", "The findings as a tracer-validate/1 document."),
        ])

    /// The formats `--format` offers.
    enum Format: String, CaseIterable {
        case text, json
    }

    /// The options `validate` reads, in help order.
    enum Options {
        static let format: Option<Format> = .choice("--format", valueName: "format", help: "The output format.", default: .text)
        static let limit: Option<Int> = .number("--limit", valueName: "n", help: "Report at most N findings.", range: 1...1_000_000, defaultValue: 100)
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let source = TraceInput(argument: try arguments.required("trace"))
        let limit = arguments.value(Options.limit)!
        let format: Format = arguments.choice(Options.format)
        let validation = TraceValidator.validation(of: source, limit: limit)
        if format == .json { console.out(ValidationRenderer.json(validation, file: source.displayName, limit: limit)) }
        for finding in validation.diagnostics where format == .text {
            console.line("\(finding.location): \(finding.severity.rawValue): \(finding.message)")
        }
        let (errors, warnings) = (validation.errorCount, validation.warningCount)
        guard errors == 0 else {
            console.error("\(source.displayName): \(errors) error(s), \(warnings) warning(s)")
            return .badInput
        }
        if format == .text {
            console.line("\(source.displayName): conforms to tracer/1" + (warnings > 0 ? " (\(warnings) warning(s))" : ""))
        }
        return .success
    }
}
