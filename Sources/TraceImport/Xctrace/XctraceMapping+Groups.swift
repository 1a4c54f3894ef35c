import TracerCore

extension XctraceMapping {
    /// Adds an event per update group, numbered in start order, named by its label; one without a
    /// duration keeps no `dur`.
    mutating func mapGroups(_ ordered: [XctraceRows.Group], _ writer: inout ImportedTraceWriter) {
        for (number, group) in ordered.enumerated() {
            var event = TraceEvent(kind: .updateGroup)
            event.ts = group.start
            event.tid = tid(group.thread)
            event.group = UInt32(number + 1)
            if let label = group.label, !label.isEmpty { event.site = writer.intern(label) }
            if let duration = group.duration {
                event.dur = duration
                event.hasDuration = true
            } else {
                counts.untimedGroups += 1
            }
            append(event, key: group.start, rank: 0)
        }
        tally.importRows(XctraceSchema.groups, ordered.count)
    }
}

/// The update groups of the chosen process, numbered 1, 2, … in start order, by thread.
struct UpdateGroups {
    /// Each thread's groups, in start order.
    private var byThread: [UInt64: ThreadGroups] = [:]

    /// One thread's groups: their numbers − 1, starts, and how far the groups up to each reach.
    private struct ThreadGroups {
        var indices: [Int] = []
        var starts: [UInt64] = []
        /// Each group's end (0: no duration, so it holds nothing).
        var ends: [UInt64] = []
        /// The latest end of the groups up to each one (0 while none has a duration).
        var reach: [UInt64] = []

        /// Adds group number `index` + 1, which starts at `start` (no earlier than those here) and
        /// ends at `end` (0: no duration).
        mutating func append(_ index: Int, start: UInt64, end: UInt64) {
            indices.append(index)
            starts.append(start)
            ends.append(end)
            reach.append(max(end, reach.last ?? 0))
        }
    }

    /// `groups` in start order (on a tie, in the order given): group number n is the nth.
    static func ordered(_ groups: [XctraceRows.Group]) -> [XctraceRows.Group] {
        groups.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    }

    /// The look-up of the groups `ordered` (`ordered(_:)`).
    ///
    /// NB: it keeps only each thread's starts and reaches: the groups themselves go to
    /// `mapGroups` and are let go before the evaluations are made.
    init(ordered: [XctraceRows.Group]) {
        for (index, group) in ordered.enumerated() {
            let end = group.duration.map { XctraceMapping.end(group.start, $0) } ?? 0
            byThread[group.thread, default: ThreadGroups()].append(index, start: group.start, end: end)
        }
    }

    /// The number of the innermost group on `thread` whose interval holds `time` (the latest
    /// started of those; a group without a duration holds nothing); 0 for none.
    ///
    /// NB: the groups started by `time` are found by binary search, and the look back stops where
    /// no earlier group reaches past `time`: an export's evaluations are looked up in a few steps
    /// each, not one per group.
    func number(holding time: UInt64, thread: UInt64) -> UInt32 {
        guard let groups = byThread[thread] else { return 0 }
        var low = 0, high = groups.starts.count
        while low < high {
            let middle = (low + high) / 2
            if groups.starts[middle] <= time { low = middle + 1 } else { high = middle }
        }
        var position = low - 1
        while position >= 0 && groups.reach[position] > time {
            if time < groups.ends[position] { return UInt32(groups.indices[position] + 1) }
            position -= 1
        }
        return 0
    }
}
