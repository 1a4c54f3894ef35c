import TraceAnalysis

/// What `flame`, `diff` and `export` share: reading options, the output file, error mapping.
enum VisualCommand {
    /// Strict unless `--lenient` was given; counting into the progress line, if there is one.
    static func readOptions(_ arguments: ParsedArguments) -> TraceReadOptions {
        TraceReadOptions(lenient: arguments.flag("--lenient"), progress: arguments.readProgress)
    }

    /// The stream `-o` names, or standard output.
    static func output(_ arguments: ParsedArguments) throws(CommandError) -> FileOutputStream {
        try output(path: arguments.value("--output") ?? "-")
    }

    /// The stream writing to `path` ('-': standard output).
    static func output(path: String) throws(CommandError) -> FileOutputStream {
        do {
            return try FileOutputStream.create(path: path)
        } catch {
            throw CommandError(error.description)
        }
    }

    /// Flushes and closes `output`, mapping a write failure to an error.
    static func close(_ output: inout FileOutputStream) throws(CommandError) {
        do { try output.close() } catch { throw CommandError(error.description) }
    }

    /// Streams `source` through `exporter` into the output `-o` names.
    static func stream(
        _ exporter: some StreamingExporter, source: TraceSource, options: TraceReadOptions, arguments: ParsedArguments,
        console: Console
    ) throws(CommandError) {
        var exporter = exporter
        var output = try output(arguments)
        let summary = try run { () throws(TraceError) in try exporter.export(source: source, options: options, into: &output) }
        try close(&output)
        warn(summary, console: console)
    }

    /// Runs `body`, mapping a trace error to `tracectl: error: FILE:LINE:COL: …` (exit 2).
    static func run<Result>(_ body: () throws(TraceError) -> Result) throws(CommandError) -> Result {
        do { return try body() } catch { throw CommandError(error.description) }
    }

    /// Prints a trace's non-fatal findings to standard error.
    static func warn(_ summary: TraceSummary, console: Console) {
        warn(summary.warnings, invalidLineCount: summary.invalidLineCount, file: summary.file, console: console)
    }

    /// Prints a reader's warnings and the count of lines it skipped in `file` to standard error.
    static func warn(_ warnings: [TraceDiagnostic], invalidLineCount: Int, file: String, console: Console) {
        for warning in warnings { console.warning(warning.description) }
        if invalidLineCount > 0 { console.warning("\(file): skipped \(invalidLineCount) invalid line(s)") }
    }
}
