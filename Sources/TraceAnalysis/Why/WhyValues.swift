import TraceSupport

/// What a root write says of its value, passed down its chain to the evaluations it caused:
/// interned `old`/`new` ids and how to count them.
struct WhyValueNote: BitwiseCopyable {
    /// How a write's value counts.
    enum State: UInt8, BitwiseCopyable {
        /// No values on the write (not recorded, or not a write).
        case none
        /// A change from `old` to `new`.
        case pair
        /// Written with an equal value (`changed` false).
        case equal
        /// Changed, but the cut strings are equal: they differ after 64 bytes.
        case cutEqual
        /// The `redacted` marker: the value's type is not allowed.
        case redacted
        /// The `unavailable` marker: the source cannot know the value.
        case unavailable
    }

    var old: SymbolID = 0
    var new: SymbolID = 0
    var state = State.none

    /// No values.
    init() {}

    /// The note of write `event`, whose `values` marker ids are `markers` (interned by the reader).
    @inline(__always)
    init(write event: borrowing ParsedEvent, markers: (redacted: SymbolID, unavailable: SymbolID)) {
        // NB: plain `if`s, not `&&`: its autoclosure cannot capture a borrowed event.
        let changed: Int64? = event.has(.changed) ? event.changed : nil
        if event.has(.values) {
            let marker = event.valuesMarker
            state = marker == markers.redacted ? .redacted : marker == markers.unavailable ? .unavailable : .none
        } else if changed == 0 {
            state = .equal
        } else if event.has(.old), event.has(.new) {
            (old, new) = (event.old, event.new)
            state = old == new && changed != nil ? .cutEqual : .pair
        }
    }
}

/// A write with a value on a chain: the write's node, its value, and the entry of the write with
/// a value before it on the chain (0: none). A chain's entries, walked back from its last, are the
/// values of every write on it (most chains have one: their root's).
struct WhyValueEntry: FlatHashKey {
    var previous: UInt32 = 0
    /// The write's tally key, its `path` 0 (an evaluation that counts it sets its own).
    var value = WhyValueKey()

    /// The empty entry.
    init() {}

    /// The entry of the write at node `write` with value `note` (not `none`), after `previous`.
    @inline(__always)
    init(previous: UInt32, write: UInt32, _ note: WhyValueNote) {
        (self.previous, value) = (previous, WhyValueKey(path: 0, write: write, note))
    }

    var flatHash: UInt64 { value.flatHash ^ Self.mixed(UInt64(previous)) }
}

/// What one tally counts: a path, a write on it (its node), how that write's value counts, and
/// the `old`/`new` ids of a pair (0 for the other states). A path's tallies are integer counts per
/// key, so ranges add exactly, in any order.
///
/// NB: one flat table of these per range, not a table per path: most evaluations of a large trace
/// count a value state, and a probe in one table costs less than a dictionary of dictionaries.
struct WhyValueKey: FlatHashKey {
    /// The path, 1-based (a counted slot or a node id, by who holds the key); 0 in the empty key
    /// and in a `WhyValueEntry`'s.
    var path: UInt32 = 0
    /// The node of the write on the path (its root write, or a write the chain caused).
    var write: UInt32 = 0
    var old: SymbolID = 0
    var new: SymbolID = 0
    var state = WhyValueNote.State.none

    /// The empty key.
    init() {}

    /// The key of an evaluation on `path` whose write at node `write` has the value `note` (not `none`).
    @inline(__always)
    init(path: UInt32, write: UInt32, _ note: WhyValueNote) {
        (self.path, self.write, state) = (path, write, note.state)
        if note.state == .pair { (old, new) = (note.old, note.new) }
    }

    /// This key on `path` and `write`, its ids translated by `name`.
    func translated(path: UInt32, write: UInt32, _ name: (UInt32) -> UInt32) -> WhyValueKey {
        var key = self
        (key.path, key.write, key.old, key.new) = (path, write, name(old), name(new))
        return key
    }

    var flatHash: UInt64 {
        Self.mixed((UInt64(old) << 32 | UInt64(new)) &* 0x9E37_79B9_7F4A_7C15 ^ (UInt64(path) << 8 | UInt64(state.rawValue)) ^ UInt64(write) << 36)
    }
}

/// The values of one path, gathered from its tallies (each key of the path once).
struct WhyValueTally {
    private var pairs: [(old: UInt32, new: UInt32, count: Int)] = []
    private var markers = (equal: 0, cutEqual: 0, redacted: 0, unavailable: 0)

    /// No values.
    init() {}

    /// The tally of one write's value `note`, counted once.
    init(_ note: WhyValueNote) {
        if note.state != .none { add(WhyValueKey(path: 1, write: 1, note), count: 1) }
    }

    /// Adds the `count` evaluations of tally `key`.
    mutating func add(_ key: WhyValueKey, count: Int) {
        switch key.state {
        case .none: break
        case .pair: pairs.append((key.old, key.new, count))
        case .equal: markers.equal += count
        case .cutEqual: markers.cutEqual += count
        case .redacted: markers.redacted += count
        case .unavailable: markers.unavailable += count
        }
    }

    /// The tally with its ids resolved by `name`.
    func values(_ name: (UInt32) -> String) -> WhyValues {
        let resolved = pairs.map { WhyValues.Pair(old: name($0.old), new: name($0.new), count: $0.count) }
        return WhyValues(
            pairs: resolved.sorted { ($1.count, $0.old, $0.new) < ($0.count, $1.old, $1.new) },
            equal: markers.equal, cutEqual: markers.cutEqual, redacted: markers.redacted, unavailable: markers.unavailable)
    }
}

/// The values of one write of a path (its root write, or a write the chain caused), over the
/// path's evaluations (`write` events carrying `old`/`new` or a marker; see README's values rule).
public struct WhyValues: Sendable, Hashable {
    /// How many pairs are shown before "+N more distinct".
    public static let shownPairs = 5

    /// An old → new pair and the evaluations whose write made it.
    public struct Pair: Sendable, Hashable {
        /// The value before the write, as the trace holds it (cut at 64 bytes).
        public var old: String
        /// The value after the write.
        public var new: String
        /// The evaluations whose write made this pair.
        public var count: Int
    }

    /// Every distinct pair, most evaluations first, ties by `old` then `new`.
    public var pairs: [Pair]
    /// Evaluations whose write wrote an equal value (`changed` false).
    public var equal: Int
    /// Evaluations whose write changed the value with equal cut strings (differs after 64 bytes).
    public var cutEqual: Int
    /// Evaluations whose write carried the `redacted` marker.
    public var redacted: Int
    /// Evaluations whose write carried the `unavailable` marker.
    public var unavailable: Int

    /// Whether no evaluation's write carried values or a marker.
    public var isEmpty: Bool { pairs.isEmpty && equal == 0 && cutEqual == 0 && redacted == 0 && unavailable == 0 }
}

extension WhyValues {
    /// No values.
    package init() {
        (pairs, equal, cutEqual, redacted, unavailable) = ([], 0, 0, 0, 0)
    }
}
