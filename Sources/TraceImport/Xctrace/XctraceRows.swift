/// The rows of an Instruments export that the import maps, gathered from every table read.
///
/// NB: only what the mapping uses is kept per row (times, ids, a body's view as an index into
/// `views`); the mapping needs them all at once (edges join evaluations by id, then by name and
/// time), so the import's memory grows with the SwiftUI rows, not with the export's bytes.
struct XctraceRows {
    /// A `swiftui-updates` row of update type `View Body Updates`, or a `swiftui-body-interval` row.
    ///
    /// NB: compact (whether `id` and `process` are there is kept in `flags`): a body row is the
    /// bulk of an import's memory.
    struct Body {
        var start: UInt64
        var duration: UInt64
        /// The thread's tid (0 for the legacy table, which has none).
        var thread: UInt64
        private var idValue: UInt64
        private var processValue: UInt64
        /// The view's index in `views`.
        var view: UInt32
        private var flags: UInt8

        private static let hasID: UInt8 = 1, hasProcess: UInt8 = 2, swiftUIModule: UInt8 = 4

        init(start: UInt64, duration: UInt64, thread: UInt64, id: UInt64?, isSwiftUIModule: Bool, view: UInt32, process: UInt64?) {
            self.start = start
            self.duration = duration
            self.thread = thread
            idValue = id ?? 0
            processValue = process ?? 0
            self.view = view
            flags = (id == nil ? 0 : Self.hasID) | (process == nil ? 0 : Self.hasProcess) | (isSwiftUIModule ? Self.swiftUIModule : 0)
        }

        /// The row's event id (`id`), if any.
        var id: UInt64? { flags & Self.hasID != 0 ? idValue : nil }
        var process: UInt64? { flags & Self.hasProcess != 0 ? processValue : nil }
        /// Whether the row's module is SwiftUI's own (`SwiftUI`, `SwiftUICore`).
        var isSwiftUIModule: Bool { flags & Self.swiftUIModule != 0 }
    }

    /// A `swiftui-causes` (or `swiftui-full-causes`) row: an edge of the cause graph.
    struct Edge {
        var time: UInt64
        var sourceID: UInt64?
        var source: String
        var destinationID: UInt64?
        var destination: String
        var label: String
        var process: UInt64?
    }

    /// A `swiftui-update-groups` row.
    struct Group {
        var start: UInt64
        var duration: UInt64
        var thread: UInt64
        var process: UInt64?
    }

    /// A `hitches` row.
    struct Hitch {
        var start: UInt64
        var duration: UInt64
        var isSystem: Bool
        var narrative: String
        var process: UInt64?
    }

    /// A `swiftui-link-event` row (legacy View Properties).
    struct Link {
        var time: UInt64
        var event: String
        var view: String
        var isSwiftUIModule: Bool
        var linkType: String
        /// Whether the narrative says the value was the first (`from <initialState>`).
        var isInitial: Bool
    }

    /// A signpost interval (`duration` set) or point of interest.
    struct Signpost {
        var start: UInt64
        var duration: UInt64?
        var name: String
        var process: UInt64?
    }

    var bodies: [Body] = []
    /// The views of `bodies`, each once.
    private(set) var views: [String] = []
    private var viewIDs: [String: UInt32] = [:]
    /// The current table's reader's strings, by string index (`stringKey`): the view of a body
    /// row's view-name and description, whether an update type is `View Body Updates`, whether a
    /// module is SwiftUI's own.
    private var viewOfStrings: [UInt64: UInt32] = [:]
    private var isBodyUpdateType: [UInt32: Bool] = [:]
    private var isSwiftUIModuleString: [UInt32: Bool] = [:]
    /// Rows of `swiftui-updates` that are not view bodies, by update type.
    var otherUpdates: [String: Int] = [:]
    var edges: [Edge] = []
    /// The edges of `swiftui-full-causes`, used only without `swiftui-causes`.
    var fullEdges: [Edge] = []
    var groups: [Group] = []
    var hitches: [Hitch] = []
    var links: [Link] = []
    var signposts: [Signpost] = []
    /// Each process (pid) seen in a row, with its name and how many body rows it has.
    var processes: [UInt64: (name: String?, bodies: Int)] = [:]
    /// Whether the legacy tables were read (no process column: every row is kept).
    var isLegacy = false
}

extension XctraceRows {
    /// Forgets what was learnt of a reader's strings, before the rows of a table (perhaps
    /// another reader's) are added.
    mutating func beginTable() {
        viewOfStrings.removeAll()
        isBodyUpdateType.removeAll()
        isSwiftUIModuleString.removeAll()
    }

    /// The index of `view` in `views`, adding it if new.
    mutating func viewID(_ view: String) -> UInt32 {
        if let id = viewIDs[view] { return id }
        let id = UInt32(views.count)
        views.append(view)
        viewIDs[view] = id
        return id
    }

