import TraceAnalysis
import TraceImport

/// `tracectl import`: SwiftUI's own change logs, or Instruments' SwiftUI data, as a trace.
enum Import: Subcommand {
    static let spec = CommandSpec(
        name: "import",
        abstract: "Turn SwiftUI's _printChanges() output, _logChanges() records or an Instruments export into a trace.",
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
            --from xctrace (or auto, for a directory, an XML document or a .trace) reads Instruments'
            SwiftUI data as 'xcrun xctrace export' writes it: a directory of exported tables (any
            names; a --toc export optional), one document of several tables, or a .trace, exported
            with xcrun where there is one (elsewhere: exit 2 with the commands to run on a Mac). View
            bodies become timed body-evals, the cause graph writes, invalidations and skips, update
            groups, hitches and Points of Interest signposts (marks) follow; the legacy View Body and
            View Properties instruments' tables give body-evals and writes. An export without
            SwiftUI rows is an error that says why (simulator, --attach), never an empty trace.
            """,
        positionals: [PositionalSpec(name: "log", help: "The console text or log records ('-' for standard input), or an Instruments export.")],
        options: [
            Options.from, CommonOptions.output.helping("Where to write the trace ('-' or absent: standard output)."), Options.summaryJSON,
            Options.strict,
            Options.run, Options.process, Options.allModules, Options.scenario, Options.variant,
        ],
        examples: [
            ("tracectl import console.txt -o app.jsonl", "Import a captured Xcode or simulator console."),
            ("log show --last 5m --predicate 'category == \"Changed Body Properties\"' --style ndjson | tracectl import - -o app.jsonl",
             "Import _logChanges() records from the unified log (on a Mac)."),
            ("tracectl import export/ --from xctrace --variant main -o main.jsonl", "Import a directory of xctrace export XML."),
        ])

    /// The options `import` reads, in help order.
    enum Options {
        static let from: Option<ImportFormat> = .choice("--from", valueName: "format", help: "The input's format.", default: .auto)
        static let summaryJSON: Option<String> = .path(
            "--summary-json", valueName: "file",
            help: "Also write what was read, imported and left out per table, as a tracer-import-summary/1 document.", .writes)
        static let strict: Option<Bool> = .flag(
            "--strict", help: "Fail on a line that looks like a change record but does not parse (xctrace: on an unresolved reference).")
        static let run: Option<Int> = .number("--run", valueName: "number", help: "xctrace: the run to import (default: the last).",
            range: 1...Int(Int32.max))
        static let process: Option<String> = .value(
            "--process", valueName: "name|pid",
            help: "xctrace: the process to import (default: the trace's target, else the one with the most body rows).")
        static let allModules: Option<Bool> = .flag(
            "--all-modules", help: "xctrace: keep the body rows of SwiftUI's own modules (SwiftUI, SwiftUICore).")
        static let scenario: Option<String> = .value("--scenario", valueName: "name", help: "xctrace: the scenario the trace's header names.")
        static let variant: Option<String> = .value("--variant", valueName: "name", help: "xctrace: the variant the trace's header names.")
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let path = try arguments.required("log")
        var format: ImportFormat = arguments.choice(Options.from)
        if format == .auto, path != "-", XctraceImporter.looksLikeExport(path) { format = .xctrace }
        let xctraceOnly: [any OptionDeclaration] = [Options.run, Options.process, Options.allModules, Options.scenario, Options.variant]
        guard format == .xctrace else {
            try arguments.forbid(xctraceOnly, because: "applies to --from xctrace only")
            return try importLog(path, format: format, arguments, console: console)
        }
        let options = XctraceImportOptions(
            run: arguments.value(Options.run), process: arguments.value(Options.process),
            allModules: arguments.flag(Options.allModules), strict: arguments.flag(Options.strict),
            scenario: arguments.value(Options.scenario), variant: arguments.value(Options.variant))
        var output = try CommandOutput.open(arguments)
        // NB: an import that read its tables but gave no trace still writes its accounting.
        var failedSummary: XctraceImportSummary?
        let summary: XctraceImportSummary
        do {
            summary = try TraceReading.run { () throws(TraceError) in
                try XctraceImporter.run(path: path, options: options, into: &output) { failedSummary = $0 }
            }
        } catch {
            if let failedSummary { try writeSummary(ImportSummaryDocument.json(failedSummary), arguments) }
            throw error
        }
        try CommandOutput.close(&output)
        try writeSummary(ImportSummaryDocument.json(summary), arguments)
        for warning in summary.warnings { console.warning(warning) }
        console.err(summary.line + "\n")
        return .success
    }

    /// Writes `document` to the file `--summary-json` names, if any.
    private static func writeSummary(_ document: String, _ arguments: ParsedArguments) throws(CommandError) {
        guard let path = arguments.value(Options.summaryJSON) else { return }
        var output = try CommandOutput.open(path: path)
        output.write(document)
        try CommandOutput.close(&output)
    }

    /// Imports `_printChanges()` / `_logChanges()` output.
    private static func importLog(_ path: String, format: ImportFormat, _ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let source = TraceInput(argument: path)
        let options = ImportOptions(format: format, strict: arguments.flag(Options.strict))
        var output = try CommandOutput.open(arguments)
        let summary = try TraceReading.run { () throws(TraceError) in
            try TraceImporter.run(source: source, options: options, into: &output)
        }
        try CommandOutput.close(&output)
        try writeSummary(ImportSummaryDocument.json(summary), arguments)
        for diagnostic in summary.warnings + summary.malformed { console.warning(diagnostic.description) }
        if summary.malformedCount > 0 {
            console.warning("\(summary.file): skipped \(summary.malformedCount) malformed change record(s)")
        }
        console.err("imported \(summary.records) change record(s) as \(summary.events) event(s) from \(summary.file) (\(summary.format.rawValue)); ignored \(summary.foreignCount) other line(s)\n")
        return .success
    }
}
