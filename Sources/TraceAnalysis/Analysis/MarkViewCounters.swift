/// Per-view counters of the events within each mark name's intervals, keyed by interned ids: what
/// `TraceAggregator` adds when `AnalysisOptions.markViews` asks for it (budgets with `mark` rules).
///
/// An interval runs from a mark to the next mark of any name; every interval of one name adds up.
/// Slot 0 holds the events before this range's first mark: outside any interval for the first
/// range, the continuation of the previous range's last interval for a later one.
struct MarkViewCounters {
    private struct Slot {
        /// The mark name's id.
        var name: SymbolID
        var tallies: [ViewTally] = []
    }

    /// Every slot; the one at `current` is checked out into `live` (and empty here) meanwhile.
    private var slots = [Slot(name: 0)]
    /// Slot index of each mark name id (0: none yet).
    private var slotOfName: [Int] = []
    private var current = 0
    /// Whether body times are kept too.
    private let bodyTimes: Bool
    /// The slot events go to now.
    /// NB: held outside `slots`, so that counting an event touches one array, not two nested ones.
    private var live = Slot(name: 0)

    init(bodyTimes: Bool) { self.bodyTimes = bodyTimes }

    /// Counts `event` in the interval it falls into; a mark starts the interval of its name.
    @inline(__always)
    mutating func add(_ event: ParsedEvent) {
        switch event.kind {
        case .mark?:
            let next = slot(of: event.name)
            if next != current {
                swap(&live, &slots[current])
                swap(&live, &slots[next])
                current = next
            }
            return
        case .bodyEval?, .skip?, .invalidate?, .write?:
            break
        default:
            return
        }
        let view = Int(event.view)
        guard view != 0 else { return }
        if view >= live.tallies.count { live.tallies += repeatElement(ViewTally(), count: view + 1 - live.tallies.count) }
        switch event.kind {
        case .bodyEval?:
            live.tallies[view].counters.bodyEvals += 1
            if event.has(.changed) && event.changed == 0 { live.tallies[view].counters.wastedEvals += 1 }
            if bodyTimes { live.tallies[view].durations.add(event.dur) }
        case .skip?: live.tallies[view].counters.skips += 1
        case .invalidate?: live.tallies[view].counters.invalidations += 1
        default: live.tallies[view].counters.writes += 1
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
        var slots = slots
        slots[current] = live
        // NB: each view's name is made once, however many intervals it appears in.
        var names: [String?] = Array(repeating: nil, count: slots.map(\.tallies.count).max() ?? 0)
        for (index, slot) in slots.enumerated() {
            var parts: [String: PartialAggregate.ViewPart] = [:]
            for (view, tally) in slot.tallies.enumerated() where tally.counters.hasEvents {
                if names[view] == nil { names[view] = reader.viewName(ViewID(view)) }
                parts[names[view]!] = PartialAggregate.ViewPart(tally: tally)
            }
            if index == 0 { partial.leadingMarkViews = parts } else { partial.markViews[reader.string(slot.name)] = parts }
        }
    }
}
