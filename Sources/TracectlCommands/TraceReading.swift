import TraceAnalysis
import TraceSupport

/// How the commands that read traces read them: the options and the slice their flags choose,
/// summaries and streamed exports, trace errors as exit 2, the reader's warnings on standard error.
enum TraceReading {
    /// Strict unless `--lenient` was given; counting into the progress line, if there is one;
    /// recorded causes only when the command offers `--recorded-only` and it was given.
    static func readOptions(_ arguments: ParsedArguments) -> TraceReadOptions {
        let recordedOnly = arguments.spec.option(named: CommonOptions.recordedOnly.spec.canonicalName) != nil
            && arguments.flag(CommonOptions.recordedOnly)
        return TraceReadOptions(
            lenient: arguments.flag(CommonOptions.lenient), progress: arguments.progressLine?.progress, recordedCausesOnly: recordedOnly)
    }

    /// The slice `--mark`, `--from` and `--to` choose (the whole trace without them).
    static func slice(_ arguments: ParsedArguments) -> TraceSlice {
        TraceSlice(
            mark: arguments.value(SliceOptions.mark), from: arguments.value(SliceOptions.from).map(TraceSlice.Bound.init(argument:)),
            to: arguments.value(SliceOptions.to).map(TraceSlice.Bound.init(argument:)))
    }

    /// The summary of the slice the arguments choose (`--mark`, `--from`, `--to`): the whole trace
    /// is read on both cores; a slice in one pass, in order. With `causeGraph`, with its cause graph;
    /// without `viewFigures`, without its views' statistics; with `infers`, a slice's causes
    /// inferred as the whole trace's are (unless `options` say recorded only; the whole trace's
    /// always are).
    static func summary(
        source: TraceInput, options: TraceReadOptions, arguments: ParsedArguments, causeGraph: Bool = false,
        viewFigures: Bool = true, infers: Bool = false
    ) throws(CommandError) -> TraceSummary {
        let slice = slice(arguments)
        guard !slice.isWholeTrace else {
            return try run { () throws(TraceError) in
                try TraceAnalyzer.analyze(
                    source: source, options: .init(read: options, causeGraph: causeGraph, viewStatistics: viewFigures))
            }
        }
        let result = try run { () throws(TraceError) in
            try TraceScan.run(source: source, options: options, slice: slice, viewFigures: viewFigures, causeGraph: causeGraph, infers: infers)
        }
        try checkMarks(result)
        return result.summary
    }

    /// Fails for a mark the slice names that the trace does not have.
    static func checkMarks(_ result: TraceScan.SliceResult) throws(CommandError) {
        try checkMarks(file: result.summary.file, unknown: result.unknownMarks, known: result.markNames)
    }

    /// Fails for the first of `unknown`, mark names a slice names that `file` (whose marks are
    /// `known`) does not have.
    static func checkMarks(file: String, unknown: [String], known: [String]) throws(CommandError) {
        guard let first = unknown.first else { return }
        let marks = known.isEmpty ? "it has no marks" : "its marks: \(known.joined(separator: ", "))"
        let suggestion = ArgumentParser.suggestion(for: first, among: known)
        throw CommandError("\(file): no mark named '\(first)'\(suggestion); \(marks)")
    }

    /// Streams the slice of `source` the arguments choose through `exporter` into the output
    /// `-o` names; returns the slice's summary.
    @discardableResult
    static func stream(
        _ exporter: some StreamingExporter, source: TraceInput, options: TraceReadOptions, arguments: ParsedArguments,
        console: Console
    ) throws(CommandError) -> TraceSummary {
        var exporter = exporter
        var output = try CommandOutput.open(arguments)
        let slice = slice(arguments)
        let result = try run { () throws(TraceError) in
            try exporter.export(source: source, options: options, slice: slice, into: &output)
        }
        try checkMarks(result)
        try CommandOutput.close(&output)
        warn(result.summary, console: console)
        if let untimed = result.summary.untimedWarning(exporter.untimedEvaluations) { console.warning(untimed) }
        if let limit = type(of: exporter).viewerLimit, output.byteCount > limit.bytes {
            console.warning(
                "\(output.displayName): \(output.byteCount >> 20) MB, more than \(limit.viewer) loads (\(limit.bytes >> 20) MB); "
                    + "export a slice with --mark NAME or --from/--to (marks or ns)")
        }
        return result.summary
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
