import TracerCore
import TraceSupport

/// Folds the events of one reader into cause paths, keyed by interned ids (the hot path of `why`).
///
/// Every event that continues a chain is given the chain's node: a node is a root (a write
/// without a followed cause, a mount without one, an unknown cause) or a step (an evaluation, a
/// skip, a write a chain caused, a mount a chain caused) below its parent node, interned once. An
/// evaluation or skip of a view the glob matches counts on its own node: that node is the path.
/// A mount with a followed cause is a step like any other (the chain walks on to the write that
/// led to it); invalidations, state inits and other kinds pass their cause's node on. Causes
/// come through `CauseInference`: an inferred step is its own node, named by its rule.
///
/// NB: chains are followed through `RecentSeqTable`, as the report follows them, so memory does
/// not grow with the trace; nodes grow with the distinct paths, not with the events.
struct WhyCollector {
    /// A node: a root (`parent` 0) or a step below `parent` (a node id: index + 1).
    struct NodeKey: FlatHashKey {
        var parent: UInt32 = 0
        var view: ViewID = 0
        var first: SymbolID = 0
        var second: SymbolID = 0
        var third: SymbolID = 0
        /// A root write's `changes` (what an Instruments cause says changed): causes that changed
        /// different properties are different paths.
        var fourth: SymbolID = 0
        var kind: NodeKind = .none
        /// An evaluation's or skip's `InferenceOutcome` when a rule inferred its cause (0: recorded).
        var inferred: UInt8 = 0

        var flatHash: UInt64 {
            Self.mixed((UInt64(parent) << 32 | UInt64(view)) ^ (UInt64(first) << 40 | UInt64(second) << 20 | UInt64(third) ^ UInt64(fourth) << 10)
                &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(kind.rawValue) ^ UInt64(inferred) << 8)
        }

        /// What tells this node from others: the node without a root write's site.
        ///
        /// NB: a root write is its property (view, prop, wrapper), as `report`'s causes are; a
        /// declaration has one site, so the node keeps the site of the property's first root
        /// write, and a trace that gives several sites does not split a path by them.
        var identity: NodeKey {
            guard kind == .rootWrite else { return self }
            var identity = self
            identity.third = 0
            return identity
        }
    }

    /// What a node is; `none` only in the empty key.
    enum NodeKind: UInt8, BitwiseCopyable {
        case none
        /// A write without a followed cause: `view`, `first` prop, `second` wrapper, `third` the
        /// site of the first such write (see `identity`), `fourth` what it says changed.
        case rootWrite
        /// A mount of `view`.
        case rootMount
        /// A cause not recorded or not followed.
        case rootUnknown
        /// An evaluation of `view` for reason `first`, `second` the inputs that differed (as
        /// `ParsedEvent.inputs`).
        case evaluation
        /// A skip of `view` for reason `first`.
        case skip
        /// A write of `view`'s `first` prop (`second` wrapper) that the chain caused.
        case write
        /// A mount of `view` that the chain caused.
        case mount
    }

    /// A chain so far: its node, the `valueEntries` id of its last write with a value (0: none),
    /// and the `InferenceOutcome` nearest its end (the rule of its last inferred step, or the one
    /// that abstained at its root; 0: none).
    struct ChainLink: BitwiseCopyable {
        var node: UInt32
        var values: UInt32 = 0
        var inference: UInt8 = 0
    }

    /// A view and an `InferenceOutcome`: what `inferenceCounts` counts evaluations by.
    struct InferenceKey: FlatHashKey {
        var view: ViewID = 0
        var outcome: UInt8 = 0

        var flatHash: UInt64 { Self.mixed(UInt64(view) << 8 | UInt64(outcome)) }
    }

