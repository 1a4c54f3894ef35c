import TracerCore

/// Turns the rows of an Instruments export into `tracer/1` events, in order of their start.
///
/// - Evaluations: one per body row of the chosen process (SwiftUI's own modules left out unless
///   `allModules`); `ts` = start + duration, `dur` exclusive: the row's duration less those of the
///   body rows directly nested in it on its thread (any module), never below 0. A row without a
///   duration (`XctraceRows.duration`: unreadable, or over an hour or the run's length) or with a
///   start of 0 has no interval: the evaluation keeps `ts` = start and no `dur`, and neither
///   contains nor is subtracted.
/// - Update groups and hitches without a duration are kept without `dur`.
/// - Cause edges (`swiftui-causes`): a `write` per distinct source event of a state, environment
///   or external source (its `prop` naming the value type and changed properties, when the edges
///   say: `store [Store: self]`); an `invalidate` per `Update` edge to `V.body`, caused by the write or by
///   the source body's evaluation; the evaluation it leads to found by the edge's destination id
///   when that names an imported row of the same view, else the first uncaused evaluation of `V`
///   starting at or after the edge; a `skip` per edge to `V.body [skipped]`.
/// - Legacy View Properties: a `write` per `Update` link event (a first value: `state-init`),
///   causing the evaluation of its view in the same update when exactly one does (several
///   writes: the first its `cause`, all its `causes`), with the values its narrative prints
///   (`mapLinks`, `LegacyUpdates`).
/// - Update groups, hitches and signposts (marks) as they are; every end (start + duration)
///   saturates at 2^64 − 1.
///
/// `tx`: each write and each evaluation without a cause opens a transaction; an event caused by
/// another takes its `tx`. The legacy tables' events take their update's (`LegacyUpdates`). `group`: the innermost update group on the event's thread holding its start.
struct XctraceMapping {
    /// What the mapping needs besides the rows.
    struct Settings {
        var allModules = false
        /// The process whose rows are kept; nil keeps every row.
        var process: UInt64?
        /// The table the edges were read from (`swiftui-full-causes` without `swiftui-causes`).
        var edgeSchema = XctraceSchema.causes

        /// Whether a row of `process` is kept (a row without a process always is).
        func keeps(_ process: UInt64?) -> Bool { self.process == nil || process == nil || process == self.process }
    }

    /// A duration over this (one hour) is an in-flight update's garbage.
    static let garbageLimit: UInt64 = 3_600_000_000_000

    /// The latest time a row may have: the latest `ts` tracer/1 reads (2^63 − 1 ns) less the
    /// longest duration, so that no event an import writes, nor its end, lies beyond what is read.
    static let latestTime = UInt64(Int64.max) - garbageLimit

    /// The end of an interval: `start` + `duration`, at most 2^64 − 1 (both are read from input).
    @inline(__always)
    static func end(_ start: UInt64, _ duration: UInt64) -> UInt64 {
        let (sum, overflow) = start.addingReportingOverflow(duration)
        return overflow ? .max : sum
    }

    /// An event waiting for its place: `key` orders it, `cause` is another pending event's index.
    ///
    /// NB: an import holds one per event until it is written, so it is the event alone: until
    /// then the event's `seq` holds the key and its `cause` the cause's index + 1 (`write` sets
    /// both), and `rank` fits in the event's tail padding.
    struct Pending {
        var event: TraceEvent
        var rank: UInt8

        init(key: UInt64, rank: UInt8, event: TraceEvent, cause: Int?) {
            self.event = event
            self.rank = rank
            self.key = key
            self.cause = cause
        }

        /// What orders the event (its start, mostly).
        var key: UInt64 {
            get { event.seq }
            set { event.seq = newValue }
        }

        /// The index of the pending event that caused this one.
        var cause: Int? {
            get { event.cause == 0 ? nil : Int(event.cause - 1) }
            set { event.cause = newValue.map { UInt64($0) + 1 } ?? 0 }
        }
    }

    var pending: [Pending] = []
    private var threads: [UInt64: UInt16] = [:]
    var counts = XctraceImportSummary.Counts()
    /// Each row's fate by table: imported, or left out and why.
    var tally = XctraceRowTally()
    var unknownWrappers = false
    /// The old and new values of the writes that carry them, by pending index (legacy links).
    var valuePairs: [Int: WriteValuePair] = [:]
    /// What changed, by pending index of a write made of a cause that says (`changes`).
    var changesOfWrite: [Int: Symbol] = [:]
    /// The causes after the first of an evaluation several writes led to (legacy links), by
    /// pending index of the evaluation, in order.
    var laterCauses: [Int: [Int]] = [:]
    /// Each pending event's update, its `tx`, when the tables record none (the legacy tables,
    /// `LegacyUpdates`; 0: the event has none); empty for the other tables.
    var updateOfEvent: [UInt64] = []

    /// The events of `rows`, mapped with `writer` (which interns their strings), not yet written.
    ///
    /// NB: when a write's wrapper has no name in Tracer, the header claims no wrappers; it lists
    /// values only when a write carries them.
    /// NB: empties `rows` (its bodies filtered in place, then let go before the events are written).
    static func mapped(_ rows: inout XctraceRows, settings: Settings, with writer: inout ImportedTraceWriter) -> XctraceMapping {
        var mapping = XctraceMapping()
        mapping.map(&rows, settings, &writer)
        rows = XctraceRows()
        if mapping.unknownWrappers { writer.removeCapability(.wrapper) }
        if !mapping.valuePairs.isEmpty { writer.listCapability(.values) }
        return mapping
    }

