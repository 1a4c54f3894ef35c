#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceFormat
import TracerCore

/// How `XctraceImporter` reads an Instruments export.
public struct XctraceImportOptions: Sendable {
    /// The run to import (default: the last).
    public var run: Int?
    /// The process to keep, by name or pid (default: the TOC's target, else the process with the
    /// most body rows).
    public var process: String?
    /// Keep the rows of SwiftUI's own modules (`SwiftUI`, `SwiftUICore`).
    public var allModules: Bool
    /// Whether an unresolved reference is an error.
    public var strict: Bool
    /// The scenario and variant the header names.
    public var scenario: String?
    public var variant: String?

    public init(
        run: Int? = nil, process: String? = nil, allModules: Bool = false, strict: Bool = false,
        scenario: String? = nil, variant: String? = nil
    ) {
        self.run = run
        self.process = process
        self.allModules = allModules
        self.strict = strict
        self.scenario = scenario
        self.variant = variant
    }
}

/// What `XctraceImporter` read and wrote, and what it left out.
public struct XctraceImportSummary: Sendable {
    /// Events written and rows left out, by reason.
    public struct Counts: Sendable {
        public var events = 0
        public var evaluations = 0
        public var writes = 0
        public var stateInits = 0
        public var invalidations = 0
        public var skips = 0
        public var hitches = 0
        public var marks = 0
        public var swiftUIModuleRows = 0
        public var otherProcessRows = 0
        public var garbageDurations = 0
        public var startsAtZero = 0
        public var garbageGroups = 0
        public var garbageHitches = 0
        public var joinedByID = 0
        public var joinedByNameAndTime = 0
        public var unjoinedInvalidations = 0
        public var creationEdges = 0
        public var otherEdges = 0
        public var systemSourceEdges = 0
        public var otherLinkEvents = 0
        public var causesOutOfOrder = 0
    }

    /// The input's name.
    public var file: String
    /// `instruments` or `instruments-legacy`.
    public var source: TraceProducer
    public var counts = Counts()
    /// Each table read: schema and rows.
    public var tables: [(schema: String, rows: Int)] = []
    /// `swiftui-updates` rows that are not view bodies, by update type.
    public var otherUpdates: [String: Int] = [:]
    public var updateGroups = 0
    /// `swiftui-full-causes` rows not used, `swiftui-causes` being there.
    public var unusedFullCauseEdges = 0
    public var unresolvedReferences = 0
    public var controlBytes = 0
    /// Warnings to print (the process chosen, rows of other apps, durations left out…).
    public var warnings: [String] = []

    /// The summary line: `imported … from FILE (instruments): tables …; left out …`.
    public var line: String {
        let c = counts
        var parts = ["\(c.evaluations) evaluation(s)", "\(c.writes) write(s)"]
        if source == .instrumentsLegacy { parts.append("\(c.stateInits) state-init(s)") } else {
            parts += ["\(c.invalidations) invalidation(s)", "\(c.skips) skip(s)"]
        }
        parts += ["\(updateGroups) update group(s)", "\(c.hitches) hitch(es)", "\(c.marks) mark(s)"]
        var text = "imported \(parts.joined(separator: ", ")) as \(c.events) event(s) from \(file) (\(source.rawValue)); tables: "
        text += tables.map { "\($0.schema) (\($0.rows) rows)" }.joined(separator: ", ")
        var skipped: [String] = []
        if c.swiftUIModuleRows > 0 { skipped.append("\(c.swiftUIModuleRows) of SwiftUI's modules (--all-modules keeps them)") }
        for (type, rows) in otherUpdates.sorted(by: { $0.key < $1.key }) { skipped.append("\(rows) \(type.isEmpty ? "without an update type" : type)") }
        if c.otherProcessRows > 0 { skipped.append("\(c.otherProcessRows) body rows of other processes") }
        if c.otherLinkEvents > 0 { skipped.append("\(c.otherLinkEvents) link events other than Update") }
        if c.garbageHitches > 0 { skipped.append("\(c.garbageHitches) hitches with a garbage duration") }
        if unusedFullCauseEdges > 0 { skipped.append("\(unusedFullCauseEdges) swiftui-full-causes (swiftui-causes is there)") }
        if !skipped.isEmpty { text += "; rows left out: " + skipped.joined(separator: ", ") }
        if source == .instruments {
            text += "; cause edges: \(c.joinedByID) joined by id, \(c.joinedByNameAndTime) by name and time, "
                + "\(c.unjoinedInvalidations) invalidations without an evaluation after them, \(c.creationEdges) Creation, "
                + "\(c.otherEdges) to other nodes, \(c.systemSourceEdges) from system sources"
        } else {
            text += "; \(c.joinedByNameAndTime) writes led to an evaluation, \(c.unjoinedInvalidations) to none"
        }
        text += "; unresolved references: \(unresolvedReferences)"
        return text
    }
}

