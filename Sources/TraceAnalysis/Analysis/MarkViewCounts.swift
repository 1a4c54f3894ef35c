/// Per-view counters of the events within each mark name's intervals, keyed by interned ids: what
/// `TraceAggregator` adds when `AnalysisOptions.markViews` asks for it (budgets with `mark` rules).
///
/// An interval runs from a mark to the next mark of any name; every interval of one name adds up.
/// Slot 0 holds the events before this range's first mark: outside any interval for the first
/// range, the continuation of the previous range's last interval for a later one.
struct MarkViewCounts {
    private struct Slot {
        /// The mark name's id.
        var name: SymbolID
        var counters: [ViewCounts] = []
        /// Body times, when they are kept.
        var durations: DurationTable?
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
    private var live: Slot

    init(bodyTimes: Bool) {
        self.bodyTimes = bodyTimes
        live = Slot(name: 0, durations: bodyTimes ? DurationTable() : nil)
    }

    /// Counts `event` in the interval it falls into; a mark starts the interval of its name. A
    /// body evaluation `timed` (with a `dur`) has body time.
    ///
    /// NB: `inout`, though the event is only read, as in `TraceAggregator.add(_:)`: not copied.
    @inline(__always)
    mutating func add(_ event: inout ParsedEvent, timed: Bool) {
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
        if view >= live.counters.count { live.counters += repeatElement(ViewCounts(), count: view + 1 - live.counters.count) }
        switch event.kind {
        case .bodyEval?:
            live.counters[view].counts[.bodyEvals] += 1
            if event.has(.changed) && event.changed == 0 { live.counters[view].counts[.wastedEvals] += 1 }
            if timed { live.durations?.add(event.dur, for: view) }
        case .skip?: live.counters[view].counts[.skips] += 1
        case .invalidate?: live.counters[view].counts[.invalidations] += 1
        default: live.counters[view].counts[.writes] += 1
        }
    }

    private mutating func slot(of name: SymbolID) -> Int {
        let id = Int(name)
        if id >= slotOfName.count { slotOfName += repeatElement(0, count: id + 1 - slotOfName.count) }
        if slotOfName[id] == 0 {
            slots.append(Slot(name: name, durations: bodyTimes ? DurationTable() : nil))
            slotOfName[id] = slots.count - 1
        }
        return slotOfName[id]
    }

    /// Stores the name-keyed figures in `partial` (`leadingMarkViews` and `markViews`).
    func store(in partial: inout PartialAggregate, _ reader: borrowing TraceReader) {
        var slots = slots
        slots[current] = live
        // NB: each view's name is made once, however many intervals it appears in.
        var names: [String?] = Array(repeating: nil, count: slots.map(\.counters.count).max() ?? 0)
        for (index, slot) in slots.enumerated() {
            var parts: [String: PartialAggregate.ViewPart] = [:]
            for (view, counters) in slot.counters.enumerated() where counters.hasEvents {
                if names[view] == nil { names[view] = reader.viewName(ViewID(view)) }
                let durations = slot.durations?.accumulator(for: view) ?? DurationAccumulator()
                parts[names[view]!] = PartialAggregate.ViewPart(tally: ViewPartial(counters: counters, durations: durations))
            }
            if index == 0 { partial.leadingMarkViews = parts } else { partial.markViews[reader.string(slot.name)] = parts }
        }
    }
}
