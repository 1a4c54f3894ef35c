import TracerCore

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
        /// Evaluations, update groups and hitches kept without `dur` (their duration could not
        /// be read, or was longer than the run); evaluations starting at 0 are `startsAtZero`.
        public var untimedEvaluations = 0
        public var startsAtZero = 0
        public var untimedGroups = 0
        public var untimedHitches = 0
        public var joinedByID = 0
        public var joinedByNameAndTime = 0
        public var unjoinedInvalidations = 0
        public var creationEdges = 0
        public var otherEdges = 0
        public var systemSourceEdges = 0
        public var otherLinkEvents = 0
        public var causesOutOfOrder = 0
    }

    /// Why rows of a table were left out: the keys of `TableAccount.leftOut`.
    public enum Reason {
        public static let otherProcess = "other-process"
        public static let swiftUIModule = "swiftui-module"
        public static let notABodyUpdate = "not-a-body-update"
        public static let notPointsOfInterest = "not-points-of-interest"
        public static let noName = "no-name"
        public static let notAnUpdate = "link-event-not-update"
        public static let creationEdge = "creation-edge"
        public static let edgeToOtherNode = "edge-to-other-node"
        public static let systemSource = "system-source"
        public static let repeatsCauses = "repeats-swiftui-causes"
    }

    /// How the rows of the tables of one schema were accounted for: each row read was imported
    /// (`rows` = `imported` + the sum of `leftOut`) or left out for one reason.
    public struct TableAccount: Sendable {
        public var schema: String
        public var rows = 0
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
    public var counts = Counts()
    /// Each table read: schema and rows.
    public var tables: [(schema: String, rows: Int)] = []
    /// Each schema read, in the order first read: its rows imported and left out.
    public var accounts: [TableAccount] = []
    /// The process imported (nil: every row kept), and every process seen with its rows per schema
    /// (of `swiftui-updates`, its body rows).
    public var process: UInt64?
    public var processes: [(pid: UInt64, name: String?, rows: [String: Int])] = []
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
