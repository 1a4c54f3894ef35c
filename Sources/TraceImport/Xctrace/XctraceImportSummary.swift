import TracerCore

/// What `XctraceImporter` read and wrote, and what it left out.
package struct XctraceImportSummary: Sendable {
    /// Events written and rows left out, by reason.
    package struct Counts: Sendable {
        /// Events written.
        package var events = 0
        /// Body evaluations written.
        package var evaluations = 0
        /// Writes written.
        package var writes = 0
        /// `state-init` events written (legacy exports).
        package var stateInits = 0
        /// Invalidations written.
        package var invalidations = 0
        /// Skips written.
        package var skips = 0
        /// Hitches written.
        package var hitches = 0
        /// Marks written.
        package var marks = 0
        /// Rows of SwiftUI's own modules left out (`--all-modules` keeps them).
        package var swiftUIModuleRows = 0
        /// Body rows of other processes left out.
        package var otherProcessRows = 0
        /// Evaluations, update groups and hitches kept without `dur` (their duration could not
        /// be read, or was longer than the run); evaluations starting at 0 are `startsAtZero`.
        package var untimedEvaluations = 0
        /// Evaluations kept without `dur` because they start at 0.
        package var startsAtZero = 0
        /// Update groups kept without `dur`.
        package var untimedGroups = 0
        /// Hitches kept without `dur`.
        package var untimedHitches = 0
        /// Cause edges joined to their evaluation by id.
        package var joinedByID = 0
        /// Cause edges (or, legacy, writes) joined to an evaluation by name and time.
        package var joinedByNameAndTime = 0
        /// Invalidations (or, legacy, writes) with no evaluation after them.
        package var unjoinedInvalidations = 0
        /// `Creation` cause edges left out.
        package var creationEdges = 0
        /// Cause edges to nodes other than views, left out.
        package var otherEdges = 0
        /// Cause edges from system sources, left out.
        package var systemSourceEdges = 0
        /// Link events other than `Update`, left out.
        package var otherLinkEvents = 0
        /// Causes that would follow their effect, left out.
        package var causesOutOfOrder = 0
    }

    /// Why rows of a table were left out: the keys of `ImportTableAccount.leftOut`.
    package enum Reason {
        /// A row of another process.
        package static let otherProcess = "other-process"
        /// A row of SwiftUI's own modules.
        package static let swiftUIModule = "swiftui-module"
        /// An update that is not a view body's.
        package static let notABodyUpdate = "not-a-body-update"
        /// A point of interest of another subsystem or category.
        package static let notPointsOfInterest = "not-points-of-interest"
        /// A row without a name.
        package static let noName = "no-name"
        /// A link event that is not an update.
        package static let notAnUpdate = "link-event-not-update"
        /// A `Creation` cause edge.
        package static let creationEdge = "creation-edge"
        /// A cause edge to a node other than a view.
        package static let edgeToOtherNode = "edge-to-other-node"
        /// A cause edge from a system source.
        package static let systemSource = "system-source"
        /// A row whose start or timestamp is not a whole number of ns a trace can hold.
        package static let unreadableTime = "unreadable-time"
        /// A row of a table read already (the same schema, run and xpath, in another node or file).
        package static let repeatsTable = "repeats-table"
        /// A `swiftui-full-causes` row repeating `swiftui-causes`.
        package static let repeatsCauses = "repeats-swiftui-causes"
        /// A `SwiftUIFilteredUpdates` body row repeating `swiftui-updates`.
        package static let repeatsUpdates = "repeats-swiftui-updates"
        /// Every row of an import that gave no trace, but those left out for another reason.
        package static let importFailed = "import-failed"
        /// A `SwiftUIFilteredUpdates` body row repeating another instance's.
        package static let repeatsFilteredInstance = "repeats-another-instance"
    }

    /// The input's name.
    package var file: String
    /// `instruments` or `instruments-legacy`.
    package var source: TraceProducer
    /// Events written and rows left out, by reason.
    package var counts = Counts()
    /// Each table read: schema and rows.
    package var tables: [(schema: String, rows: Int)] = []
    /// Each table not read: its schema (empty: none named), rows, and what it is.
    package var tablesNotRead: [(schema: String, rows: Int, note: String)] = []
    /// Each file of a directory that was not read, and why.
    package var filesNotRead: [(file: String, reason: String)] = []
    /// Each schema read, in the order first read: its rows imported and left out.
    package var accounts: [ImportTableAccount] = []
    /// The process imported (nil: every row kept), and every process seen with its rows per schema
    /// (of `swiftui-updates`, its body rows).
    package var process: UInt64?
    /// Every process seen: its id, name and rows per schema.
    package var processes: [(pid: UInt64, name: String?, rows: [String: Int])] = []
    /// `swiftui-updates` rows that are not view bodies, by update type.
    package var otherUpdates: [String: Int] = [:]
    /// Update groups written.
    package var updateGroups = 0
    /// The table the evaluations come from when it is not `swiftui-updates` (`SwiftUIFilteredUpdates`:
    /// they may be a filtered subset).
    package var bodyTable: String?
    /// `swiftui-full-causes` rows not used, `swiftui-causes` being there.
    package var unusedFullCauseEdges = 0
    /// References to rows the export never defined.
    package var unresolvedReferences = 0
    /// Control bytes, not allowed in XML, that the reader tolerated.
    package var controlBytes = 0
    /// Warnings to print (the process chosen, rows of other apps, durations left out…).
    package var warnings: [String] = []

    /// `; process: Demo (1001): swiftui-updates 12, hitches 3; other processes: …`: the process
    /// imported and every other, with its rows per table; empty without a process column.
    private var processList: String {
        func describe(_ entry: (pid: UInt64, name: String?, rows: [String: Int])) -> String {
            let rows = entry.rows.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            return "\(entry.name.map { "\($0) " } ?? "")(\(entry.pid)): \(rows.isEmpty ? "no rows" : rows)"
        }
        guard !processes.isEmpty else { return "" }
        let imported = processes.first { $0.pid == process }
        let others = processes.filter { $0.pid != process }
        var text = imported.map { "; process: " + describe($0) } ?? "; every process kept"
        if !others.isEmpty { text += "; \(imported == nil ? "processes" : "other processes (left out)"): " + others.map(describe).joined(separator: " / ") }
        return text
    }

    /// The summary line: `imported … from FILE (instruments): tables …; left out …`.
    package var line: String {
        let c = counts
        var parts = ["\(c.evaluations) evaluation(s)", "\(c.writes) write(s)"]
        if source == .instrumentsLegacy { parts.append("\(c.stateInits) state-init(s)") } else {
            parts += ["\(c.invalidations) invalidation(s)", "\(c.skips) skip(s)"]
        }
        parts += ["\(updateGroups) update group(s)", "\(c.hitches) hitch(es)", "\(c.marks) mark(s)"]
        var text = "imported \(parts.joined(separator: ", ")) as \(c.events) event(s) from \(file) (\(source.rawValue)); tables: "
        text += tables.map { "\($0.schema) (\($0.rows) rows)" }.joined(separator: ", ")
        text += processList
        var skipped: [String] = []
        if c.swiftUIModuleRows > 0 { skipped.append("\(c.swiftUIModuleRows) of SwiftUI's modules (--all-modules keeps them)") }
        for (type, rows) in otherUpdates.sorted(by: { $0.key < $1.key }) { skipped.append("\(rows) \(type.isEmpty ? "without an update type" : type)") }
        if c.otherProcessRows > 0 { skipped.append("\(c.otherProcessRows) body rows of other processes") }
        if c.otherLinkEvents > 0 { skipped.append("\(c.otherLinkEvents) link events other than Update") }
        let repeated = accounts.reduce(0) { $0 + ($1.leftOut[Reason.repeatsUpdates] ?? 0) + ($1.leftOut[Reason.repeatsFilteredInstance] ?? 0) }
        if repeated > 0 { skipped.append("\(repeated) SwiftUIFilteredUpdates body rows repeating swiftui-updates' or another instance's") }
        if unusedFullCauseEdges > 0 { skipped.append("\(unusedFullCauseEdges) swiftui-full-causes (swiftui-causes is there)") }
        if !skipped.isEmpty { text += "; rows left out: " + skipped.joined(separator: ", ") }
        if c.untimedEvaluations + c.startsAtZero + c.untimedGroups + c.untimedHitches > 0 {
            text += "; kept without dur: \(c.untimedEvaluations + c.startsAtZero) evaluation(s), \(c.untimedGroups) update group(s), "
                + "\(c.untimedHitches) hitch(es)"
        }
        if source == .instruments {
            text += "; cause edges: \(c.joinedByID) joined by id, \(c.joinedByNameAndTime) by name and time, "
                + "\(c.unjoinedInvalidations) invalidations without an evaluation after them, \(c.creationEdges) Creation, "
                + "\(c.otherEdges) to other nodes, \(c.systemSourceEdges) from system sources"
        } else {
            text += "; \(c.joinedByNameAndTime) writes linked to the one evaluation of their view in their update, "
                + "\(c.unjoinedInvalidations) to none (no or several such evaluations: left to the cause inference)"
        }
        text += "; unresolved references: \(unresolvedReferences)"
        return text
    }
}

extension XctraceImportSummary: ImportAccounting {
    /// `warnings`.
    package var printedWarnings: [String] { warnings }

    /// The summary document, with the process, the tables and files not read and every process seen.
    package var document: String { ImportSummaryDocument.json(self) }
}
