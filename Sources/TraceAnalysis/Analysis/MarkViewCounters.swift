/// Per-view counters of the events within each mark name's intervals, keyed by interned ids: what
/// `TraceAggregator` adds when `AnalysisOptions.markViews` asks for it (budgets with `mark` rules).
///
/// An interval runs from a mark to the next mark of any name; every interval of one name adds up.
/// Slot 0 holds the events before this range's first mark: outside any interval for the first
/// range, the continuation of the previous range's last interval for a later one.
struct MarkViewCounters {
    private struct Tally {
        var bodyEvals = 0
        var skips = 0
        var wastedEvals = 0
        var invalidations = 0
        var writes = 0
    }

    private struct Slot {
        /// The mark name's id.
        var name: SymbolID
        var tallies: [Tally] = []
        var durations: [DurationAccumulator] = []
    }

    private var slots = [Slot(name: 0)]
    /// Slot index of each mark name id (0: none yet).
    private var slotOfName: [Int] = []
    private var current = 0

    /// Counts `event` in the interval it falls into; a mark starts the interval of its name.
    @inline(__always)
    mutating func add(_ event: ParsedEvent) {
        switch event.kind {
        case .mark?:
            current = slot(of: event.name)
            return
        case .bodyEval?, .skip?, .invalidate?, .write?:
            break
        default:
            return
        }
        let view = Int(event.view)
        guard view != 0 else { return }
        if view >= slots[current].tallies.count {
            let missing = view + 1 - slots[current].tallies.count
            slots[current].tallies += repeatElement(Tally(), count: missing)
            slots[current].durations += repeatElement(DurationAccumulator(), count: missing)
        }
        switch event.kind {
        case .bodyEval?:
            slots[current].tallies[view].bodyEvals += 1
            if event.has(.changed) && event.changed == 0 { slots[current].tallies[view].wastedEvals += 1 }
            slots[current].durations[view].add(event.dur)
        case .skip?: slots[current].tallies[view].skips += 1
        case .invalidate?: slots[current].tallies[view].invalidations += 1
        default: slots[current].tallies[view].writes += 1
        }
    }

    private mutating func slot(of name: SymbolID) -> Int {
        let id = Int(name)
        if id >= slotOfName.count { slotOfName += repeatElement(0, count: id + 1 - slotOfName.count) }
        if slotOfName[id] == 0 {
            slots.append(Slot(name: name))
            slotOfName[id] = slots.count - 1
        }
        return slotOfName[id]
    }

    /// Stores the name-keyed figures in `partial` (`leadingMarkViews` and `markViews`).
    func store(in partial: inout PartialAggregate, _ reader: borrowing TraceReader) {
        for (index, slot) in slots.enumerated() {
            var parts: [String: PartialAggregate.ViewPart] = [:]
            for (view, tally) in slot.tallies.enumerated() where tally.bodyEvals + tally.skips + tally.invalidations + tally.writes > 0 {
                var stats = ViewStats(view: reader.viewName(ViewID(view)))
                stats.bodyEvals = tally.bodyEvals
                stats.skips = tally.skips
                stats.wastedEvals = tally.wastedEvals
                stats.invalidations = tally.invalidations
                stats.writes = tally.writes
                parts[stats.view] = PartialAggregate.ViewPart(stats: stats, durations: slot.durations[view])
            }
            if index == 0 { partial.leadingMarkViews = parts } else { partial.markViews[reader.string(slot.name)] = parts }
        }
    }
}
