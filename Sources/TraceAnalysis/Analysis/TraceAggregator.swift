import TracerCore
import TraceSupport

/// Folds the events of one reader into per-view counters, keyed by interned ids (the hot path).
///
/// NB: cause chains are followed to their root write through a `seq → root` table of the most
/// recent `seq`s, so memory does not grow with the trace and transactions that threads interleave
/// are followed alike. A write caused by another event (a `@State` write in `.onReceive`) takes
/// that event's root: the evaluations it leads to count for the write that started the chain.
struct TraceAggregator {
    /// A written property: view, name and wrapper (a property's site is the first one written).
    struct PropertyKey: FlatHashKey {
        var view: ViewID = 0
        var prop: SymbolID = 0
        var wrapper: SymbolID = 0

        var flatHash: UInt64 { Self.mixed((UInt64(view) << 32 | UInt64(prop)) ^ UInt64(wrapper) &* 0xC2B2_AE3D_27D4_EB4F) }
    }

    /// An evaluated view, the origin index of the write its evaluation goes back to, and the
    /// `InferenceOutcome` of the first inferred hop on the way (0: every link recorded).
    struct CauseKey: FlatHashKey {
        var view: ViewID = 0
        var origin: UInt32 = 0
        var inference: UInt8 = 0

        var flatHash: UInt64 { Self.mixed((UInt64(view) << 32 | UInt64(origin)) ^ UInt64(inference) << 56) }
    }

    /// A view and the inputs an `inputs-changed` evaluation of it says differed.
    struct InputsKey: FlatHashKey {
        var view: ViewID = 0
        var inputs: SymbolID = 0

        var flatHash: UInt64 { Self.mixed(UInt64(view) << 32 | UInt64(inputs)) }
    }

    /// The roots of the chain an event continues, each origin index + 1 (0: none).
    ///
    /// NB: two roots, so that inferred links never change a recorded figure: `recorded` follows
    /// recorded links alone (evaluations caused by writes, the cause graph's edges from writes,
    /// which budget rules read), `followed` inferred links too (the views' causes, each marked
    /// with `inference`, the first inferred hop's rule). A recorded root wins where both exist.
    struct ChainRoot: BitwiseCopyable {
        var recorded: Int32 = 0
        var followed: Int32 = 0
        var inference: UInt8 = 0
    }

    private let counters = DenseTable(filler: NarrowCounts())
    /// The views with counted events, in the order of their first one: how ties are broken.
    private var viewsInOrder: [Int32] = []
    /// The 2^32s that views' counts wrapped past (see `NarrowCounts`): none in practice.
    private var carriedCounts: [Int: CountVector] = [:]
    private let durations = DurationTable()
    /// The lengths of `update-group` events, as id 0.
    private let updateGroups = DurationTable()
    /// The `update-group` events by their `name`'s id (those with one).
    private var groupLabels: [SymbolID: UpdateGroupLabel] = [:]
    /// Origin index of each written property.
    private let originIndex = FlatHashTable<PropertyKey, Int32>()
    private var origins: [(property: PropertyKey, site: SymbolID, changes: SymbolID)] = []
    private var originWrites: [Int] = []
    /// Evaluations per (evaluated view, origin index).
    private let causes = BatchedCounts<CauseKey>()
    /// Evaluations per (view, inputs that differed), for those that name them.
    private let changedInputs = BatchedCounts<InputsKey>()
    /// Events per kind name id.
    private let kindCounts = DenseTable(count: 16, filler: 0)
    private var leading = EventCounts()
    private var marks: [(name: SymbolID, seq: Int64, ts: Int64, counters: EventCounts)] = []
    /// The counts of the interval events go to now: `leading`'s before the first mark, else the
    /// last mark's (stored there when the next mark starts, or by `partial`).
    private var interval = EventCounts()
    /// The chain roots of each recent `seq` that has one.
    private let roots = RecentSeqTable<ChainRoot>()
    /// The first `seq` of this range.
    private var firstSeq: Int64 = 0
    /// Events whose `cause` lies before this range's first `seq` (another range's event).
    private var crossingCauses = 0

