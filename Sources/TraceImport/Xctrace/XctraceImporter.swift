#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceFormat
import TraceSupport
import TracerCore

/// Imports Instruments' SwiftUI data (`xctrace export` XML) as a `tracer/1` trace.
///
/// See `XctraceMapping` for how rows become events, `XctraceInput` for what PATH may be.
package struct XctraceImporter: Sendable {
    /// The importer `--from xctrace` chooses.
    package init() {}

    /// Reads the export at `path` and writes the trace to `output` (in blocks, once every table is read).
    ///
    /// - Parameter failed: called, before the error is thrown, with the accounting of an import
    ///   whose tables were read but that gives no trace (every row left out as `import-failed`
    ///   but for those left out for a reason of their own).
    /// - Throws: `TraceError` for unreadable or malformed input, an export without SwiftUI rows
    ///   or that gives no body evaluation (with what was found and the likely reason; nothing is
    ///   written then), an unknown `--run` or `--process`.
    @discardableResult
    package static func run(
        path: String, options: ImportSettings = ImportSettings(), into output: inout some TextOutputStream,
        failed: (XctraceImportSummary) -> Void = { _ in }
    ) throws(TraceError) -> XctraceImportSummary {
        let input = try XctraceInput(path: path)
        defer { input.removeTemporaryFiles() }
        var rows: XctraceRows, summary: XctraceImportSummary
        let export: Export
        (rows, export, summary) = try read(input, path: path, options: options)
        summary.processes = XctraceImportSummary.processRows(rows)
        do {
            try requireSwiftUIRows(export.seen, path: path)
        } catch {
            failed(summary.failed(export.tables, XctraceRowTally()))
            throw error
        }
        let process = try chooseProcess(rows, options: options, run: export.run, path: path, summary: &summary)
        if rows.isLegacy {
            summary.source = .instrumentsLegacy
            summary.warnings.append("\(path): the legacy instruments' tables have no process column: every row is kept, "
                + "so rows of other apps on the same simulator host may be mixed in")
        }
        let has = { (schema: String) in export.tables.contains { $0.schema == schema } }
        summary.process = process
        // NB: the full graph's edges only when the default graph is not there (they repeat it).
        var settings = XctraceMapping.Settings(allModules: options.allModules, process: process)
        if has(XctraceSchema.causes) {
            summary.unusedFullCauseEdges = rows.fullEdges.count
        } else {
            rows.edges = rows.fullEdges
            settings.edgeSchema = XctraceSchema.fullCauses
        }
        let metadata = TraceMetadata(
            scenario: options.scenario, variant: options.variant, pid: Int32(clamping: process ?? 0),
            source: summary.source, capabilities: capabilities(rows, has), recording: recording(export.toc, run: export.run, bodyTable: summary.bodyTable))
        var writer = ImportedTraceWriter(metadata: metadata)
        summary.updateGroups = rows.groups.count { settings.keeps($0.process) }
        let found = XctraceFindings(rows, seen: export.seen, run: export.run?.number, process: process)
        var mapping = XctraceMapping.mapped(&rows, settings: settings, with: &writer)
        // NB: never a trace without evaluations: a budget of body-evals would pass it with 0.
        guard mapping.counts.evaluations > 0 else {
            failed(summary.failed(export.tables, mapping.tally))
            throw found.noEvaluation(path, mapping.counts)
        }
        mapping.write(&writer, into: &output)
        summary.counts = mapping.counts
        mapping.tally.leaveOut(XctraceSchema.fullCauses, XctraceImportSummary.Reason.repeatsCauses, summary.unusedFullCauseEdges)
        summary.accounts = XctraceImportSummary.accounts(export.tables, mapping.tally)
        if mapping.unknownWrappers {
            summary.warnings.append("\(path): some writes come from wrappers Tracer has no name for; the trace claims no wrappers")
        }
        warnAboutLeftOut(&summary, path: path)
        return summary
    }

    /// What `read` found besides the rows: the TOC, the chosen run's entry, and the tables of that run.
    struct Export {
        var toc: XctraceTOC?
        var run: XctraceTOC.Run?
        var seen: XctraceTablesSeen
        /// The tables read.
        var tables: [XctraceTableRead] { seen.read }
    }

    /// Reads the tables of `input` and keeps the rows of the chosen run (and of tables naming none).
    private static func read(
        _ input: borrowing XctraceInput, path: String, options: ImportSettings
    ) throws(TraceError) -> (XctraceRows, Export, XctraceImportSummary) {
        let toc = try input.tableOfContents()
        let runs = Set(toc?.runs.map(\.number) ?? [])
        if let wanted = options.run, !runs.isEmpty, !runs.contains(wanted) {
            throw failure(path, "no run \(wanted); the trace has run(s) \(runs.sorted().map(String.init).joined(separator: ", "))")
        }
        var rowsByRun: [Int: XctraceRows] = [:]
        var summary = XctraceImportSummary(file: path, source: .instruments)
        summary.filesNotRead = input.filesNotRead
        summary.warnings += input.filesNotRead.map { "\($0.file): not read: \($0.reason)" }
        var seen = XctraceTablesSeen()
        let limits = DurationLimits(toc: toc, defaultRun: options.run ?? runs.max())
        for file in input.tableFiles {
            try readTables(file, strict: options.strict, limits: limits, into: &rowsByRun, seen: &seen, summary: &summary)
        }
        // NB: tables of several runs (`--append-run`): the chosen run's, and those naming none.
        let tableRuns = Set(seen.read.compactMap(\.run))
        let chosenRun = options.run ?? (runs.union(tableRuns)).max()
        if let chosenRun, !tableRuns.isEmpty, !tableRuns.contains(chosenRun) {
            throw failure(path, "no table of run \(chosenRun); the export has run(s) \(tableRuns.sorted().map(String.init).joined(separator: ", "))")
        }
        // NB: taken out of `rowsByRun`, so that the rows are not copied when merged and filtered.
        var rows = rowsByRun.removeValue(forKey: 0) ?? XctraceRows()
        if let chosenRun, chosenRun != 0, let chosen = rowsByRun.removeValue(forKey: chosenRun) { rows.merge(chosen) }
        rowsByRun.removeAll()
        seen.keep(run: chosenRun)
        let filtered = rows.settleFilteredBodies(hasUpdates: seen.read.contains { $0.schema == XctraceSchema.updates })
        if let index = seen.read.firstIndex(where: { $0.schema == XctraceSchema.filteredUpdates }) {
            seen.read[index].leftOut.merge(filtered.leftOut, uniquingKeysWith: +)
        }
        if filtered.fromFiltered {
            summary.bodyTable = XctraceSchema.filteredUpdates
            summary.warnings.append("\(path): the evaluations come from SwiftUIFilteredUpdates (there is no swiftui-updates table), "
                + "so they may be a filtered subset of the body updates: export swiftui-updates for all of them")
        }
        summary.tables = seen.read.map { ($0.schema, $0.rows) }
        summary.tablesNotRead = seen.unread.map { ($0.schema, $0.rows, XctraceTablesSeen.note($0.schema)) }
        summary.otherUpdates = rows.otherUpdates
        for table in seen.read where table.untimedRows > 0 { summary.warnings.append(table.untimedWarning) }
        summary.warnings += seen.read.compactMap(\.unreadableTimeWarning) + seen.read.compactMap(\.repeatWarning)
        return (rows, Export(toc: toc, run: toc?.runs.first { $0.number == chosenRun }, seen: seen), summary)
    }

    /// The longest duration a table's rows may have: an hour, or less when the TOC gives the
    /// length of the table's run (of `defaultRun` for a table naming none).
    struct DurationLimits {
        let toc: XctraceTOC?
        let defaultRun: Int?

        /// The limit for a table of run `run`.
        func limit(run: Int?) -> UInt64 {
            let length = toc?.runs.first { $0.number == run ?? defaultRun }?.duration.flatMap(CheckedInteger.nanoseconds(seconds:))
            return min(XctraceMapping.garbageLimit, length ?? .max)
        }
    }

    /// Reads the tables of `file`: the rows of those the import maps into `rowsByRun` by run (0 for
    /// a table naming none), every table into `seen`, the unresolved references and
    /// control bytes into `summary`.
    private static func readTables(
        _ file: String, strict: Bool, limits: DurationLimits, into rowsByRun: inout [Int: XctraceRows],
        seen: inout XctraceTablesSeen, summary: inout XctraceImportSummary
    ) throws(TraceError) {
        var reader: XctraceTableReader
        do {
            reader = try XctraceTableReader(path: file, request: XctraceSchema.request, strict: strict)
        } catch {
            throw TraceError(TraceDiagnostic(file: file, message: error.message, severity: .error))
        }
        var columns: XctraceTableColumns?
        var table = XctraceTableRead(schema: "", run: nil, rows: 0), tableOpen = false
        // NB: the rows of the table being read, out of `rowsByRun` until its end (no look-up per row).
        var rows = XctraceRows()
        /// The table read so far ends: its rows go back to their run, and it counts as read or not.
        func endTable() {
            if table.repeats != nil {
                table.leftOut = [XctraceImportSummary.Reason.repeatsTable: table.rows]
                seen.read.append(table)
            } else if columns != nil {
                rows.endTable()
                (table.untimedRows, table.firstUntimedRow, table.leftOut) = (rows.untimedRows, rows.firstUntimedRow, rows.leftOutRows)
                table.firstUnreadableTime = rows.firstUnreadableTime
                rowsByRun[table.run ?? 0] = rows
                rows = XctraceRows()
                seen.read.append(table)
            } else {
                seen.unread.append(table)
            }
            columns = nil
            tableOpen = false
        }
        do {
            while let event = try reader.next() {
                switch event {
                case .table:
                    // NB: a second schema in a node ends the first's table (and repeats what the first did).
                    let sameNode = tableOpen, repeated = table.repeats
                    if tableOpen { endTable() }
                    tableOpen = true
                    columns = reader.table.flatMap(XctraceTableColumns.init)
                    table = XctraceTableRead(
                        schema: reader.table?.schema ?? "", run: reader.table?.run, rows: 0, xpath: reader.table?.xpath, place: reader.location)
                    if columns != nil { table.repeats = sameNode ? repeated : seen.original(of: table) }
                    if columns != nil && table.repeats == nil {
                        rows = rowsByRun.removeValue(forKey: table.run ?? 0) ?? XctraceRows()
                        rows.beginTable(durationLimit: limits.limit(run: table.run), filtered: table.schema == XctraceSchema.filteredUpdates)
                    }
                case .row:
                    table.rows += 1
                    if let columns, table.repeats == nil { rows.add(reader, columns) }
                case .endOfTable:
                    endTable()
                }
            }
        } catch {
            throw TraceError(TraceDiagnostic(
                file: error.file, line: error.line, column: error.column, message: error.message, severity: .error))
        }
        seen.rowsWithoutSchema += reader.summary.rowsWithoutSchema
        summary.unresolvedReferences += reader.summary.unresolvedReferences
        summary.controlBytes += reader.summary.controlBytes
        if let warning = reader.summary.invalidUTF8Warning { summary.warnings.append(warning) }
        for location in reader.summary.unresolvedLocations {
            summary.warnings.append("\(location): a reference to an id not defined before it (read as an empty cell)")
        }
    }

    /// The header's capabilities: what the tables read (`has` a schema) and the rows can give.
    private static func capabilities(_ rows: XctraceRows, _ has: (String) -> Bool) -> [TraceCapability] {
        let hasCauses = has(XctraceSchema.causes) || has(XctraceSchema.fullCauses)
        var capabilities: [TraceCapability] = rows.isLegacy
            ? [.write, .bodyEval, .duration, .cause, .wrapper, .stateInit]
            : hasCauses ? [.write, .invalidate, .bodyEval, .skip, .duration, .cause, .wrapper] : [.bodyEval, .duration]
        if has(XctraceSchema.groups) { capabilities.append(.group) }
        if has(XctraceSchema.hitches) { capabilities.append(.hitch) }
        if !rows.signposts.isEmpty || has(XctraceSchema.signpostIntervals) || has(XctraceSchema.pointsOfInterest) { capabilities.append(.mark) }
        return capabilities
    }

    /// Warns of evaluations starting at 0, causes left out and control bytes tolerated.
    private static func warnAboutLeftOut(_ summary: inout XctraceImportSummary, path: String) {
        let c = summary.counts
        if c.startsAtZero > 0 {
            summary.warnings.append("\(path): \(c.startsAtZero) evaluation(s) starting at 0 (begun before recording) kept without dur")
        }
        if c.causesOutOfOrder > 0 {
            summary.warnings.append("\(path): \(c.causesOutOfOrder) cause(s) that would follow their effect left out")
        }
        if summary.controlBytes > 0 {
            summary.warnings.append("\(path): \(summary.controlBytes) control byte(s) not allowed in XML tolerated")
        }
    }

    /// Fails unless a SwiftUI table with rows was read: every table found, and the likely reason.
    private static func requireSwiftUIRows(_ seen: XctraceTablesSeen, path: String) throws(TraceError) {
        let swiftUI = seen.read.filter { XctraceSchema.swiftUI.contains($0.schema) }
        guard swiftUI.allSatisfy({ $0.rows == 0 }) else { return }
        let reason = swiftUI.isEmpty
            ? "no SwiftUI table Tracer reads (swiftui-updates, swiftui-causes, swiftui-body-interval, …) was found; tables: \(seen.listing). "
                + "Record with the SwiftUI template (or instrument) and export its tables; on the iOS Simulator the "
                + "new SwiftUI instrument records nothing: record 'View Body (Legacy)' and 'View Properties (Legacy)' there"
            : "the SwiftUI tables hold no rows, not a measured 0 (tables: \(seen.listing)): on the iOS Simulator the new SwiftUI "
                + "instrument records nothing (record the legacy View Body and View Properties instruments there), and "
                + "'xctrace record --attach' on a device records nothing (use --launch)"
        throw failure(path, reason)
    }

    /// The pid whose rows are kept: `--process`, else the TOC's target, else the process with the
    /// most body rows (a warning names the others); nil keeps every row.
    private static func chooseProcess(
        _ rows: XctraceRows, options: ImportSettings, run: XctraceTOC.Run?, path: String,
        summary: inout XctraceImportSummary
    ) throws(TraceError) -> UInt64? {
        let known = rows.processes
        func describe(_ pid: UInt64) -> String { known[pid]?.name.map { "\($0) (\(pid))" } ?? "pid \(pid)" }
        if let wanted = options.process {
            if let pid = UInt64(wanted), known[pid] != nil || known.isEmpty { return pid }
            if let match = known.first(where: { $0.value.name == wanted }) { return match.key }
            if let target = run?.target, target.name == wanted, let pid = target.pid { return pid }
            let listed = known.keys.sorted().map(describe).joined(separator: ", ")
            throw failure(path, "no process '\(wanted)' in the export; it has \(listed.isEmpty ? "no process column" : listed)")
        }
        guard !known.isEmpty else { return nil }
        if let pid = run?.target?.pid, known[pid] != nil { return pid }
        let chosen = known.max { ($0.value.bodies, $1.key) < ($1.value.bodies, $0.key) }!.key
        if known.count > 1 {
            let others = known.keys.filter { $0 != chosen }.sorted().map(describe).joined(separator: ", ")
            let reason = known[chosen]!.bodies > 0 ? "the process with the most body rows" : "the lowest pid (no process has body rows)"
            summary.warnings.append("\(path): importing \(describe(chosen)), \(reason); "
                + "also in the export: \(others) (choose with --process NAME|PID)")
        }
        return chosen
    }

    /// The header's recording fields from the TOC's run, and the table of the evaluations when not swiftui-updates.
    private static func recording(_ toc: XctraceTOC?, run: XctraceTOC.Run?, bodyTable: String?) -> RecordingInfo {
        let device = run?.device
        let os = [device?.platform, device?.osVersion].compactMap { $0 }.joined(separator: " ")
        return RecordingInfo(
            instruments: toc?.instrumentsVersion, run: run?.number, device: device?.name, os: os.isEmpty ? nil : os, bodyTable: bodyTable)
    }

    static func failure(_ path: String, _ message: String) -> TraceError {
        TraceError(TraceDiagnostic(file: path, message: message, severity: .error))
    }
}