    /// Gathers the pending events of `rows`.
    private mutating func map(_ rows: inout XctraceRows, _ settings: Settings, _ writer: inout ImportedTraceWriter) {
        let orderedGroups = UpdateGroups.ordered(rows.groups.filter { settings.keeps($0.process) })
        tally.leaveOut(XctraceSchema.groups, XctraceImportSummary.Reason.otherProcess, rows.groups.count - orderedGroups.count)
        rows.groups = []
        let groups = UpdateGroups(ordered: orderedGroups)
        let bodyCount = rows.bodies.count
        for body in rows.bodies where !settings.keeps(body.process) { tally.leaveOut(body.schema, XctraceImportSummary.Reason.otherProcess) }
        let processBodies = XctraceBodyChunks(rows.bodies) { settings.keeps($0.process) }
        let evaluations = settings.allModules ? processBodies.count : rows.bodies.count { settings.keeps($0.process) && !$0.isSwiftUIModule }
        rows.bodies = []
        counts.otherProcessRows += bodyCount - processBodies.count
        // NB: the legacy tables' links, or the other tables' edges of the process (joined below).
        let edges = rows.isLegacy ? [] : rows.edges.filter { settings.keeps($0.process) }
        tally.leaveOut(settings.edgeSchema, XctraceImportSummary.Reason.otherProcess, rows.isLegacy ? 0 : rows.edges.count - edges.count)
        rows.edges = []
        let links = rows.isLegacy ? rows.links : []
        pending.reserveCapacity(orderedGroups.count + evaluations + 2 * edges.count + links.count + rows.hitches.count + 2 * rows.signposts.count)
        mapGroups(consume orderedGroups, &writer)
        // NB: the joins of causes and links to evaluations only when there are any to join.
        let joins = mapEvaluations(
            processBodies, views: rows.views, groups: groups, settings, joining: !links.isEmpty || !edges.isEmpty, &writer)
        if rows.isLegacy {
            mapLinks(links, settings, joins.byView, &writer)
        } else {
            mapEdges(edges, schema: settings.edgeSchema, joins.byView, joins.byID, &writer)
        }
        mapHitches(rows.hitches, settings, &writer)
        mapSignposts(rows.signposts, settings, &writer)
    }

    // MARK: Order, seq and transactions

    mutating func append(_ event: TraceEvent, key: UInt64, rank: UInt8, cause: Int? = nil) {
        pending.append(Pending(key: key, rank: rank, event: event, cause: cause))
    }

    /// The small `tid` of thread `thread` (1, 2, … in order of appearance; 0 for a table without
    /// a thread column).
    mutating func tid(_ thread: UInt64) -> UInt16 {
        guard thread != 0 else { return 0 }
        if let known = threads[thread] { return known }
        let next = UInt16(clamping: threads.count + 1)
        threads[thread] = next
        return next
    }

    /// Writes the events in order of their start, each cause before its effect, to `output` in blocks.
    mutating func write(_ writer: inout ImportedTraceWriter, into output: inout some TextOutputStream) {
        // NB: sorted with their keys beside them (not read through `pending` at every comparison).
        var order = pending.indices.map { (key: pending[$0].key, rank: pending[$0].rank, index: $0) }
        order.sort { $0 < $1 }
        var seqOf = [UInt64](repeating: 0, count: pending.count)
        for (position, entry) in order.enumerated() { seqOf[entry.index] = UInt64(position + 1) }
        var transaction: UInt64 = 0
        for (_, _, index) in order {
            var event = pending[index].event
            event.cause = 0
            if let cause = pending[index].cause, seqOf[cause] < seqOf[index] {
                event.cause = seqOf[cause]
                event.tx = pending[cause].event.tx
            } else {
                if pending[index].cause != nil { counts.causesOutOfOrder += 1 }
                switch event.kind {
                case .write, .bodyEval, .invalidate, .skip, .stateInit:
                    transaction += 1
                    event.tx = transaction
                default:
                    break
                }
            }
            if index < updateOfEvent.count, updateOfEvent[index] > 0 { event.tx = updateOfEvent[index] }
            pending[index].event.tx = event.tx
            // NB: `causes` only beside a `cause` written, each of them before its effect.
            var causes: [UInt64] = []
            if event.cause != 0, let later = laterCauses[index] {
                causes = [event.cause] + later.map { seqOf[$0] }.filter { $0 < seqOf[index] }
            }
            writer.append(event, values: valuePairs[index], changes: changesOfWrite[index] ?? .none, causes: causes)
            writer.flushChunk(into: &output, threshold: 1 << 16)
        }
        writer.flushChunk(into: &output)
        counts.events = pending.count
    }
}

/// The mapping's decision on each row, by table schema: imported, or left out for a reason.
struct XctraceRowTally {
    var imported: [String: Int] = [:]
    var leftOut: [String: [String: Int]] = [:]

    /// Counts `count` rows of `schema` as imported.
    mutating func importRows(_ schema: String, _ count: Int = 1) {
        if count > 0 { imported[schema, default: 0] += count }
    }

    /// Whether a row of `process` read from `schema` is kept by `settings`: counted as imported,
    /// or as left out for being another process's.
    mutating func keeps(_ process: UInt64?, of schema: String, _ settings: XctraceMapping.Settings) -> Bool {
        let kept = settings.keeps(process)
        if kept { importRows(schema) } else { leaveOut(schema, XctraceImportSummary.Reason.otherProcess) }
        return kept
    }

    /// Counts `count` rows of `schema` as left out for `reason` (`XctraceImportSummary.Reason`).
    mutating func leaveOut(_ schema: String, _ reason: String, _ count: Int = 1) {
        if count > 0 { leftOut[schema, default: [:]][reason, default: 0] += count }
    }
}