    /// Per-view counters within mark intervals; nil (one branch per event) unless asked for.
    private var markViews: MarkViewCounts?
    #if TRACER_INTERNAL_CHECKS
    /// The fault `ReadHook.countsWastedOffByOne` puts in, when the aggregator is made on the
    /// reading task's thread (debug builds only: a release build never reads the hook here).
    private let countsWastedOffByOne = ReadHook.current?.countsWastedOffByOne ?? false
    #endif

    /// Whether cause chains are followed (see `TraceAnalyzer.AnalysisOptions.followsCauses`).
    private let followsCauses: Bool
    /// The cause graph's edges; nil (one branch per evaluation) unless asked for.
    private var edges: EdgeCounter?
    /// Whether each view's counts, body times and causes are kept (see
    /// `TraceAnalyzer.AnalysisOptions.viewStatistics`).
    ///
    /// NB: without them (`graph`), no per-view table is touched: a trace of a million views
    /// costs no per-view memory.
    private let viewStatistics: Bool

    /// An empty aggregate; `markViews` names the per-view figures also kept per mark interval,
    /// `causeGraph` whether the cause graph's edges are counted (cause chains are then followed),
    /// `viewStatistics` whether each view's figures are kept.
    init(
        markViews: TraceAnalyzer.MarkFigures = .none, followsCauses: Bool = true, causeGraph: Bool = false,
        viewStatistics: Bool = true
    ) {
        self.markViews = markViews == .none ? nil : MarkViewCounts(bodyTimes: markViews == .countsAndBodyTimes)
        self.followsCauses = followsCauses || causeGraph
        edges = causeGraph ? EdgeCounter() : nil
        self.viewStatistics = viewStatistics
    }

    /// Adds one event.
    ///
    /// NB: `inout`, though the event is only read: an event passed by value is copied (a call to
    /// `memcpy`) before every call.
    ///
    /// NB: one function, though long: it is the per-event hot path of every read, one `switch` on
    /// the kind per event with the event passed `inout` once; split by kind, each part would be
    /// another call taking the event again, with `root` and the interval passed between them.
    @inline(__always)
    mutating func add(_ event: inout ParsedEvent) {
        let kindIndex = Int(event.kindName)
        kindCounts.reserve(kindIndex)
        kindCounts[kindIndex] += 1
        if event.kind == .mark {
            storeInterval()
            marks.append((event.name, event.seq, event.ts, EventCounts()))
            interval = EventCounts()
        }
        if markViews != nil { markViews!.add(&event, timed: event.has(.dur)) }
        // NB: the meta header describes the trace; it is not one of its events.
        if event.kind != .meta { interval.events += 1 }
        let view = Int(event.view)
        if viewStatistics { counters.reserve(view) }
        if firstSeq == 0 && event.has(.seq) { firstSeq = event.seq }
        var root = ChainRoot()
        switch event.kind {
        case .write?:
            let origin = self.origin(event)
            originWrites[origin] += 1
            count(.writes, view)
            root = rootOf(event)
            if followsCauses {
                if root.recorded == 0 { root.recorded = Int32(origin + 1) }
                if root.followed == 0 { root.followed = Int32(origin + 1) }
            }
        case .invalidate?:
            count(.invalidations, view)
            root = rootOf(event)
        case .bodyEval?:
            count(.bodyEvals, view)
            // NB: every evaluation counts; only those with a `dur` have body time (an Instruments
            // update still in flight when recording stopped has none, nor has an evaluation of a
            // source without durations or of a normalised golden trace): never a time of 0 ns.
            if event.has(.dur) {
                interval.bodyTimeNs = interval.bodyTimeNs.addingSaturated(event.dur)
                if viewStatistics { durations.add(event.dur, for: view) }
            } else {
                interval.untimedEvals += 1
            }
            if event.has(.changed) && event.changed == 0 { count(.wastedEvals, view) }
            #if TRACER_INTERNAL_CHECKS
            if countsWastedOffByOne && event.has(.changed) && event.changed == 1 { count(.wastedEvals, view) }
            #endif
            root = rootOf(event)
            if viewStatistics {
                countCause(of: event.view, root)
                if event.inputs != 0 { changedInputs.increment(InputsKey(view: event.view, inputs: event.inputs)) }
            }
            edges?.add(event, root: root.recorded, isEvaluation: true)
        case .skip?:
            count(.skips, view)
            root = rootOf(event)
            edges?.add(event, root: root.recorded, isEvaluation: false)
        case .stateInit?:
            count(.stateInits, view)
            root = rootOf(event)
        case .hitch?:
            // NB: a hitch without a dur counts, but adds no time.
            if event.has(.dur) {
                if event.system { interval.systemHitches.add(event.dur) } else { interval.hitches.add(event.dur) }
            } else {
                if event.system { interval.systemHitches.addUntimed() } else { interval.hitches.addUntimed() }
            }
        case .updateGroup?:
            if event.has(.dur) { updateGroups.add(event.dur, for: 0) }
            if event.name != 0 { groupLabels[event.name, default: UpdateGroupLabel(name: "")].add(event.has(.dur) ? event.dur : nil) }
        default:
            root = rootOf(event)
        }
        if root.followed != 0 && event.has(.seq) { roots.store(root, for: event.seq) }
    }