/// Imports Instruments' SwiftUI data (`xctrace export` XML) as a `tracer/1` trace.
///
/// See `XctraceMapping` for how rows become events, `XctraceInput` for what PATH may be.
public enum XctraceImporter {
    /// Reads the export at `path` and writes the trace to `output` (in blocks, once every table is read).
    ///
    /// - Throws: `TraceError` for unreadable or malformed input, an export without SwiftUI rows
    ///   (with what was found and the likely reason), an unknown `--run` or `--process`.
    @discardableResult
    public static func run(
        path: String, options: XctraceImportOptions = XctraceImportOptions(), into output: inout some TextOutputStream
    ) throws(TraceError) -> XctraceImportSummary {
        let input = try XctraceInput(path: path)
        defer { input.removeTemporaryFiles() }
        let toc = try input.tableOfContents()
        let runs = Set(toc?.runs.map(\.number) ?? [])
        if let wanted = options.run, !runs.isEmpty, !runs.contains(wanted) {
            throw failure(path, "no run \(wanted); the trace has run(s) \(runs.sorted().map(String.init).joined(separator: ", "))")
        }
        var rowsByRun: [Int: XctraceRows] = [:]
        var summary = XctraceImportSummary(file: path, source: .instruments)
        var tablesRead: [(schema: String, run: Int?, rows: Int)] = []
        for file in input.tableFiles {
            try readTables(file, strict: options.strict, into: &rowsByRun, tablesRead: &tablesRead, summary: &summary)
        }
        // NB: tables of several runs (`--append-run`): the chosen run's, and those naming none.
        let tableRuns = Set(tablesRead.compactMap(\.run))
        let chosenRun = options.run ?? (runs.union(tableRuns)).max()
        if let chosenRun, !tableRuns.isEmpty, !tableRuns.contains(chosenRun) {
            throw failure(path, "no table of run \(chosenRun); the export has run(s) \(tableRuns.sorted().map(String.init).joined(separator: ", "))")
        }
        // NB: taken out of `rowsByRun`, so that the rows are not copied when merged and filtered.
        var rows = rowsByRun.removeValue(forKey: 0) ?? XctraceRows()
        if let chosenRun, chosenRun != 0, let chosen = rowsByRun.removeValue(forKey: chosenRun) { rows.merge(chosen) }
        rowsByRun.removeAll()
        tablesRead.removeAll { $0.run != nil && $0.run != chosenRun }
        summary.tables = tablesRead.map { ($0.schema, $0.rows) }
        summary.otherUpdates = rows.otherUpdates
        try requireSwiftUIRows(tablesRead, path: path, toc: toc)
        let run = toc?.runs.first { $0.number == chosenRun }
        let process = try chooseProcess(rows, options: options, run: run, path: path, summary: &summary)
        if rows.isLegacy {
            summary.source = .instrumentsLegacy
            summary.warnings.append("\(path): the legacy instruments' tables have no process column: every row is kept, "
                + "so rows of other apps on the same simulator host may be mixed in")
        }
        let has = { (schema: String) in tablesRead.contains { $0.schema == schema } }
        // NB: the full graph's edges only when the default graph is not there (they repeat it).
        if has(XctraceSchema.causes) {
            summary.unusedFullCauseEdges = rows.fullEdges.count
        } else {
            rows.edges = rows.fullEdges
        }
        let metadata = TraceMetadata(
            scenario: options.scenario, variant: options.variant, pid: Int32(clamping: process ?? 0),
            source: summary.source, capabilities: capabilities(rows, has), recording: recording(toc, run: run))
        var writer = ImportedTraceWriter(metadata: metadata)
        let settings = XctraceMapping.Settings(
            allModules: options.allModules, process: process,
            runLength: run?.duration.flatMap(CheckedInteger.nanoseconds(seconds:)))
        summary.updateGroups = rows.groups.count { settings.keeps($0.process) }
        let mapped = XctraceMapping.write(&rows, settings: settings, with: &writer, into: &output)
        summary.counts = mapped.counts
        if mapped.unknownWrappers {
            summary.warnings.append("\(path): some writes come from wrappers Tracer has no name for; the trace claims no wrappers")
        }
        warnAboutLeftOut(&summary, path: path)
        return summary
    }

