import TracerCore

/// What `XctraceImporter` read and wrote, and what it left out.
public struct XctraceImportSummary: Sendable {
    /// Events written and rows left out, by reason.
    public struct Counts: Sendable {
        /// Events written.
        public var events = 0
        /// Body evaluations written.
        public var evaluations = 0
        /// Writes written.
        public var writes = 0
        /// `state-init` events written (legacy exports).
        public var stateInits = 0
        /// Invalidations written.
        public var invalidations = 0
        /// Skips written.
        public var skips = 0
        /// Hitches written.
        public var hitches = 0
        /// Marks written.
        public var marks = 0
        /// Rows of SwiftUI's own modules left out (`--all-modules` keeps them).
        public var swiftUIModuleRows = 0
        /// Body rows of other processes left out.
        public var otherProcessRows = 0
        /// Evaluations, update groups and hitches kept without `dur` (their duration could not
        /// be read, or was longer than the run); evaluations starting at 0 are `startsAtZero`.
        public var untimedEvaluations = 0
        /// Evaluations kept without `dur` because they start at 0.
        public var startsAtZero = 0
        /// Update groups kept without `dur`.
        public var untimedGroups = 0
        /// Hitches kept without `dur`.
        public var untimedHitches = 0
        /// Cause edges joined to their evaluation by id.
        public var joinedByID = 0
        /// Cause edges (or, legacy, writes) joined to an evaluation by name and time.
        public var joinedByNameAndTime = 0
        /// Invalidations (or, legacy, writes) with no evaluation after them.
        public var unjoinedInvalidations = 0
        /// `Creation` cause edges left out.
        public var creationEdges = 0
        /// Cause edges to nodes other than views, left out.
        public var otherEdges = 0
        /// Cause edges from system sources, left out.
        public var systemSourceEdges = 0
        /// Link events other than `Update`, left out.
        public var otherLinkEvents = 0
        /// Causes that would follow their effect, left out.
        public var causesOutOfOrder = 0
    }

    /// Why rows of a table were left out: the keys of `TableAccount.leftOut`.
    public enum Reason {
        /// A row of another process.
        public static let otherProcess = "other-process"
        /// A row of SwiftUI's own modules.
        public static let swiftUIModule = "swiftui-module"
        /// An update that is not a view body's.
        public static let notABodyUpdate = "not-a-body-update"
        /// A point of interest of another subsystem or category.
        public static let notPointsOfInterest = "not-points-of-interest"
        /// A row without a name.
        public static let noName = "no-name"
        /// A link event that is not an update.
        public static let notAnUpdate = "link-event-not-update"
        /// A `Creation` cause edge.
        public static let creationEdge = "creation-edge"
        /// A cause edge to a node other than a view.
        public static let edgeToOtherNode = "edge-to-other-node"
        /// A cause edge from a system source.
        public static let systemSource = "system-source"
        /// A row whose start or timestamp is not a whole number of ns a trace can hold.
        public static let unreadableTime = "unreadable-time"
        /// A row of a table read already (the same schema, run and xpath, in another node or file).
        public static let repeatsTable = "repeats-table"
        /// A `swiftui-full-causes` row repeating `swiftui-causes`.
        public static let repeatsCauses = "repeats-swiftui-causes"
        /// A `SwiftUIFilteredUpdates` body row repeating `swiftui-updates`.
        public static let repeatsUpdates = "repeats-swiftui-updates"
        /// Every row of an import that gave no trace, but those left out for another reason.
        public static let importFailed = "import-failed"
        /// A `SwiftUIFilteredUpdates` body row repeating another instance's.
        public static let repeatsFilteredInstance = "repeats-another-instance"
    }

    /// How the rows of the tables of one schema were accounted for: each row read was imported
    /// (`rows` = `imported` + the sum of `leftOut`) or left out for one reason.
    public struct TableAccount: Sendable {
        /// The table's schema.
        public var schema: String
        /// Rows read.
        public var rows = 0
        /// Rows imported.
        public var imported = 0
        /// Rows whose duration could not be read or was longer than the run (kept without `dur`
        /// when imported).
        public var untimed = 0
        /// Rows left out, by reason (`Reason`).
        public var leftOut: [String: Int] = [:]
    }

    /// The input's name.
    public var file: String
    /// `instruments` or `instruments-legacy`.
    public var source: TraceProducer
    /// Events written and rows left out, by reason.
    public var counts = Counts()
    /// Each table read: schema and rows.
    public var tables: [(schema: String, rows: Int)] = []
    /// Each table not read: its schema (empty: none named), rows, and what it is.
    public var tablesNotRead: [(schema: String, rows: Int, note: String)] = []
    /// Each file of a directory that was not read, and why.
    public var filesNotRead: [(file: String, reason: String)] = []
    /// Each schema read, in the order first read: its rows imported and left out.
    public var accounts: [TableAccount] = []
    /// The process imported (nil: every row kept), and every process seen with its rows per schema
    /// (of `swiftui-updates`, its body rows).
    public var process: UInt64?
    /// Every process seen: its id, name and rows per schema.
    public var processes: [(pid: UInt64, name: String?, rows: [String: Int])] = []
    /// `swiftui-updates` rows that are not view bodies, by update type.
    public var otherUpdates: [String: Int] = [:]
    /// Update groups written.
    public var updateGroups = 0
    /// The table the evaluations come from when it is not `swiftui-updates` (`SwiftUIFilteredUpdates`:
    /// they may be a filtered subset).
    public var bodyTable: String?
    /// `swiftui-full-causes` rows not used, `swiftui-causes` being there.
    public var unusedFullCauseEdges = 0
    /// References to rows the export never defined.
    public var unresolvedReferences = 0
    /// Control bytes, not allowed in XML, that the reader tolerated.
    public var controlBytes = 0
    /// Warnings to print (the process chosen, rows of other apps, durations left out…).
    public var warnings: [String] = []

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
    public var line: String {
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
            text += "; \(c.joinedByNameAndTime) writes led to an evaluation, \(c.unjoinedInvalidations) to none"
        }
        text += "; unresolved references: \(unresolvedReferences)"
        return text
    }
}
