/// The rows of an Instruments export that the import maps, gathered from every table read.
///
/// NB: only what the mapping uses is kept per row (times, ids, a body's view as an index into
/// `views`); the mapping needs them all at once (edges join evaluations by id, then by name and
/// time), so the import's memory grows with the SwiftUI rows, not with the export's bytes.
struct XctraceRows {
    /// A `swiftui-causes` (or `swiftui-full-causes`) row: an edge of the cause graph.
    struct Edge {
        var time: UInt64
        var sourceID: UInt64?
        var source: String
        var destinationID: UInt64?
        var destination: String
        var label: String
        /// The type of the value that changed (`value-type`) and which of its stored properties
        /// did (`changed-properties`), when the export has them: what changed, never the values.
        var valueType, changedProperties: String?
        var process: UInt64?
    }

    var bodies: [Body] = []
    /// The views of `bodies`, each once.
    private(set) var views: [String] = []
    private var viewIDs: [String: UInt32] = [:]
    /// The current table's reader's strings, by string index (`stringKey`): the view of a body
    /// row's view-name and description, whether an update type is `View Body Updates`, whether a
    /// module is SwiftUI's own.
    private var viewOfStrings = XctraceStringMemo<UInt32>()
    private var isBodyUpdateType = XctraceStringMemo<Bool>()
    private var isSwiftUIModuleString = XctraceStringMemo<Bool>()
    /// Rows of `swiftui-updates` that are not view bodies, by update type.
    var otherUpdates: [String: Int] = [:]
    /// Rows of `SwiftUIFilteredUpdates` that are not view bodies, by update type (they may repeat
    /// swiftui-updates' and each other's: said only when no body row is found).
    var otherFilteredUpdates: [String: Int] = [:]
    /// Whether the current table is `SwiftUIFilteredUpdates`.
    private var tableIsFiltered = false
    /// The current table's rows that are not view bodies: by update type (`swiftui-updates`), in all.
    private var otherUpdatesOfTable = XctraceStringTally()
    private var otherUpdateRowsOfTable = 0
    var edges: [Edge] = []
    /// The edges of `swiftui-full-causes`, used only without `swiftui-causes`.
    var fullEdges: [Edge] = []
    var groups: [Group] = []
    var hitches: [Hitch] = []
    var links: [Link] = []
    var signposts: [Signpost] = []
    /// Each process (pid) seen in a row, with its name and how many body rows it has.
    var processes: [UInt64: (name: String?, bodies: Int)] = [:]
    /// The process the last row named (in `processes`), and its body rows since then, added to
    /// `processes` when another process is named or the table ends.
    private var lastProcess: UInt64?
    private var lastProcessBodies = 0
    /// Whether the legacy tables were read (no process column: every row is kept).
    var isLegacy = false
    /// The longest duration the current table's rows may have (an hour, or its run's length).
    private var durationLimit: UInt64 = .max
    /// The current table's rows whose duration could not be read, and the first one's location.
    private(set) var untimedRows = 0
    private(set) var firstUntimedRow: String?
    /// The location of the current table's first row left out for its time (`unreadableTime`).
    private(set) var firstUnreadableTime: String?
    /// The current table's rows left out as they are read, by reason (`XctraceImportSummary.Reason`).
    private(set) var leftOutRows: [String: Int] = [:]
}

extension XctraceRows {
    /// Forgets what was learnt of a reader's strings, before the rows of a table (perhaps
    /// another reader's) are added, each of whose durations is at most `durationLimit`.
    mutating func beginTable(durationLimit: UInt64, filtered: Bool) {
        self.durationLimit = durationLimit
        tableIsFiltered = filtered
        untimedRows = 0
        firstUntimedRow = nil
        firstUnreadableTime = nil
        leftOutRows.removeAll()
        viewOfStrings.removeAll()
        isBodyUpdateType.removeAll()
        isSwiftUIModuleString.removeAll()
    }

    /// Adds the current table's counts kept by string to `otherUpdates` and `leftOutRows`, at its end.
    mutating func endTable() {
        countLastProcessBodies()
        if tableIsFiltered {
            otherFilteredUpdates.merge(otherUpdatesOfTable.drain(), uniquingKeysWith: +)
        } else {
            otherUpdates.merge(otherUpdatesOfTable.drain(), uniquingKeysWith: +)
        }
        if otherUpdateRowsOfTable > 0 { leftOutRows[XctraceImportSummary.Reason.notABodyUpdate, default: 0] += otherUpdateRowsOfTable }
        otherUpdateRowsOfTable = 0
    }

    /// The index of `view` in `views`, adding it if new.
    mutating func viewID(_ view: String) -> UInt32 {
        if let id = viewIDs[view] { return id }
        let id = UInt32(views.count)
        views.append(view)
        viewIDs[view] = id
        return id
    }