    /// The link of each recent `seq` on a chain.
    private let chains = RecentSeqTable<ChainLink>()
    private let index = FlatHashTable<NodeKey, UInt32>()
    private(set) var nodes: [NodeKey] = []
    /// Each node's index in `counts` (-1: nothing counted on it).
    private var slots: [Int32] = []
    /// The node of each counted path, and its counts by the same index.
    private(set) var countedNodes: [UInt32] = []
    let counts = DenseTable(count: 1024, filler: WhyCounts())
    /// The evaluations and skips not yet counted (see `count`).
    private var pending: [PendingCount] = []
    /// The writes with a value on chains, interned (id: index + 1; see `WhyValueEntry`).
    private let valueIndex = FlatHashTable<WhyValueEntry, UInt32>()
    private(set) var valueEntries: [WhyValueEntry] = []
    /// Evaluations per counted path (`path`: its index in `counts` + 1), write on it and value.
    let valueCounts = BatchedCounts<WhyValueKey>()
    /// Counted evaluations whose chain has an inferred step or an abstention, by view and outcome.
    let inferenceCounts = BatchedCounts<InferenceKey>()
    /// The reader's ids of the `values` markers (see `learnMarkers(of:)`).
    private var markers: (redacted: SymbolID, unavailable: SymbolID) = (0, 0)
    /// Whether each view id matches the glob (grown as the reader interns views).
    private var matches: [Bool] = [false]
    /// The views counted.
    let glob: ViewGlob
    /// The first `seq` of this range.
    private var firstSeq: Int64 = 0
    /// Events whose `cause` lies before this range's first `seq` (another range's event).
    private(set) var crossingCauses = 0

    /// An evaluation or skip to count on `node`, and the fields its counts take.
    struct PendingCount: BitwiseCopyable {
        var node: UInt32
        /// Its index in `counts`, set in the first pass of `countPending()`.
        var slot = 0
        var isEvaluation: Bool
        /// An evaluation counted on another path (its first cause's), shown here as `shared`.
        var isShared = false
        var isWasted: Bool
        /// The `valueEntries` id of the chain's last write with a value (0: none).
        var values: UInt32
        var dur: Int64?
        var seq: Int64?
        var ts: Int64?
    }

    /// An evaluation `why --list` shows: its path's node, its chain's last write with a value (a
    /// `valueEntries` id, 0: none) and its own fields.
    struct ListedEvaluation: BitwiseCopyable {
        var node: UInt32
        var values: UInt32
        var seq: Int64?
        var ts: Int64?
        var dur: Int64?
    }

    /// How many evaluations of each view are listed (nil: none, no list asked for).
    let listLimit: Int?
    /// The first `listLimit` evaluations of each matched view, in trace order.
    private(set) var listed: [ListedEvaluation] = []
    /// How many evaluations of each view (by id) are listed.
    private var listedPerView: [Int] = []

    /// How many evaluations and skips are counted at once.
    private static let batchSize = 16

    /// An empty fold counting the views `glob` matches, listing the first `listLimit` evaluations
    /// of each (none when nil).
    init(glob: ViewGlob, listLimit: Int? = nil) {
        (self.glob, self.listLimit) = (glob, listLimit)
        pending.reserveCapacity(Self.batchSize)
    }

    /// The paths counted over what `reader` read: the fold's result for its range.
    mutating func partial(of reader: borrowing TraceReader) -> WhyPartial {
        countPending()
        return WhyPartial(self, reader)
    }

    /// Learns whether the views `reader` interned since the last call match the glob.
    @inline(__always)
    mutating func catchUp(with reader: borrowing TraceReader) {
        guard matches.count <= reader.viewCount else { return }
        while matches.count <= reader.viewCount { matches.append(glob.matches(reader.viewName(ViewID(matches.count)))) }
    }

    /// Interns the `values` markers in `reader`'s table, so that a write's marker is told by its id.
    mutating func learnMarkers(of reader: inout TraceReader) {
        markers = (reader.parser.strings.intern(WriteValuesState.redacted.marker!), reader.parser.strings.intern(WriteValuesState.unavailable.marker!))
    }

    /// Whether view `id` matches the glob.
    func matches(_ id: ViewID) -> Bool { Int(id) < matches.count && matches[Int(id)] }