    /// Counts an evaluation of `view` for its chain's root write: the recorded one (and the
    /// writer's evaluations caused by writes), else the one inferred links lead to, marked.
    @inline(__always)
    private mutating func countCause(of view: ViewID, _ root: ChainRoot) {
        if root.recorded > 0 {
            causes.increment(CauseKey(view: view, origin: UInt32(root.recorded - 1)))
            let writer = Int(origins[Int(root.recorded - 1)].property.view)
            if !counters[writer].increment(.evalsCausedByWrites) { carry(.evalsCausedByWrites, writer) }
        } else if root.followed > 0 {
            causes.increment(CauseKey(view: view, origin: UInt32(root.followed - 1), inference: root.inference))
        }
    }

    /// Counts one event of `metric` for `view` and for the running interval.
    @inline(__always)
    private mutating func count(_ metric: CountedMetric, _ view: Int) {
        if viewStatistics {
            // NB: a count back at 0 after 2^32 events has a carry: the view is not new.
            if counters[view].isZero && carriedCounts[view] == nil { viewsInOrder.append(Int32(view)) }
            if !counters[view].increment(metric) { carry(metric, view) }
        }
        interval.counts[metric] += 1
    }

    /// Notes that `view`'s count of `metric` wrapped past 2^32.
    @inline(never)
    private mutating func carry(_ metric: CountedMetric, _ view: Int) { carriedCounts[view, default: CountVector()][metric] += 1 << 32 }

    /// Stores the running interval's counts in `leading` or the last mark's.
    private mutating func storeInterval() {
        if marks.isEmpty { leading = interval } else { marks[marks.count - 1].counters = interval }
    }

    @inline(__always)
    private mutating func origin(_ event: ParsedEvent) -> Int {
        let property = PropertyKey(view: event.view, prop: event.prop, wrapper: event.wrapper)
        // NB: a property is identified by view, name and wrapper; its site is the first one written
        // (a declaration has one site), which keeps the cause table small.
        return Int(originIndex.value(for: property) {
            origins.append((property, event.site, event.changes))
            originWrites.append(0)
            return Int32(origins.count - 1)
        })
    }

