import Tracer

/// Folds the events of one reader into per-view counters, keyed by interned ids (the hot path).
///
/// NB: cause chains are followed to their root write through a `seq → root` table of the most
/// recent `seq`s, so memory does not grow with the trace and transactions that threads interleave
/// are followed alike. A write caused by another event (a `@State` write in `.onReceive`) takes
/// that event's root: the evaluations it leads to count for the write that started the chain.
struct TraceAggregator {
    private struct OriginKey {
        var view: ViewID
        var prop: SymbolID
        var wrapper: SymbolID
        var site: SymbolID
    }

    private var viewCounters: [ViewCounters] = [ViewCounters()]
    private var durations: [DurationAccumulator] = [DurationAccumulator()]
    private var originIndex = PairKeyTable()
    private var origins: [OriginKey] = []
    private var originWrites: [Int] = []
    /// (evaluated view, origin index) → evaluations.
    private var causes = PairKeyTable()
    private var kindCounts: [Int] = []
    private var leading = EventCounters()
    private var marks: [(name: SymbolID, seq: Int64, ts: Int64, counters: EventCounters)] = []
    /// Root origin index + 1 of each recent `seq` that has one.
    private let roots = RecentSeqTable<Int32>()
    /// The first `seq` of this range.
    private var firstSeq: Int64 = 0
    /// Events whose `cause` lies before this range's first `seq` (another range's event).
    private var crossingCauses = 0

    /// Per-view counters within mark intervals; nil (one branch per event) unless asked for.
    private var markViews: MarkViewCounters?

    /// An empty aggregate; `markViews` names the per-view figures also kept per mark interval.
    init(markViews: TraceAnalyzer.MarkFigures = .none) {
        self.markViews = markViews == .none ? nil : MarkViewCounters(bodyTimes: markViews == .countsAndBodyTimes)
    }

    /// Adds one event.
    @inline(__always)
    mutating func add(_ event: ParsedEvent) {
        let kindIndex = Int(event.kindName)
        if kindIndex >= kindCounts.count { kindCounts += repeatElement(0, count: kindIndex + 1 - kindCounts.count) }
        kindCounts[kindIndex] += 1
        if event.kind == .mark { marks.append((event.name, event.seq, event.ts, EventCounters())) }
        if markViews != nil { markViews!.add(event) }
        var counters = EventCounters()
        // NB: the meta header describes the trace; it is not one of its events.
        counters.events = event.kind == .meta ? 0 : 1
        let view = Int(event.view)
        if view >= viewCounters.count {
            viewCounters += repeatElement(ViewCounters(), count: view + 1 - viewCounters.count)
            durations += repeatElement(DurationAccumulator(), count: view + 1 - durations.count)
        }
        if firstSeq == 0 && event.has(.seq) { firstSeq = event.seq }
        var root: Int32 = 0
        switch event.kind {
        case .write?:
            let origin = self.origin(event)
            originWrites[origin] += 1
            viewCounters[view].writes += 1
            counters.writes = 1
            root = rootOf(event)
            if root == 0 { root = Int32(origin + 1) }
        case .invalidate?:
            viewCounters[view].invalidations += 1
            counters.invalidations = 1
            root = rootOf(event)
        case .bodyEval?:
            viewCounters[view].bodyEvals += 1
            counters.bodyEvals = 1
            counters.bodyTimeNs = event.dur
            durations[view].add(event.dur)
            if event.has(.changed) && event.changed == 0 {
                viewCounters[view].wastedEvals += 1
                counters.wastedEvals = 1
            }
            root = rootOf(event)
            if root > 0 {
                causes.add(UInt64(view), UInt64(root - 1), 1)
                viewCounters[Int(origins[Int(root - 1)].view)].evalsCausedByWrites += 1
            }
        case .skip?:
            viewCounters[view].skips += 1
            counters.skips = 1
            root = rootOf(event)
        default:
            root = rootOf(event)
        }
        if root != 0 && event.has(.seq) { roots.store(root, for: event.seq) }
        if marks.isEmpty { leading.add(counters) } else { marks[marks.count - 1].counters.add(counters) }
    }

    @inline(__always)
    private mutating func origin(_ event: ParsedEvent) -> Int {
        let key = OriginKey(view: event.view, prop: event.prop, wrapper: event.wrapper, site: event.site)
        // NB: a property is identified by view, name and wrapper; its site is the first one written
        // (a declaration has one site), which keeps the cause table small.
        return originIndex.value(UInt64(key.view) << 32 | UInt64(key.prop), UInt64(key.wrapper)) {
            origins.append(key)
            originWrites.append(0)
            return origins.count - 1
        }
    }

    /// The root of the chain `event` continues (origin index + 1), or 0 when it has none.
    @inline(__always)
    private mutating func rootOf(_ event: ParsedEvent) -> Int32 {
        guard event.has(.cause) else { return 0 }
        if let root = roots.value(for: event.cause) { return root }
        if event.cause < firstSeq { crossingCauses += 1 }
        return 0
    }

    /// The name-keyed aggregate, resolving ids with `reader`.
    func partial(_ reader: borrowing TraceReader) -> PartialAggregate {
        var partial = PartialAggregate(file: reader.displayName)
        partial.header = reader.header
        partial.keptDiagnostics = reader.options.keptDiagnostics
        partial.warnings = reader.warnings
        partial.invalidLineCount = reader.invalidLineCount
        partial.invalidLines = reader.invalidLines
        partial.lineCount = reader.lineCount
        partial.crossingCauses = crossingCauses
        partial.leading = leading
        partial.marks = marks.map { MarkInterval(name: reader.string($0.name), seq: $0.seq, ts: $0.ts, counters: $0.counters) }
        for (kind, count) in kindCounts.enumerated() where count > 0 {
            partial.kindCounts[reader.string(SymbolID(kind)), default: 0] += count
        }
        // NB: origin `i` here is the partial's origin `i`.
        partial.origins = origins.map {
            WriteOrigin(view: reader.viewName($0.view), prop: reader.string($0.prop), wrapper: reader.string($0.wrapper), site: reader.string($0.site))
        }
        var parts: [Int: PartialAggregate.ViewPart] = [:]
        for (view, counters) in viewCounters.enumerated().dropFirst() where counters.hasEvents {
            parts[view] = PartialAggregate.ViewPart(
                stats: counters.stats(view: reader.viewName(ViewID(view))), durations: durations[view])
        }
        for (index, origin) in origins.enumerated() {
            parts[Int(origin.view)]?.writes[index, default: 0] += originWrites[index]
        }
        causes.forEach { view, origin, count in
            parts[Int(view)]?.causes[Int(origin), default: 0] += count
        }
        for part in parts.values { partial.views[part.stats.view] = part }
        markViews?.store(in: &partial, reader)
        return partial
    }
}