    /// Adds one event; `counts` says whether it lies in the slice counted (its chain is followed
    /// either way). `causes` is an evaluation's `causes` list (empty for one cause): the path of
    /// each cause after the first gets it as `shared`.
    @inline(__always)
    mutating func add(_ event: inout ParsedEvent, counts: Bool, causes: [Int64] = []) {
        if firstSeq == 0 && event.has(.seq) { firstSeq = event.seq }
        let link: ChainLink
        switch event.kind {
        case .write?:
            let parent = causeLink(event)
            let node = parent.map { intern(NodeKey(parent: $0.node, view: event.view, first: event.prop, second: event.wrapper, kind: .write)) }
                ?? intern(NodeKey(view: event.view, first: event.prop, second: event.wrapper, third: event.site, fourth: event.changes, kind: .rootWrite))
            let values = valueEntry(after: parent?.values ?? 0, write: node, WhyValueNote(write: event, markers: markers))
            link = ChainLink(node: node, values: values, inference: parent?.inference ?? 0)
        case .mount?:
            if let parent = causeLink(event) {
                link = ChainLink(node: intern(NodeKey(parent: parent.node, view: event.view, kind: .mount)), values: parent.values, inference: parent.inference)
            } else {
                link = ChainLink(node: intern(NodeKey(view: event.view, kind: .rootMount)))
            }
        case .bodyEval?, .skip?:
            let parent = causeLink(event) ?? ChainLink(node: intern(NodeKey(kind: .rootUnknown)))
            let isEvaluation = event.kind == .bodyEval
            let inferred = InferenceOutcome(rawValue: event.inference)?.isInferred == true ? event.inference : 0
            link = ChainLink(
                node: intern(NodeKey(
                    parent: parent.node, view: event.view, first: event.reason, second: event.inputs, kind: isEvaluation ? .evaluation : .skip,
                    inferred: inferred)),
                values: parent.values, inference: event.inference != 0 ? event.inference : parent.inference)
            if counts && matches(event.view) {
                count(event, on: link, isEvaluation: isEvaluation)
                if isEvaluation && link.inference != 0 { inferenceCounts.increment(InferenceKey(view: event.view, outcome: link.inference)) }
                if isEvaluation && causes.count > 1 { countShared(event, causes: causes.dropFirst(), besides: link.node) }
            }
        default:
            link = causeLink(event) ?? ChainLink(node: 0)
        }
        if link.node != 0 && event.has(.seq) { chains.store(link, for: event.seq) }
    }

    /// The link of `event`'s cause, or nil when it has none or it is not known.
    @inline(__always)
    private mutating func causeLink(_ event: borrowing ParsedEvent) -> ChainLink? {
        event.has(.cause) ? link(of: event.cause) : nil
    }

    /// The link of the event at `seq`, or nil when it is not known.
    @inline(__always)
    private mutating func link(of seq: Int64) -> ChainLink? {
        if let link = chains.value(for: seq) { return link }
        if seq < firstSeq { crossingCauses += 1 }
        return nil
    }

    /// Counts evaluation `event` as `shared` on the path of each of its `causes` after the first,
    /// once per path and never on `primary`, its first cause's path.
    ///
    /// NB: a cause not followed starts an unknown root, as a first cause does.
    private mutating func countShared(_ event: borrowing ParsedEvent, causes: ArraySlice<Int64>, besides primary: UInt32) {
        var counted = [primary]
        for cause in causes {
            let parent = link(of: cause) ?? ChainLink(node: intern(NodeKey(kind: .rootUnknown)))
            let node = intern(NodeKey(parent: parent.node, view: event.view, first: event.reason, second: event.inputs, kind: .evaluation))
            guard !counted.contains(node) else { continue }
            counted.append(node)
            pending.append(PendingCount(
                node: node, isEvaluation: true, isShared: true, isWasted: false, values: 0, dur: nil,
                seq: event.has(.seq) ? event.seq : nil, ts: event.has(.ts) ? event.ts : nil))
            if pending.count == Self.batchSize { countPending() }
        }
    }