    /// Reads the tables of `file`: the rows of those the import maps into `rowsByRun` by run (0 for
    /// a table naming none), each such table into `tablesRead`, the unresolved references and
    /// control bytes into `summary`.
    private static func readTables(
        _ file: String, strict: Bool, into rowsByRun: inout [Int: XctraceRows],
        tablesRead: inout [(schema: String, run: Int?, rows: Int)], summary: inout XctraceImportSummary
    ) throws(TraceError) {
        var reader: XctraceTableReader
        do {
            reader = try XctraceTableReader(path: file, request: XctraceSchema.request, strict: strict)
        } catch {
            throw TraceError(TraceDiagnostic(file: file, message: error.message, severity: .error))
        }
        var schema: String?
        var columns: XctraceTableColumns?
        var run: Int?
        var rowCount = 0
        do {
            while let event = try reader.next() {
                switch event {
                case .table:
                    columns = reader.table.flatMap(XctraceTableColumns.init)
                    schema = columns == nil ? nil : reader.table?.schema
                    run = reader.table?.run
                    rowCount = 0
                    if schema != nil { rowsByRun[run ?? 0, default: XctraceRows()].beginTable() }
                case .row:
                    rowCount += 1
                    if let columns { rowsByRun[run ?? 0, default: XctraceRows()].add(reader, columns) }
                case .endOfTable:
                    if let schema { tablesRead.append((schema, run, rowCount)) }
                    schema = nil
                    columns = nil
                }
            }
        } catch {
            throw TraceError(TraceDiagnostic(
                file: error.file, line: error.line, column: error.column, message: error.message, severity: .error))
        }
        summary.unresolvedReferences += reader.summary.unresolvedReferences
        summary.controlBytes += reader.summary.controlBytes
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

    /// Warns of evaluations kept without a duration, causes left out and control bytes tolerated.
    private static func warnAboutLeftOut(_ summary: inout XctraceImportSummary, path: String) {
        let c = summary.counts
        if c.garbageDurations > 0 {
            summary.warnings.append("\(path): \(c.garbageDurations) evaluation(s) with a duration over an hour or the run's length "
                + "(updates in flight) kept without dur")
        }
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

    /// Fails unless a SwiftUI table with rows was read: what was found, and the likely reason.
    private static func requireSwiftUIRows(
        _ tables: [(schema: String, run: Int?, rows: Int)], path: String, toc: XctraceTOC?
    ) throws(TraceError) {
        let swiftUI = tables.filter { XctraceSchema.swiftUI.contains($0.schema) }
        guard swiftUI.allSatisfy({ $0.rows == 0 }) else { return }
        let found = tables.isEmpty ? "no table" : tables.map { "\($0.schema) (\($0.rows) rows)" }.joined(separator: ", ")
        let reason = swiftUI.isEmpty
            ? "no SwiftUI table (swiftui-updates, swiftui-causes, swiftui-body-interval, …) was found, only \(found). "
                + "Record with the SwiftUI template (or instrument) and export its tables; on the iOS Simulator the "
                + "new SwiftUI instrument records nothing: record 'View Body (Legacy)' and 'View Properties (Legacy)' there"
            : "the SwiftUI tables hold no rows (\(found)), not a measured 0: on the iOS Simulator the new SwiftUI "
                + "instrument records nothing (record the legacy View Body and View Properties instruments there), and "
                + "'xctrace record --attach' on a device records nothing (use --launch)"
        throw failure(path, reason)
    }

    /// The pid whose rows are kept: `--process`, else the TOC's target, else the process with the
    /// most body rows (a warning names the others); nil keeps every row.
    private static func chooseProcess(
        _ rows: XctraceRows, options: XctraceImportOptions, run: XctraceTOC.Run?, path: String,
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
            summary.warnings.append("\(path): importing \(describe(chosen)), the process with the most body rows; "
                + "also in the export: \(others) (choose with --process NAME|PID)")
        }
        return chosen
    }

    /// The header's recording fields from the TOC's run.
    private static func recording(_ toc: XctraceTOC?, run: XctraceTOC.Run?) -> RecordingInfo {
        let device = run?.device
        let os = [device?.platform, device?.osVersion].compactMap { $0 }.joined(separator: " ")
        return RecordingInfo(
            instruments: toc?.instrumentsVersion, run: run?.number, device: device?.name, os: os.isEmpty ? nil : os)
    }

    /// Whether `path` is an Instruments export (`--from auto`): a `.trace`, a directory, or an
    /// `xctrace export` XML document.
    public static func looksLikeExport(_ path: String) -> Bool {
        if path.hasSuffix(".trace") || path.hasSuffix(".trace/") { return true }
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return (status.st_mode & S_IFMT) == S_IFDIR || XctraceDocumentKind.detect(path: path) != nil
    }

    static func failure(_ path: String, _ message: String) -> TraceError {
        TraceError(TraceDiagnostic(file: path, message: message, severity: .error))
    }
}