    /// Adds the current row of `reader`'s table `schema`.
    mutating func add(_ reader: borrowing XctraceTableReader, schema: String) {
        func integer(_ slot: Int) -> UInt64? { reader[slot].integer }
        func text(_ slot: Int) -> String? {
            let value = reader[slot]
            return value.isEmpty ? nil : reader.text(value) ?? reader.label(value)
        }
        func process(_ slot: Int) -> UInt64? {
            let cell = reader.process(reader[slot])
            guard let pid = cell.pid else { return nil }
            if processes[pid] == nil { processes[pid] = (cell.name, 0) }
            return pid
        }
        /// A key for a string or empty cell's text (the same key, the same text); nil for other cells.
        func stringKey(_ slot: Int) -> UInt32? {
            let value = reader[slot]
            return value.isEmpty ? .max : reader.stringIndex(value)
        }
        /// `compute()`, cached in `cache` by `key` when there is one.
        func cached<Key, Value>(_ cache: inout [Key: Value], _ key: Key?, _ compute: () -> Value) -> Value {
            guard let key else { return compute() }
            if let known = cache[key] { return known }
            let value = compute()
            cache[key] = value
            return value
        }
        switch schema {
        case XctraceSchema.updates:
            guard cached(&isBodyUpdateType, stringKey(3), { text(3) == "View Body Updates" }) else {
                otherUpdates[text(3) ?? "", default: 0] += 1
                return
            }
            let pid = process(7)
            if let pid { processes[pid]!.bodies += 1 }
            let viewKey = stringKey(6).flatMap { name in stringKey(4).map { UInt64(name) << 32 | UInt64($0) } }
            let view: UInt32
            if let viewKey, let known = viewOfStrings[viewKey] {
                view = known
            } else {
                view = viewID(Self.viewName(viewName: text(6), description: text(4)))
                if let viewKey { viewOfStrings[viewKey] = view }
            }
            let isSwiftUI = cached(&isSwiftUIModuleString, stringKey(5)) { XctraceSchema.isSwiftUIModule(text(5)) }
            bodies.append(Body(
                start: integer(0) ?? 0, duration: integer(1) ?? 0, thread: reader.thread(reader[8]).tid ?? 0, id: integer(2),
                isSwiftUIModule: isSwiftUI, view: view, process: pid))
        case XctraceSchema.causes, XctraceSchema.fullCauses:
            let edge = Edge(
                time: integer(0) ?? 0, sourceID: integer(1), source: reader.label(reader[2]) ?? text(2) ?? "",
                destinationID: integer(3), destination: reader.label(reader[4]) ?? text(4) ?? "", label: text(5) ?? "",
                process: process(6))
            if schema == XctraceSchema.causes { edges.append(edge) } else { fullEdges.append(edge) }
        case XctraceSchema.groups:
            groups.append(Group(start: integer(0) ?? 0, duration: integer(1) ?? 0, thread: reader.thread(reader[3]).tid ?? 0, process: process(2)))
        case XctraceSchema.hitches:
            hitches.append(Hitch(
                start: integer(0) ?? 0, duration: integer(1) ?? 0, isSystem: (integer(3) ?? 0) != 0, narrative: text(4) ?? "",
                process: process(2)))
        case XctraceSchema.bodyIntervals:
            isLegacy = true
            bodies.append(Body(
                start: integer(0) ?? 0, duration: integer(1) ?? 0, thread: 0, id: nil,
                isSwiftUIModule: XctraceSchema.isSwiftUIModule(text(3)), view: viewID(text(2) ?? "<unknown>"), process: nil))
        case XctraceSchema.links:
            isLegacy = true
            links.append(Link(
                time: integer(0) ?? 0, event: text(1) ?? "", view: text(2) ?? "<unknown>",
                isSwiftUIModule: XctraceSchema.isSwiftUIModule(text(3)), linkType: text(4) ?? "",
                isInitial: text(5)?.contains("<initialState>") ?? false))
        case XctraceSchema.signpostIntervals, XctraceSchema.signposts:
            // NB: only Points of Interest mark user actions (a table without a category column
            // was exported for them).
            if case let category = reader[3], !category.isEmpty, reader.text(category) != "PointsOfInterest" { return }
            guard let name = text(2) else { return }
            // NB: the `os-signpost` table holds a row per emit (`event-type` Begin, End or Event)
            // where `OSSignpostIntervals` holds one per interval: an End closes `NAME`'s window.
            let end = text(6) == "End"
            signposts.append(Signpost(
                start: integer(0) ?? integer(5) ?? 0, duration: integer(1), name: end ? name + ".end" : name, process: process(4)))
        case XctraceSchema.pointsOfInterest:
            guard let name = text(1) else { return }
            signposts.append(Signpost(start: integer(0) ?? 0, duration: nil, name: name, process: process(2)))
        default:
            return
        }
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