    /// The id of the node `key` (by its identity), interned on first sight.
    @inline(__always)
    private mutating func intern(_ key: NodeKey) -> UInt32 {
        index.value(for: key.identity) {
            nodes.append(key)
            slots.append(-1)
            return UInt32(nodes.count)
        }
    }

    /// The `valueEntries` id of the write at node `write` with value `note` on a chain whose last
    /// write with a value is `previous` (`previous` itself when the write has none).
    @inline(__always)
    private mutating func valueEntry(after previous: UInt32, write: UInt32, _ note: WhyValueNote) -> UInt32 {
        guard note.state != .none else { return previous }
        let entry = WhyValueEntry(previous: previous, write: write, note)
        return valueIndex.value(for: entry) {
            valueEntries.append(entry)
            return UInt32(valueEntries.count)
        }
    }

    /// Counts an evaluation (or skip) on `link`'s node, and the values of an evaluation's writes,
    /// in the next batch.
    ///
    /// NB: a path's counts are a cache miss (a large trace's paths fill more than L2); counted a
    /// batch at a time, with no other work in between, the misses overlap instead of each stalling
    /// the reader on its own.
    @inline(__always)
    private mutating func count(_ event: borrowing ParsedEvent, on link: ChainLink, isEvaluation: Bool) {
        var isWasted = false
        if isEvaluation, event.has(.changed) { isWasted = event.changed == 0 }
        if isEvaluation, let listLimit { list(event, on: link, limit: listLimit) }
        pending.append(PendingCount(
            node: link.node, isEvaluation: isEvaluation, isWasted: isWasted, values: link.values, dur: event.has(.dur) ? event.dur : nil,
            seq: event.has(.seq) ? event.seq : nil, ts: event.has(.ts) ? event.ts : nil))
        if pending.count == Self.batchSize { countPending() }
    }

    /// Lists evaluation `event` on `link` when its view has fewer than `limit` listed.
    private mutating func list(_ event: borrowing ParsedEvent, on link: ChainLink, limit: Int) {
        let view = Int(event.view)
        if listedPerView.count <= view { listedPerView += [Int](repeating: 0, count: view + 1 - listedPerView.count) }
        guard listedPerView[view] < limit else { return }
        listedPerView[view] += 1
        listed.append(ListedEvaluation(
            node: link.node, values: link.values, seq: event.has(.seq) ? event.seq : nil, ts: event.has(.ts) ? event.ts : nil,
            dur: event.has(.dur) ? event.dur : nil))
    }

    /// Counts the pending evaluations and skips, in the order they came.
    private mutating func countPending() {
        for index in pending.indices {
            let node = Int(pending[index].node) - 1
            if slots[node] < 0 {
                slots[node] = Int32(countedNodes.count)
                counts.reserve(countedNodes.count)
                countedNodes.append(pending[index].node)
            }
            pending[index].slot = Int(slots[node])
        }
        for event in pending {
            if event.isShared {
                counts[event.slot].shared += 1
            } else if event.isEvaluation {
                counts[event.slot].evals += 1
                if event.isWasted { counts[event.slot].wasted += 1 }
                if let dur = event.dur {
                    counts[event.slot].bodyTimeNs = counts[event.slot].bodyTimeNs.addingSaturated(dur)
                    counts[event.slot].timedEvals += 1
                }
                var entry = event.values
                while entry != 0 {
                    var key = valueEntries[Int(entry) - 1].value
                    key.path = UInt32(event.slot + 1)
                    valueCounts.increment(key)
                    entry = valueEntries[Int(entry) - 1].previous
                }
            } else {
                counts[event.slot].skips += 1
            }
            counts[event.slot].note(seq: event.seq, ts: event.ts)
        }
        pending.removeAll(keepingCapacity: true)
    }
}
