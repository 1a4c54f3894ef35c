import TracerCore
import TraceSupport

/// Gathers, in one pass over a trace (or one range of it), the counts `tracectl advise` turns
/// into findings.
///
/// NB: like `TraceAggregator`, cause chains are followed through a table of the most recent
/// `seq`s, so memory grows with the distinct views and properties, never with the trace. A write
/// caused by another event takes that event's root write: in `view-storage`, the `@State` flag set
/// in `.onReceive` counts for the `@ViewStorage` offset write that delivered the value.
struct AdviceCollector {
    /// What is remembered of a recent event, by `seq`.
    private struct Link {
        /// Root origin index + 1 (0: no root write).
        var origin: Int32 = 0
        var view: ViewID = 0
        /// The root write's `seq`.
        var rootSeq: Int64 = 0
        /// On a root write: its first evaluation's `changed` (clamped) + 1; 0 until evaluated.
        var ownerChanged: Int32 = 0
        /// The event's kind's raw value + 1 (0: a kind this reader does not know).
        var kind: UInt8 = 0

        /// Whether the event was of `kind`.
        func `is`(_ kind: EventKind) -> Bool { self.kind == kind.rawValue + 1 }
    }

    /// The last `@ObservedObject` made again for a mounted view, whose evaluation comes next.
    private struct Recreation {
        var view: ViewID = 0
        /// The `cause` the object's `state-init` and the view's evaluation share (0: none).
        var cause: Int64 = 0
        var group = 0
    }

    /// Evaluations of one view of one class that one origin's chains led to.
    private struct ViewEvaluationCounts {
        var view: ViewID
        /// The view whose evaluation caused them (0 when none).
        var parent: ViewID
        var origin: Int
        var evaluations: AdvicePartial.ViewEvaluations
        var count = EvalCounts()
    }

    /// An evaluated view, the view whose evaluation caused it (0 when none) and the origin index
    /// of the write its evaluation goes back to.
    private struct ViewEvaluationKey: FlatHashKey {
        var view: ViewID = 0
        var parent: ViewID = 0
        var origin: UInt32 = 0

        var flatHash: UInt64 { Self.mixed((UInt64(view) << 32 | UInt64(origin)) ^ UInt64(parent) &* 0xC2B2_AE3D_27D4_EB4F) }
    }

    /// A view's state property, as `state-init` names it.
    private struct StateKey: Hashable {
        var view: ViewID
        var prop: SymbolID
        var wrapper: SymbolID
        var site: SymbolID
    }

    /// Ids of the names the patterns compare with, interned before the pass.
    private let names: AdviceNames
    private let links = RecentSeqTable<Link>()
    private let originIndex = FlatHashTable<TraceAggregator.PropertyKey, Int32>()
    private var origins: [(property: TraceAggregator.PropertyKey, site: SymbolID)] = []
    private var writeTallies: [WriteCounts] = []
    /// Wasted child evaluations (pattern 2), unchanged observing evaluations (pattern 5) and
    /// evaluations rebuilding extractable content (pattern 6), by (evaluated view, parent, origin
    /// index): an index into `viewTallies`.
    private let wastedIndex = FlatHashTable<ViewEvaluationKey, Int32>()
    private let observedIndex = FlatHashTable<ViewEvaluationKey, Int32>()
    private let extractableIndex = FlatHashTable<ViewEvaluationKey, Int32>()
    /// Every observing evaluation (the counts-only form of pattern 5), by the same key.
    private let observedAnyIndex = FlatHashTable<ViewEvaluationKey, Int32>()
    private var viewTallies: [ViewEvaluationCounts] = []
    /// State-inits by (view, property, wrapper, site): an index into `stateTallies`.
    private var stateIndex: [StateKey: Int] = [:]
    private var stateKeys: [StateKey] = []
    private var stateTallies: [StateInitCounts] = []
    /// Per view id: `unmounted` (1) and `observedBefore` (2).
    private let viewFlags = DenseTable(filler: UInt8(0))
    private var recreation = Recreation()
    /// The first `seq` of this range.
    private var firstSeq: Int64 = 0
    /// Events whose `cause` lies before this range's first `seq` (another range's event).
    private var crossingCauses = 0
    /// Body evaluations without a `dur`.
    private var untimedEvals = 0

    /// A collector for `reader`'s trace (interns the names it compares with).
    init(_ reader: inout TraceReader) {
        names = AdviceNames(&reader)
    }

    /// How many entries the tables hold: origins, view tallies, state tallies.
    var tableSizes: [Int] { [origins.count, viewTallies.count, stateTallies.count] }

