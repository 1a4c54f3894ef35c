/// The tables the import reads, and the columns it asks of each (the request's slots).
enum XctraceSchema {
    static let updates = "swiftui-updates"
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
    static let swiftUI = [updates, causes, fullCauses, groups, bodyIntervals, links]
    /// Every table the import reads, in the order `xctrace export` is asked for them.
    static let all = [updates, causes, fullCauses, groups, hitches, bodyIntervals, links, signpostIntervals, signposts, pointsOfInterest]

    /// The columns read from each table, by mnemonic; a column's place is its slot.
    static let columns: [String: [String]] = [
        updates: ["start", "duration", "id", "update-type", "description", "module", "view-name", "process", "thread"],
        causes: ["timestamp", "source-node-event-id", "source-node", "destination-node-event-id", "destination-node", "label", "process"],
        fullCauses: ["timestamp", "source-node-event-id", "source-node", "destination-node-event-id", "destination-node", "label", "process"],
        groups: ["start", "duration", "process", "thread"],
        hitches: ["start", "duration", "process", "is-system", "narrative-description"],
        bodyIntervals: ["start", "duration", "view-type", "view-module"],
        links: ["time", "event", "view-type", "view-module", "link-type", "narrative"],
        signpostIntervals: ["start", "duration", "name", "category", "process"],
        signposts: ["start", "duration", "name", "category", "process", "time", "event-type"],
        pointsOfInterest: ["time", "name", "process"],
    ]

    static var request: XctraceRequest { XctraceRequest(values: columns) }

    /// Whether `module` is SwiftUI's own.
    static func isSwiftUIModule(_ module: String?) -> Bool { module == "SwiftUI" || module == "SwiftUICore" }
}
