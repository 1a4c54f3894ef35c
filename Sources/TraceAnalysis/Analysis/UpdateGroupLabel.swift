/// The update groups of one label (an `update-group` event's `name`, Instruments' `label`:
/// `Transaction for onChange`, `(RootDisplayList DisplayList)`, …): how many, how many of them
/// have no `dur`, and the time of the others.
public struct UpdateGroupLabel: Sendable, Hashable {
    /// The label.
    public var name: String
    /// How many update groups have the label.
    public var count = 0
    /// Groups without a `dur`: counted, not timed.
    public var untimed = 0
    /// The total length of the timed groups, ns (saturating at `Int64.max`, as every total).
    public var totalNs: Int64 = 0

    /// No group of label `name` yet.
    public init(name: String) { self.name = name }

    /// Counts a group of `duration` ns, nil when it has no `dur`.
    mutating func add(_ duration: Int64?) {
        count += 1
        if let duration { totalNs = totalNs.addingSaturated(duration) } else { untimed += 1 }
    }

    /// Adds `other`'s groups (the same label, another range of the trace).
    mutating func add(_ other: UpdateGroupLabel) {
        count += other.count
        untimed += other.untimed
        totalNs = totalNs.addingSaturated(other.totalNs)
    }

    /// `labels` with the most time first (then the most groups, then by name).
    static func ranked(_ labels: some Sequence<UpdateGroupLabel>) -> [UpdateGroupLabel] {
        labels.sorted { ($1.totalNs, $1.count, $0.name) < ($0.totalNs, $0.count, $1.name) }
    }
}
