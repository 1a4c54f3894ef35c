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

/// The values of one path's evaluations as integer tallies: old → new pairs by interned ids, and
/// the writes that carried no pair. Tallies of ranges add exactly, in any order.
struct WhyValueTally: Sendable, Hashable {
    /// Evaluations per pair, keyed `old << 32 | new` (ids of the table the tally is written in).
    private(set) var pairs: [UInt64: Int] = [:]
    var equal = 0
    var cutEqual = 0
    var redacted = 0
    var unavailable = 0

    /// No values.
    init() {}

    /// Counts one evaluation whose root write's value is `note`.
    @inline(__always)
    mutating func count(_ note: WhyValueNote) {
        switch note.state {
        case .none: break
        case .pair: pairs[UInt64(note.old) << 32 | UInt64(note.new), default: 0] += 1
        case .equal: equal += 1
        case .cutEqual: cutEqual += 1
        case .redacted: redacted += 1
        case .unavailable: unavailable += 1
        }
    }

    /// Adds `other`, whose ids `translate` turns into this tally's.
    mutating func add(_ other: WhyValueTally, translate: (UInt32) -> UInt32) {
        for (key, count) in other.pairs {
            pairs[UInt64(translate(UInt32(key >> 32))) << 32 | UInt64(translate(UInt32(truncatingIfNeeded: key))), default: 0] += count
        }
        equal += other.equal
        cutEqual += other.cutEqual
        redacted += other.redacted
        unavailable += other.unavailable
    }

    /// The tally with its ids resolved by `name`.
    func values(_ name: (UInt32) -> String) -> WhyValues {
        let resolved = pairs.map { WhyValues.Pair(old: name(UInt32($0.key >> 32)), new: name(UInt32(truncatingIfNeeded: $0.key)), count: $0.value) }
        return WhyValues(
            pairs: resolved.sorted { ($1.count, $0.old, $0.new) < ($0.count, $1.old, $1.new) },
            equal: equal, cutEqual: cutEqual, redacted: redacted, unavailable: unavailable)
    }
}

/// The values of a path's root writes, over the path's evaluations (`write` events carrying
/// `old`/`new` or a marker; see README's values rule).
public struct WhyValues: Sendable, Hashable {
    /// How many pairs are shown before "+N more distinct".
    public static let shownPairs = 5

    /// An old → new pair and the evaluations whose root write made it.
    public struct Pair: Sendable, Hashable {
        /// The value before the write, as the trace holds it (cut at 64 bytes).
        public var old: String
        /// The value after the write.
        public var new: String
        /// The evaluations whose root write made this pair.
        public var count: Int
    }

    /// Every distinct pair, most evaluations first, ties by `old` then `new`.
    public var pairs: [Pair]
    /// Evaluations whose root write wrote an equal value (`changed` false).
    public var equal: Int
    /// Evaluations whose root write changed the value with equal cut strings (differs after 64 bytes).
    public var cutEqual: Int
    /// Evaluations whose root write carried the `redacted` marker.
    public var redacted: Int
    /// Evaluations whose root write carried the `unavailable` marker.
    public var unavailable: Int

    /// Whether no evaluation's root write carried values or a marker.
    public var isEmpty: Bool { pairs.isEmpty && equal == 0 && cutEqual == 0 && redacted == 0 && unavailable == 0 }
}
