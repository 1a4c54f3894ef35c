import TracerCore

extension XctraceMapping {
    /// Adds an event per update group, numbered in start order; one without a duration keeps no `dur`.
    mutating func mapGroups(_ groups: UpdateGroups) {
        for (number, group) in groups.ordered.enumerated() {
            var event = TraceEvent(kind: .updateGroup)
            event.ts = group.start
            event.tid = tid(group.thread)
            event.group = UInt32(number + 1)
            if let duration = group.duration {
                event.dur = duration
                event.hasDuration = true
            } else {
                counts.untimedGroups += 1
            }
            append(event, key: group.start, rank: 0)
        }
        tally.importRows(XctraceSchema.groups, groups.ordered.count)
    }
}

/// The update groups of the chosen process, numbered 1, 2, … in start order, by thread.
struct UpdateGroups {
    let ordered: [XctraceRows.Group]
    /// Each thread's groups (number − 1), in start order.
    private var byThread: [UInt64: [Int]] = [:]

    init(_ groups: [XctraceRows.Group]) {
        ordered = groups.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        for (index, group) in ordered.enumerated() { byThread[group.thread, default: []].append(index) }
    }

    /// The number of the innermost group on `thread` whose interval holds `time` (the latest
    /// started of those; a group without a duration holds nothing); 0 for none.
    func number(holding time: UInt64, thread: UInt64) -> UInt32 {
        guard let groups = byThread[thread] else { return 0 }
        for index in groups.reversed() where ordered[index].start <= time {
            let group = ordered[index]
            if let duration = group.duration, time < XctraceMapping.end(group.start, duration) { return UInt32(index + 1) }
        }
        return 0
    }
}