    /// The roots of the chain `event` continues (none when it has no cause or it is not known).
    ///
    /// NB: an inferred cause (`CauseInference`) is followed for `followed` alone, its rule kept
    /// unless an earlier hop's was: recorded figures read every trace as they did before the
    /// analysis inferred.
    @inline(__always)
    private mutating func rootOf(_ event: ParsedEvent) -> ChainRoot {
        guard followsCauses && event.has(.cause) else { return ChainRoot() }
        guard var root = roots.value(for: event.cause) else {
            if event.cause < firstSeq { crossingCauses += 1 }
            return ChainRoot()
        }
        if event.hasInferredCause {
            root.recorded = 0
            if root.inference == 0 { root.inference = event.inference }
        }
        return root
    }

    /// The views with events, in the order of their first event and by name, with their writes
    /// and causes by origin index.
    private func views(_ reader: borrowing TraceReader) -> PartialAggregate.ViewParts {
        // NB: the views' counts and body times stay in this aggregator's tables, handed over as
        // they are: the aggregator is done with them.
        var views = PartialAggregate.ViewParts(
            tallies: PartialAggregate.RangeTables(counters: counters, carried: carriedCounts, durations: durations),
            capacity: counters.count)
        // NB: the index in `views` of each view id with events (-1: none), so that adding an
        // origin's count updates the part in place.
        var indexOfView = [Int32](repeating: -1, count: counters.count)
        // NB: every view with a count, even one without events of its own here (`hasEvents`): the
        // summary leaves such views out once ranges are merged, so that a view's place and counts
        // are the same however the trace is split.
        for view in viewsInOrder.lazy.map(Int.init) where view != 0 {
            indexOfView[view] = Int32(views.append(reader.viewName(ViewID(view)), id: view))
        }
        for (index, origin) in origins.enumerated() where indexOfView[Int(origin.property.view)] >= 0 {
            views.addWrites(originWrites[index], from: index, at: Int(indexOfView[Int(origin.property.view)]))
        }
        causes.forEach { key, count in
            guard indexOfView[Int(key.view)] >= 0 else { return }
            views.addCauses(count, from: Int(key.origin), inference: key.inference, at: Int(indexOfView[Int(key.view)]))
        }
        changedInputs.forEach { key, count in
            guard indexOfView[Int(key.view)] >= 0 else { return }
            views.addInputs(count, names: reader.string(key.inputs), at: Int(indexOfView[Int(key.view)]))
        }
        views.sortByName()
        return views
    }

    /// The name-keyed aggregate, resolving ids with `reader`.
    mutating func partial(_ reader: borrowing TraceReader) -> PartialAggregate {
        var partial = PartialAggregate(reading: RangeReading(reader, crossingCauses: crossingCauses))
        partial.keptDiagnostics = reader.options.keptDiagnostics
        partial.invalidLines = reader.invalidLines
        partial.connections = reader.connections
        partial.selectedConnection = reader.options.connection
        partial.filteredEventCount = reader.filteredEventCount
        storeInterval()
        partial.leading = leading
        partial.updateGroups = updateGroups.accumulator(for: 0)
        for (id, label) in groupLabels {
            let name = reader.string(id)
            partial.updateGroupLabels[name, default: UpdateGroupLabel(name: name)].add(label)
        }
        partial.marks = marks.map { MarkInterval(name: reader.string($0.name), seq: $0.seq, ts: $0.ts, counters: $0.counters) }
        for kind in 0..<kindCounts.count where kindCounts[kind] > 0 {
            let count = kindCounts[kind]
            partial.kindCounts[reader.string(SymbolID(kind)), default: 0] += count
        }
        // NB: origin `i` here is the partial's origin `i`.
        partial.origins = origins.map {
            WriteOrigin(
                view: reader.viewName($0.property.view), prop: reader.string($0.property.prop),
                wrapper: reader.string($0.property.wrapper), site: reader.string($0.site), changes: reader.string($0.changes))
        }
        if viewStatistics { partial.views = views(reader) }
        markViews?.store(in: &partial, reader)
        if let edges {
            let graph = edges.edges(origins: partial.origins) { reader.viewName($0) }
            partial.edges = graph.edges
            partial.edgeSources = graph.sources
            partial.edgeAppearances = edges.count
        }
        return partial
    }
}