    /// Adds one event.
    @inline(__always)
    mutating func add(_ event: inout ParsedEvent) {
        if firstSeq == 0 && event.has(.seq) { firstSeq = event.seq }
        var link = Link(view: event.view, kind: event.kind.map { $0.rawValue + 1 } ?? 0)
        let cause = event.has(.cause) ? links.value(for: event.cause) : nil
        if let cause, cause.origin != 0 {
            link.origin = cause.origin
            link.rootSeq = cause.rootSeq
        } else if cause == nil && event.has(.cause) && event.cause < firstSeq {
            crossingCauses += 1
        }
        switch event.kind {
        case .write?:
            if link.origin == 0 {
                let origin = self.origin(event)
                writeTallies[origin].rootWrites += 1
                link.origin = Int32(origin + 1)
                link.rootSeq = event.seq
            }
        case .bodyEval?:
            addEvaluation(&event, cause: cause, origin: Int(link.origin) - 1, rootSeq: link.rootSeq)
        case .stateInit?:
            addStateInit(&event, causedByMount: cause?.is(.mount) == true)
        case .unmount?:
            viewFlags.reserve(Int(event.view))
            viewFlags[Int(event.view)] |= 1
        default:
            break
        }
        if event.has(.seq) { links.store(link, for: event.seq) }
    }

    @inline(__always)
    private mutating func addEvaluation(_ event: inout ParsedEvent, cause: Link?, origin: Int, rootSeq: Int64) {
        let timed = event.has(.dur) ? 1 : 0
        untimedEvals += 1 - timed
        if recreation.view != 0 {
            let forced = recreation.view == event.view && recreation.cause == (event.has(.cause) ? event.cause : 0)
            let group = recreation.group
            recreation = Recreation()
            if forced {
                // NB: the evaluation a new object forced is the inline view model's cost, not a
                // narrower-input one.
                stateTallies[group].forced.add(EvalCounts(evals: 1, timedEvals: timed, bodyTimeNs: event.dur))
                return
            }
        }
        guard origin >= 0 else { return }
        // NB: the first evaluation of a root write's chain is its owner's; how much that output
        // changed classes the whole update (a derived value would still redraw the ones that
        // changed more than the least-changing update).
        var changedClass = WriteCounts.classCount - 1
        if var root = links.value(for: rootSeq) {
            if root.ownerChanged == 0 {
                let changed = event.has(.changed) ? Int(min(max(event.changed, 0), Int64(changedClass))) : changedClass
                root.ownerChanged = Int32(changed + 1)
                links.store(root, for: rootSeq)
                writeTallies[origin].updates[changed] += 1
            }
            changedClass = Int(root.ownerChanged) - 1
        }
        writeTallies[origin].evals[changedClass] += 1
        writeTallies[origin].timedEvals[changedClass] += timed
        writeTallies[origin].bodyTimeNs[changedClass] = writeTallies[origin].bodyTimeNs[changedClass].addingSaturated(event.dur)
        if event.extractable > 0 && event.built > 0 {
            // NB: the body's time is charged to the values it built in equal shares; `extractable`
            // beyond `built` (which the schema rules out: `validate` reports it) counts as `built`.
            let extractable = EvalCounts(evals: 1, timedEvals: timed, viewValues: Int(min(event.extractable, event.built)))
            let slot = count(event.view, .extractable, extractable, origin: origin, parent: 0, in: extractableIndex)
            viewTallies[slot].count.shares.add(extractable: event.extractable, built: event.built, dur: event.dur)
        }
        if event.reason == names.observed {
            count(event.view, .observedAny, EvalCounts(evals: 1, timedEvals: timed, bodyTimeNs: event.dur), origin: origin, parent: 0, in: observedAnyIndex)
        }
        guard event.has(.changed) && event.changed == 0, let cause else { return }
        let unchanged = EvalCounts(evals: 1, timedEvals: timed, bodyTimeNs: event.dur)
        if cause.is(.bodyEval) && event.reason == names.inputsChanged {
            count(event.view, .wasted, unchanged, origin: origin, parent: cause.view, in: wastedIndex)
        } else if event.reason == names.observed && origins[origin].property.wrapper == names.published {
            count(event.view, .observed, unchanged, origin: origin, parent: 0, in: observedIndex)
        }
    }

    /// Adds `counts` to the tally of `view`'s `evaluations` after `parent`'s, for `origin`; returns its index.
    @discardableResult
    private mutating func count(
        _ view: ViewID, _ evaluations: AdvicePartial.ViewEvaluations, _ counts: EvalCounts, origin: Int, parent: ViewID,
        in index: FlatHashTable<ViewEvaluationKey, Int32>
    ) -> Int {
        // NB: the parent is part of the key: a view evaluated after several parents' evaluations
        // counts for each of them, wherever a split of the trace puts its first evaluation.
        let slot = Int(index.value(for: ViewEvaluationKey(view: view, parent: parent, origin: UInt32(origin))) {
            viewTallies.append(ViewEvaluationCounts(view: view, parent: parent, origin: origin, evaluations: evaluations))
            return Int32(viewTallies.count - 1)
        })
        viewTallies[slot].count.add(counts)
        return slot
    }

