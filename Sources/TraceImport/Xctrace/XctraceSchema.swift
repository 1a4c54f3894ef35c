/// The tables the import reads, and the columns it asks of each (the request's slots).
enum XctraceSchema {
    static let updates = "swiftui-updates"
    /// Filtered copies of `swiftui-updates` (three per run, one per Instruments lane): read only
    /// without `swiftui-updates` (see `XctraceRows.settleFilteredBodies`).
    static let filteredUpdates = "SwiftUIFilteredUpdates"
    static let causes = "swiftui-causes"
    static let fullCauses = "swiftui-full-causes"
    static let groups = "swiftui-update-groups"
    static let hitches = "hitches"
    static let bodyIntervals = "swiftui-body-interval"
    static let links = "swiftui-link-event"
    static let signpostIntervals = "OSSignpostIntervals"
    static let signposts = "os-signpost"
    static let pointsOfInterest = "PointsOfInterestEvents"

    /// The SwiftUI tables: an import needs rows of at least one.
    static let swiftUI = [updates, filteredUpdates, causes, fullCauses, groups, bodyIntervals, links]
    /// Every table the import reads, in the order `xctrace export` is asked for them.
    static let all = [
        updates, filteredUpdates, causes, fullCauses, groups, hitches, bodyIntervals, links, signpostIntervals, signposts, pointsOfInterest,
    ]

    /// Each table's kind: the columns it is asked for, and named as its rows are read by
    /// (`XctraceTableColumns`).
    static let kinds: [String: any XctraceColumnSet.Type] = [
        updates: UpdatesColumns.self,
        filteredUpdates: UpdatesColumns.self,
        causes: CausesColumns.self,
        fullCauses: CausesColumns.self,
        groups: GroupsColumns.self,
        hitches: HitchesColumns.self,
        bodyIntervals: BodyIntervalsColumns.self,
        links: LinksColumns.self,
        signpostIntervals: SignpostIntervalsColumns.self,
        signposts: SignpostsColumns.self,
        pointsOfInterest: PointsOfInterestColumns.self,
    ]

    /// What the import asks of each table: its kind's columns, by mnemonic (a column's place is
    /// its slot).
    static var request: XctraceRequest { XctraceRequest(values: kinds.mapValues { $0.request }) }

    /// Whether `module` is SwiftUI's own.
    static func isSwiftUIModule(_ module: String?) -> Bool { module == "SwiftUI" || module == "SwiftUICore" }
}

/// A table the import maps, with its columns resolved when its schema was read: what each of
/// its rows is read by (`XctraceRows.add`).
enum XctraceTableColumns {
    /// `swiftui-updates`, or `SwiftUIFilteredUpdates` when `filtered`.
    case updates(XctraceSchema.UpdatesColumns, filtered: Bool)
    /// `swiftui-causes`, or `swiftui-full-causes` when `full`.
    case causes(XctraceSchema.CausesColumns, full: Bool)
    case groups(XctraceSchema.GroupsColumns)
    case hitches(XctraceSchema.HitchesColumns)
    case bodyIntervals(XctraceSchema.BodyIntervalsColumns)
    case links(XctraceSchema.LinksColumns)
    case signpostIntervals(XctraceSchema.SignpostIntervalsColumns)
    case signposts(XctraceSchema.SignpostsColumns)
    case pointsOfInterest(XctraceSchema.PointsOfInterestColumns)

    /// The columns of `table`, nil when the import does not read its schema.
    init?(_ table: XctraceTable) {
        switch table.schema {
        case XctraceSchema.updates: self = .updates(.init(resolving: table), filtered: false)
        case XctraceSchema.filteredUpdates: self = .updates(.init(resolving: table), filtered: true)
        case XctraceSchema.causes: self = .causes(.init(resolving: table), full: false)
        case XctraceSchema.fullCauses: self = .causes(.init(resolving: table), full: true)
        case XctraceSchema.groups: self = .groups(.init(resolving: table))
        case XctraceSchema.hitches: self = .hitches(.init(resolving: table))
        case XctraceSchema.bodyIntervals: self = .bodyIntervals(.init(resolving: table))
        case XctraceSchema.links: self = .links(.init(resolving: table))
        case XctraceSchema.signpostIntervals: self = .signpostIntervals(.init(resolving: table))
        case XctraceSchema.signposts: self = .signposts(.init(resolving: table))
        case XctraceSchema.pointsOfInterest: self = .pointsOfInterest(.init(resolving: table))
        default: return nil
        }
    }
}