    /// Adds `other`'s rows (another run's tables, or tables that name no run).
    mutating func merge(_ other: XctraceRows) {
        let viewOfOther = other.views.map { viewID($0) }
        let first = bodies.count
        if bodies.isEmpty { bodies = other.bodies } else { bodies += other.bodies }
        if viewOfOther.enumerated().contains(where: { $0.element != UInt32($0.offset) }) {
            for index in first..<bodies.count { bodies[index].view = viewOfOther[Int(bodies[index].view)] }
        }
        otherUpdates.merge(other.otherUpdates, uniquingKeysWith: +)
        otherFilteredUpdates.merge(other.otherFilteredUpdates, uniquingKeysWith: +)
        edges += other.edges
        fullEdges += other.fullEdges
        groups += other.groups
        hitches += other.hitches
        links += other.links
        signposts += other.signposts
        processes.merge(other.processes) { ($0.name ?? $1.name, $0.bodies + $1.bodies) }
        isLegacy = isLegacy || other.isLegacy
    }

    /// A body row's view: `view-name` unless empty or `[unknown …`; else `description` without a
    /// trailing `.body`; else `<unknown>`.
    static func viewName(viewName: String?, description: String?) -> String {
        if let viewName, !viewName.isEmpty, !viewName.hasPrefix("[unknown") { return viewName }
        if let description, !description.isEmpty {
            return description.hasSuffix(".body") ? String(description.dropLast(5)) : description
        }
        return "<unknown>"
    }
}

// MARK: - Adding a row, by table kind

extension XctraceRows {
    /// Adds the current row of `reader`'s table, read by `table` (its columns, resolved when the
    /// table began).
    ///
    /// NB: a `swiftui-updates` row, the bulk of an export, is added here, a row of another kind
    /// out of line: inlined, the other kinds' columns cost every row loads and spills.
    mutating func add(_ reader: borrowing XctraceTableReader, _ table: XctraceTableColumns) {
        if case let .updates(columns, filtered) = table { addUpdate(reader, columns, filtered: filtered) } else { addRow(reader, of: table) }
    }

    /// Adds the current row of a table of any kind.
    @inline(never)
    private mutating func addRow(_ reader: borrowing XctraceTableReader, of table: XctraceTableColumns) {
        switch table {
        case let .updates(columns, filtered):
            addUpdate(reader, columns, filtered: filtered)
        case let .causes(columns, full):
            guard let edge = edge(reader, columns) else { return }
            if full { fullEdges.append(edge) } else { edges.append(edge) }
        case let .groups(columns):
            guard let start = time(reader, columns.start) else { return }
            groups.append(Group(
                start: start, duration: duration(reader, columns.duration),
                label: reader.text(in: columns.label), thread: reader.thread(reader[columns.thread]).tid ?? 0,
                process: process(reader, columns.process)))
        case let .hitches(columns):
            guard let start = time(reader, columns.start) else { return }
            hitches.append(Hitch(
                start: start, duration: duration(reader, columns.duration),
                isSystem: (reader.integer(in: columns.isSystem) ?? 0) != 0, narrative: reader.text(in: columns.narrative) ?? "",
                process: process(reader, columns.process)))
        case let .bodyIntervals(columns):
            addBodyInterval(reader, columns)
        case let .links(columns):
            addLink(reader, columns)
        case let .signpostIntervals(columns):
            guard let name = pointOfInterestName(reader, category: columns.category, name: columns.name),
                  let start = time(reader, columns.start) else { return }
            signposts.append(Signpost(
                schema: XctraceSchema.signpostIntervals, start: start, duration: intervalDuration(reader, columns.duration), name: name,
                process: process(reader, columns.process)))
        case let .signposts(columns):
            addSignpost(reader, columns)
        case let .pointsOfInterest(columns):
            guard let name = reader.text(in: columns.name) else {
                leftOutRows[XctraceImportSummary.Reason.noName, default: 0] += 1
                return
            }
            guard let start = time(reader, columns.time) else { return }
            signposts.append(Signpost(schema: XctraceSchema.pointsOfInterest, start: start, duration: nil, name: name, process: process(reader, columns.process)))
        }
    }