    private mutating func addStateInit(_ event: inout ParsedEvent, causedByMount: Bool) {
        let view = Int(event.view)
        viewFlags.reserve(view)
        let key = StateKey(view: event.view, prop: event.prop, wrapper: event.wrapper, site: event.site)
        let group = stateIndex[key] ?? {
            stateKeys.append(key)
            stateTallies.append(StateInitCounts())
            stateIndex[key] = stateTallies.count - 1
            return stateTallies.count - 1
        }()
        stateTallies[group].inits += 1
        if event.wrapper == names.observedObject {
            if viewFlags[view] & 2 != 0 { stateTallies[group].repeatInits += 1 } else { stateTallies[group].firstInRange += 1 }
            viewFlags[view] |= 2
            // NB: an object made for a view that is already mounted comes from its parent's body
            // (or a lazy container's row content) running again.
            if !causedByMount {
                stateTallies[group].mountedRecreations += 1
                recreation = Recreation(view: event.view, cause: event.has(.cause) ? event.cause : 0, group: group)
            }
        } else if names.ownedState.contains(event.wrapper) {
            if viewFlags[view] & 1 != 0 {
                stateTallies[group].initsAfterUnmount += 1
            } else {
                stateTallies[group].initsBeforeRangeUnmount += 1
            }
        }
    }

    /// The origin index of the property `event` writes, added when new.
    private mutating func origin(_ event: borrowing ParsedEvent) -> Int {
        let property = TraceAggregator.PropertyKey(view: event.view, prop: event.prop, wrapper: event.wrapper)
        let site = event.site
        return Int(originIndex.value(for: property) {
            origins.append((property, site))
            writeTallies.append(WriteCounts())
            return Int32(origins.count - 1)
        })
    }

    /// The name-keyed figures of this range, resolving ids with `reader`.
    ///
    /// NB: a row's `[id]` segments are written `[*]`, so the rows of one `ForEach` make one
    /// finding with their counts summed; what a later range needs to know of each path (was it
    /// unmounted, did it have an `ObservedObject`) is kept by full path.
    func partial(_ reader: borrowing TraceReader) -> AdvicePartial {
        var partial = AdvicePartial(reading: RangeReading(reader, crossingCauses: crossingCauses))
        partial.endsInsidePairing = recreation.view != 0
        partial.untimedEvals = untimedEvals
        let origins = self.origins.map {
            WriteOrigin.Property(
                view: ViewPathPattern.collapsingIdentities(reader.viewName($0.property.view)), prop: reader.string($0.property.prop),
                wrapper: reader.string($0.property.wrapper))
        }
        // NB: origins are in the order of their first writes, so a property's site is its first.
        for (index, origin) in origins.enumerated() {
            partial.writes[origin, default: WriteCounts()].add(writeTallies[index])
            if partial.sites[origin] == nil {
                partial.sites[origin] = reader.string(self.origins[index].site)
                partial.firstWrites[origin] = partial.firstWrites.count
            }
        }
        for tally in viewTallies {
            let key = AdvicePartial.ViewKey(
                origin: origins[tally.origin], view: ViewPathPattern.collapsingIdentities(reader.viewName(tally.view)),
                parent: tally.parent == 0 ? "" : ViewPathPattern.collapsingIdentities(reader.viewName(tally.parent)))
            partial.evaluations[tally.evaluations][key, default: EvalCounts()].add(tally.count)
        }
        for (key, tally) in zip(stateKeys, stateTallies) {
            let path = reader.viewName(key.view)
            let state = WriteOrigin(
                view: ViewPathPattern.collapsingIdentities(path), prop: reader.string(key.prop),
                wrapper: reader.string(key.wrapper), site: reader.string(key.site))
            partial.states[state, default: StateInitCounts()].add(tally)
            if tally.initsBeforeRangeUnmount > 0 || tally.firstInRange > 0 {
                partial.pending.append(.init(path: path, state: state, tally: tally))
            }
        }
        for view in 1..<max(viewFlags.count, 1) where view <= reader.viewCount && viewFlags[view] != 0 {
            let path = reader.viewName(ViewID(view))
            if viewFlags[view] & 1 != 0 { partial.unmountedPaths.insert(path) }
            if viewFlags[view] & 2 != 0 { partial.observedPaths.insert(path) }
        }
        return partial
    }
}
