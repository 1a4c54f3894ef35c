import TraceAnalysis
import TraceImport

/// `tracectl import`: SwiftUI's own change logs, or Instruments' SwiftUI data, as a trace, by
/// whichever importer of `ImportRegistry` `--from` names or recognises the input.
enum Import: Subcommand {
    /// NB: computed: `--from`'s choices are the registry's, which a test may add to for its task.
    static var spec: CommandSpec { CommandSpec(
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
        ]) }

    /// The options `import` reads, in help order.
    enum Options {
        static var from: Option<String> {
            .choice("--from", valueName: "format", help: "The input's format.", choices: ImportRegistry.names, default: ImportRegistry.automatic)
        }
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

        /// The option of each setting an importer may read, in help order.
        static let settings: [(setting: ImportSetting, option: any OptionDeclaration)] = [
            (.strict, strict), (.run, run), (.process, process), (.allModules, allModules), (.scenario, scenario), (.variant, variant),
        ]
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let input = TraceInput(argument: try arguments.required("log"))
        let name = arguments.value(Options.from) ?? ImportRegistry.automatic
        // NB: the parser took only a name of the registry's; this spec and the registry disagree otherwise.
        guard let importer = ImportRegistry.importer(named: name, for: input) else {
            throw UsageError("invalid value '\(name)' for '--from': expected one of \(ImportRegistry.names.joined(separator: ", "))", command: spec.name)
        }
        for (setting, option) in Options.settings where !importer.reads.contains(setting) {
            let readers = ImportRegistry.importers.filter { $0.reads.contains(setting) }.map(\.name)
            try arguments.forbid([option], because: "applies to --from \(listed(readers)) only")
        }
        var settings = ImportSettings()
        settings.strict = arguments.flag(Options.strict)
        settings.run = arguments.value(Options.run)
        settings.process = arguments.value(Options.process)
        settings.allModules = arguments.flag(Options.allModules)
        settings.scenario = arguments.value(Options.scenario)
        settings.variant = arguments.value(Options.variant)
        var output = try CommandOutput.open(arguments)
        // NB: an import that read its input but gave no trace still writes its accounting.
        var failedSummary: (any ImportAccounting)?
        let summary: any ImportAccounting
        do {
            summary = try TraceReading.run { () throws(TraceError) in
                try importer.run(input, settings: settings, into: &output) { failedSummary = $0 }
            }
        } catch {
            if let failedSummary { try writeSummary(failedSummary.document, arguments) }
            throw error
        }
        try CommandOutput.close(&output)
        try writeSummary(summary.document, arguments)
        for warning in summary.printedWarnings { console.warning(warning) }
        console.err(summary.line + "\n")
        return .success
    }

    /// `a`, `a or b`, `a, b or c`.
    private static func listed(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// Writes `document` to the file `--summary-json` names, if any.
    private static func writeSummary(_ document: String, _ arguments: ParsedArguments) throws(CommandError) {
        guard let path = arguments.value(Options.summaryJSON) else { return }
        var output = try CommandOutput.open(path: path)
        output.write(document)
        try CommandOutput.close(&output)
    }
}