    /// Adds a `swiftui-updates` row: a body when its update type is `View Body Updates`, else a
    /// count of its update type.
    @inline(__always)
    private mutating func addUpdate(_ reader: borrowing XctraceTableReader, _ columns: XctraceSchema.UpdatesColumns, filtered: Bool) {
        let updateType = reader.stringKey(in: columns.updateType).map(UInt64.init)
        guard isBodyUpdateType.value(updateType, { reader.text(in: columns.updateType) == "View Body Updates" }) else {
            otherUpdatesOfTable.count(updateType) { reader.text(in: columns.updateType) ?? "" }
            otherUpdateRowsOfTable += 1
            // NB: the row's process is known (with no body row), so that an import finding no body names it.
            _ = process(reader, columns.process)
            return
        }
        guard let start = time(reader, columns.start) else { return }
        let pid = process(reader, columns.process)
        if pid != nil { lastProcessBodies += 1 }
        let viewKey = reader.stringKey(in: columns.viewName).flatMap { name in
            reader.stringKey(in: columns.description).map { UInt64(name) << 32 | UInt64($0) }
        }
        let view: UInt32
        if let known = viewOfStrings[viewKey] {
            view = known
        } else {
            view = viewID(Self.viewName(viewName: reader.text(in: columns.viewName), description: reader.text(in: columns.description)))
            viewOfStrings[viewKey] = view
        }
        let isSwiftUI = isSwiftUIModuleString.value(reader.stringKey(in: columns.module).map(UInt64.init)) {
            XctraceSchema.isSwiftUIModule(reader.text(in: columns.module))
        }
        bodies.append(Body(
            start: start, duration: duration(reader, columns.duration),
            thread: reader.thread(reader[columns.thread]).tid ?? 0, id: reader.integer(in: columns.id),
            isSwiftUIModule: isSwiftUI, view: view, process: pid, isFiltered: filtered))
    }

    /// A `swiftui-causes` (or `swiftui-full-causes`) row's edge.
    @inline(__always)
    private mutating func edge(_ reader: borrowing XctraceTableReader, _ columns: XctraceSchema.CausesColumns) -> Edge? {
        guard let time = time(reader, columns.timestamp) else { return nil }
        return Edge(
            time: time, sourceID: reader.integer(in: columns.sourceID),
            source: reader.label(reader[columns.source]) ?? reader.text(in: columns.source) ?? "",
            destinationID: reader.integer(in: columns.destinationID),
            destination: reader.label(reader[columns.destination]) ?? reader.text(in: columns.destination) ?? "",
            label: reader.text(in: columns.label) ?? "", valueType: reader.text(in: columns.valueType),
            changedProperties: reader.text(in: columns.changedProperties), process: process(reader, columns.process))
    }

    /// Adds a `swiftui-body-interval` row (legacy: no id, thread or process).
    @inline(__always)
    private mutating func addBodyInterval(_ reader: borrowing XctraceTableReader, _ columns: XctraceSchema.BodyIntervalsColumns) {
        isLegacy = true
        guard let start = time(reader, columns.start) else { return }
        bodies.append(Body(
            start: start, duration: duration(reader, columns.duration), thread: 0, id: nil,
            isSwiftUIModule: XctraceSchema.isSwiftUIModule(reader.text(in: columns.viewModule)),
            view: viewID(reader.text(in: columns.viewType) ?? "<unknown>"), process: nil, isLegacy: true))
    }

    /// Adds a `swiftui-link-event` row (legacy).
    @inline(__always)
    private mutating func addLink(_ reader: borrowing XctraceTableReader, _ columns: XctraceSchema.LinksColumns) {
        isLegacy = true
        let view = reader.text(in: columns.viewType) ?? "<unknown>", linkType = reader.text(in: columns.linkType) ?? ""
        let narrative = reader.text(in: columns.narrative)
        guard let time = time(reader, columns.time) else { return }
        links.append(Link(
            time: time, event: reader.text(in: columns.event) ?? "", view: view,
            isSwiftUIModule: XctraceSchema.isSwiftUIModule(reader.text(in: columns.viewModule)), linkType: linkType,
            isInitial: narrative?.contains("<initialState>") ?? false,
            printed: narrative.flatMap {
                XctraceLinkNarrative.values(of: $0, linkType: linkType, view: view, value: reader.text(in: columns.value))
            }))
    }

    /// Adds an `os-signpost` row of Points of Interest: a point, or the end of its name's window.
    ///
    /// NB: the `os-signpost` table holds a row per emit (`event-type` Begin, End or Event) where
    /// `OSSignpostIntervals` holds one per interval: an End closes `NAME`'s window (`NAME.end`).
    @inline(__always)
    private mutating func addSignpost(_ reader: borrowing XctraceTableReader, _ columns: XctraceSchema.SignpostsColumns) {
        guard let name = pointOfInterestName(reader, category: columns.category, name: columns.name),
              let start = time(reader, reader[columns.start].isEmpty ? columns.time : columns.start) else { return }
        let end = reader.text(in: columns.eventType) == "End"
        signposts.append(Signpost(
            schema: XctraceSchema.signposts, start: start,
            duration: intervalDuration(reader, columns.duration), name: end ? name + ".end" : name, process: process(reader, columns.process)))
    }

