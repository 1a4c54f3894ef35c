import Tracer

/// Gathers, in one pass over a trace, the counts `tracectl advise` turns into findings.
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

    /// Ids of the names the patterns compare with, interned before the pass.
    private let names: AdviceNames
    private let links = RecentSeqTable<Link>()
    private let originIndex = FlatHashTable<TraceAggregator.PropertyKey, Int32>()
    private(set) var origins: [(property: TraceAggregator.PropertyKey, site: SymbolID)] = []
    private(set) var writeTallies: [WriteTally] = []
    /// Wasted child evaluations (pattern 2) and unchanged observing evaluations (pattern 5), by
    /// (evaluated view, origin index): an index into `viewTallies`.
    private let wastedIndex = FlatHashTable<TraceAggregator.CauseKey, Int32>()
    private let observedIndex = FlatHashTable<TraceAggregator.CauseKey, Int32>()
    private(set) var viewTallies: [ViewTally] = []
    /// State-inits by (view, property, wrapper, site): an index into `stateTallies`.
    private var stateIndex: [StateKey: Int] = [:]
    private(set) var stateTallies: [StateTally] = []
    /// Per view id: `unmounted` (1) and `observedBefore` (2).
    private let viewFlags = DenseTable(filler: UInt8(0))
    private var recreation = Recreation()

    /// A collector for `reader`'s trace (interns the names it compares with).
    init(_ reader: inout TraceReader) {
        names = AdviceNames(&reader)
    }

    /// Adds one event.
    @inline(__always)
    mutating func add(_ event: inout ParsedEvent) {
        var link = Link(view: event.view, kind: event.kind.map { $0.rawValue + 1 } ?? 0)
        let cause = event.has(.cause) ? links.value(for: event.cause) : nil
        if let cause, cause.origin != 0 {
            link.origin = cause.origin
            link.rootSeq = cause.rootSeq
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
        let unchanged = event.has(.changed) && event.changed == 0
        if recreation.view != 0 {
            let forced = recreation.view == event.view && recreation.cause == (event.has(.cause) ? event.cause : 0)
            let group = recreation.group
            recreation = Recreation()
            if forced {
                // NB: the evaluation a new object forced is the inline view model's cost, not a
                // narrower-input one.
                stateTallies[group].evals += 1
                stateTallies[group].bodyTimeNs &+= event.dur
                return
            }
        }
        guard origin >= 0 else { return }
        // NB: the first evaluation of a root write's chain is its owner's; how much that output
        // changed classes the whole update (a derived value would still redraw the ones that
        // changed more than the least-changing update).
        var changedClass = WriteTally.classCount - 1
        if var root = links.value(for: rootSeq) {
            if root.ownerChanged == 0 {
                let changed = event.has(.changed) ? Int(min(max(event.changed, 0), Int64(WriteTally.classCount - 1))) : changedClass
                root.ownerChanged = Int32(changed + 1)
                links.store(root, for: rootSeq)
                writeTallies[origin].updates[changed] += 1
            }
            changedClass = Int(root.ownerChanged) - 1
        }
        writeTallies[origin].evals[changedClass] += 1
        writeTallies[origin].bodyTimeNs[changedClass] &+= event.dur
        guard unchanged, let cause else { return }
        if cause.is(.bodyEval) && event.reason == names.inputsChanged {
            count(event, origin: origin, parent: cause.view, in: wastedIndex)
        } else if event.reason == names.observed && origins[origin].property.wrapper == names.published {
            count(event, origin: origin, parent: 0, in: observedIndex)
        }
    }

    private mutating func count(
        _ event: borrowing ParsedEvent, origin: Int, parent: ViewID, in index: FlatHashTable<TraceAggregator.CauseKey, Int32>
    ) {
        let view = event.view
        let slot = Int(index.value(for: TraceAggregator.CauseKey(view: view, origin: UInt32(origin))) {
            viewTallies.append(ViewTally(view: view, parent: parent, origin: origin))
            return Int32(viewTallies.count - 1)
        })
        viewTallies[slot].evals += 1
        viewTallies[slot].bodyTimeNs &+= event.dur
    }

    private mutating func addStateInit(_ event: inout ParsedEvent, causedByMount: Bool) {
        let view = Int(event.view)
        viewFlags.reserve(view)
        let key = StateKey(view: event.view, prop: event.prop, wrapper: event.wrapper, site: event.site)
        let group = stateIndex[key] ?? {
            stateTallies.append(StateTally(key: key))
            stateIndex[key] = stateTallies.count - 1
            return stateTallies.count - 1
        }()
        stateTallies[group].inits += 1
        if event.wrapper == names.observedObject {
            if viewFlags[view] & 2 != 0 { stateTallies[group].repeatInits += 1 }
            viewFlags[view] |= 2
            // NB: an object made for a view that is already mounted comes from its parent's body
            // (or a lazy container's row content) running again.
            if !causedByMount {
                stateTallies[group].parentRecreations += 1
                recreation = Recreation(view: event.view, cause: event.has(.cause) ? event.cause : 0, group: group)
            }
        } else if names.ownedState.contains(event.wrapper) && viewFlags[view] & 1 != 0 {
            stateTallies[group].initsAfterUnmount += 1
        }
    }

    /// The origin index of the property `event` writes, added when new.
    private mutating func origin(_ event: borrowing ParsedEvent) -> Int {
        let property = TraceAggregator.PropertyKey(view: event.view, prop: event.prop, wrapper: event.wrapper)
        let site = event.site
        return Int(originIndex.value(for: property) {
            origins.append((property, site))
            writeTallies.append(WriteTally())
            return Int32(origins.count - 1)
        })
    }
}

extension AdviceCollector {
    /// What the writes of one property (as root writes) led to, per class of update.
    struct WriteTally {
        /// The classes: the owner's first evaluation's `changed`, 0 … 14, and 15 or more (or unknown).
        static let classCount = 16

        var rootWrites = 0
        /// Root writes whose chain reached an evaluation, per class.
        var updates = [Int](repeating: 0, count: classCount)
        /// Evaluations in those chains, per class.
        var evals = [Int](repeating: 0, count: classCount)
        var bodyTimeNs = [Int64](repeating: 0, count: classCount)
    }

    /// Evaluations of one view with unchanged output that one origin's chains led to.
    struct ViewTally {
        var view: ViewID
        /// The view whose evaluation caused them (0 for an observation).
        var parent: ViewID
        var origin: Int
        var evals = 0
        var bodyTimeNs: Int64 = 0
    }

    /// A view's state property, as `state-init` names it.
    struct StateKey: Hashable {
        var view: ViewID
        var prop: SymbolID
        var wrapper: SymbolID
        var site: SymbolID
    }

    /// The `state-init`s of one state property of one view path.
    struct StateTally {
        var key: StateKey
        var inits = 0
        /// Owned state (`State`, `StateObject`, `ViewStorage`) created after the path was unmounted.
        var initsAfterUnmount = 0
        /// `ObservedObject`s at a path that had one before.
        var repeatInits = 0
        /// `ObservedObject`s made for a view already mounted (not by its mount).
        var parentRecreations = 0
        /// Child evaluations right after such a re-creation, and their body time.
        var evals = 0
        var bodyTimeNs: Int64 = 0
    }
}