extension XctraceSchema {
    /// A `swiftui-updates` row's columns.
    struct UpdatesColumns: XctraceColumnSet {
        let start, duration, id, updateType, description, module, viewName, process, thread: XctraceColumnSlot

        init(_ column: inout XctraceColumnResolver) {
            (start, duration, id, updateType, description, module, viewName, process, thread) = (
                column("start"), column("duration"), column("id"), column("update-type"),
                column("description"), column("module"), column("view-name"), column("process"),
                column("thread")
            )
        }
    }

    /// A `swiftui-causes` (or `swiftui-full-causes`) row's columns.
    struct CausesColumns: XctraceColumnSet {
        let timestamp, sourceID, source, destinationID, destination, label, valueType, changedProperties, process: XctraceColumnSlot

        init(_ column: inout XctraceColumnResolver) {
            (timestamp, sourceID, source, destinationID, destination, label, valueType, changedProperties, process) = (
                column("timestamp"), column("source-node-event-id"), column("source-node"),
                column("destination-node-event-id"), column("destination-node"), column("label"),
                column("value-type"), column("changed-properties"), column("process")
            )
        }
    }

    /// A `swiftui-update-groups` row's columns.
    struct GroupsColumns: XctraceColumnSet {
        let start, duration, label, process, thread: XctraceColumnSlot

        init(_ column: inout XctraceColumnResolver) {
            (start, duration, label, process, thread) = (
                column("start"), column("duration"), column("label"), column("process"), column("thread")
            )
        }
    }

    /// A `hitches` row's columns.
    struct HitchesColumns: XctraceColumnSet {
        let start, duration, process, isSystem, narrative: XctraceColumnSlot

        init(_ column: inout XctraceColumnResolver) {
            (start, duration, process, isSystem, narrative) = (
                column("start"), column("duration"), column("process"), column("is-system"),
                column("narrative-description")
            )
        }
    }

    /// A `swiftui-body-interval` row's columns (legacy View Body).
    struct BodyIntervalsColumns: XctraceColumnSet {
        let start, duration, viewType, viewModule: XctraceColumnSlot

        init(_ column: inout XctraceColumnResolver) {
            (start, duration, viewType, viewModule) = (
                column("start"), column("duration"), column("view-type"), column("view-module")
            )
        }
    }

    /// A `swiftui-link-event` row's columns (legacy View Properties).
    struct LinksColumns: XctraceColumnSet {
        let time, event, viewType, viewModule, linkType, value, narrative: XctraceColumnSlot

        init(_ column: inout XctraceColumnResolver) {
            (time, event, viewType, viewModule, linkType, value, narrative) = (
                column("time"), column("event"), column("view-type"), column("view-module"),
                column("link-type"), column("value"), column("narrative")
            )
        }
    }

    /// An `OSSignpostIntervals` row's columns: one row per interval, so no `time` or `event-type`.
    struct SignpostIntervalsColumns: XctraceColumnSet {
        let start, duration, name, category, process: XctraceColumnSlot

        init(_ column: inout XctraceColumnResolver) {
            (start, duration, name, category, process) = (
                column("start"), column("duration"), column("name"), column("category"), column("process")
            )
        }
    }

    /// An `os-signpost` row's columns: one row per emit, of `event-type` Begin, End or Event.
    struct SignpostsColumns: XctraceColumnSet {
        let start, duration, name, category, process, time, eventType: XctraceColumnSlot

        init(_ column: inout XctraceColumnResolver) {
            (start, duration, name, category, process, time, eventType) = (
                column("start"), column("duration"), column("name"), column("category"), column("process"),
                column("time"), column("event-type")
            )
        }
    }

    /// A `PointsOfInterestEvents` row's columns.
    struct PointsOfInterestColumns: XctraceColumnSet {
        let time, name, process: XctraceColumnSlot

        init(_ column: inout XctraceColumnResolver) {
            (time, name, process) = (
                column("time"), column("name"), column("process")
            )
        }
    }
}