    /// The one reader of a time cell (a start, a timestamp): its whole number of ns, at most
    /// `XctraceMapping.latestTime`; 0 when the table has no such column; nil for anything else (a
    /// sentinel, an empty cell, text, a negative or fractional number, one later than tracer/1 can
    /// hold), the row then left out as `unreadableTime` and the first one's location kept.
    ///
    /// NB: never 0 for what could not be read: 0 would place the row at the recording's start.
    @inline(__always)
    private mutating func time(_ reader: borrowing XctraceTableReader, _ column: XctraceColumnSlot) -> UInt64? {
        let value = reader[column]
        if value.kind == .absent { return 0 }
        if let time = value.integer, time <= XctraceMapping.latestTime { return time }
        leftOutRows[XctraceImportSummary.Reason.unreadableTime, default: 0] += 1
        if firstUnreadableTime == nil { firstUnreadableTime = reader.location }
        return nil
    }

    /// The one reader of a duration cell: its whole number of ns, at most `durationLimit`; nil for
    /// anything else (a sentinel, an empty cell, a dangling reference, text, a negative, fractional
    /// or padded number, one over 2^64, or one longer than the run), the row counted in
    /// `untimedRows`. Never 0 for what could not be read.
    @inline(__always)
    private mutating func duration(_ reader: borrowing XctraceTableReader, _ column: XctraceColumnSlot) -> UInt64? {
        if let value = reader.integer(in: column), value <= durationLimit { return value }
        noteUntimedRow(reader)
        return nil
    }

    /// A signpost's duration: nil without a note for a point (no such column, or a sentinel),
    /// else as `duration(_:_:)` reads it.
    @inline(__always)
    private mutating func intervalDuration(_ reader: borrowing XctraceTableReader, _ column: XctraceColumnSlot) -> UInt64? {
        reader[column].isEmpty ? nil : duration(reader, column)
    }

    /// Counts the current row as one whose duration could not be read, keeping the first's location.
    @inline(never)
    private mutating func noteUntimedRow(_ reader: borrowing XctraceTableReader) {
        untimedRows += 1
        if firstUntimedRow == nil { firstUntimedRow = reader.location }
    }

    /// A signpost row's name when it is of Points of Interest; nil (the row counted as left out)
    /// for another category, or no name.
    ///
    /// NB: only Points of Interest mark user actions (a table without a category column was
    /// exported for them).
    @inline(__always)
    private mutating func pointOfInterestName(
        _ reader: borrowing XctraceTableReader, category: XctraceColumnSlot, name: XctraceColumnSlot
    ) -> String? {
        if case let category = reader[category], !category.isEmpty, reader.text(category) != "PointsOfInterest" {
            leftOutRows[XctraceImportSummary.Reason.notPointsOfInterest, default: 0] += 1
            return nil
        }
        guard let name = reader.text(in: name) else {
            leftOutRows[XctraceImportSummary.Reason.noName, default: 0] += 1
            return nil
        }
        return name
    }

    /// The pid of the process in `column`, its name noted when the process is new.
    @inline(__always)
    private mutating func process(_ reader: borrowing XctraceTableReader, _ column: XctraceColumnSlot) -> UInt64? {
        let cell = reader.process(reader[column])
        guard let pid = cell.pid else { return nil }
        if pid != lastProcess {
            countLastProcessBodies()
            if processes[pid] == nil { processes[pid] = (cell.name, 0) }
            lastProcess = pid
        }
        return pid
    }

    /// Adds the body rows counted for `lastProcess` to its entry.
    private mutating func countLastProcessBodies() {
        if let lastProcess, lastProcessBodies > 0 { processes[lastProcess]!.bodies += lastProcessBodies }
        lastProcessBodies = 0
    }
}

/// A row's cells as the mapping reads them.
private extension XctraceTableReader {
    /// The whole number in `column`, if it is one.
    @inline(__always)
    func integer(in column: XctraceColumnSlot) -> UInt64? { self[column].integer }

    /// The text in `column` (a string, a number in decimal, a typed-array's label); nil when empty.
    @inline(__always)
    func text(in column: XctraceColumnSlot) -> String? {
        let value = self[column]
        return value.isEmpty ? nil : text(value) ?? label(value)
    }

    /// A key for the text of `column`'s string or empty cell (the same key, the same text); nil
    /// for other cells.
    @inline(__always)
    func stringKey(in column: XctraceColumnSlot) -> UInt32? {
        let value = self[column]
        return value.isEmpty ? .max : stringIndex(value)
    }
}
