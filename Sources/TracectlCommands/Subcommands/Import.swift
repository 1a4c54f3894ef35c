import TraceAnalysis
import TraceImport

/// `tracectl import`: SwiftUI's own change logs as a trace.
enum Import: Subcommand {
    static let spec = CommandSpec(
        name: "import",
        abstract: "Turn SwiftUI's _printChanges() console output or _logChanges() log records into a trace.",
        discussion: """
            Reads 'TYPE: CHANGES changed.' lines (console text, plain or with Xcode's or log's
            timestamp prefix) or unified-log records (log show|stream --style ndjson, or --style json)
            of subsystem com.apple.SwiftUI, category 'Changed Body Properties'. Each line becomes a
            body-eval (reason: initial for @identity, state for a _property, observed for
            @dependencies, inputs-changed for @self), preceded by a write of each _property that its
            cause points at. The trace's header names its source (printChanges or logChanges) and
            what it holds: no durations, skips, invalidations or view paths.
            Other output is ignored and counted; lines that look like change records but do not
            parse are counted and the first few reported (--strict: an error, exit 2). Input with no
            change record is an error. The output is written whole or not at all.
            """,
        positionals: [PositionalSpec(name: "log", help: "The console text or log records ('-' for standard input).")],
        options: [
            Options.from, CommonOptions.output.helping("Where to write the trace ('-' or absent: standard output)."), Options.strict,
        ],
        examples: [
            ("tracectl import console.txt -o app.jsonl", "Import a captured Xcode or simulator console."),
            ("log show --last 5m --predicate 'category == \"Changed Body Properties\"' --style ndjson | tracectl import - -o app.jsonl",
             "Import _logChanges() records from the unified log (on a Mac)."),
        ])

    /// The options `import` reads, in help order.
    enum Options {
        static let from: Option<ImportFormat> = .choice("--from", valueName: "format", help: "The input's format.", default: .auto)
        static let strict: Option<Bool> = .flag("--strict", help: "Fail on a line that looks like a change record but does not parse.")
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let source = TraceSource(argument: try arguments.required("log"))
        let options = ImportOptions(format: try arguments.choice(Options.from), strict: arguments.flag(Options.strict))
        var output = try VisualCommand.output(arguments)
        let summary = try VisualCommand.run { () throws(TraceError) in
            try TraceImporter.run(source: source, options: options, into: &output)
        }
        try VisualCommand.close(&output)
        for diagnostic in summary.warnings + summary.malformed { console.warning(diagnostic.description) }
        if summary.malformedCount > 0 {
            console.warning("\(summary.file): skipped \(summary.malformedCount) malformed change record(s)")
        }
        console.err("imported \(summary.records) change record(s) as \(summary.events) event(s) from \(summary.file) (\(summary.format.rawValue)); ignored \(summary.foreignCount) other line(s)\n")
        return .success
    }
}
