/// What the current table's strings decide, by the reader's string index (`stringKey`), for the
/// few strings a table repeats on every row (an update type, a module, a view's names).
///
/// NB: direct-mapped, 256 slots: a look-up is an index and a compare, no hashing; a string whose
/// slot another took is decided again (`decide` is a pure function of the string).
struct XctraceStringMemo<Value> {
    private var keys = [UInt64](repeating: Self.empty, count: 256)
    private var values: [Value?] = Array(repeating: nil, count: 256)
    private static var empty: UInt64 { .max }

    /// The value of `key`'s string: the one kept, else `decide()` (kept); `decide()` when there
    /// is no key (an empty cell).
    @inline(__always)
    mutating func value(_ key: UInt64?, _ decide: () -> Value) -> Value {
        if let kept = self[key] { return kept }
        let value = decide()
        self[key] = value
        return value
    }

    /// The value kept for `key`'s string, if any; setting keeps one (none without a key).
    subscript(key: UInt64?) -> Value? {
        @inline(__always) get {
            guard let key, key != Self.empty else { return nil }
            let slot = Self.slot(key)
            return keys[slot] == key ? values[slot] : nil
        }
        @inline(__always) set {
            guard let key, key != Self.empty else { return }
            let slot = Self.slot(key)
            keys[slot] = key
            values[slot] = newValue
        }
    }

    /// Forgets every string (another table's reader numbers its strings anew).
    mutating func removeAll() {
        for slot in keys.indices {
            keys[slot] = Self.empty
            values[slot] = nil
        }
    }

    @inline(__always)
    private static func slot(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key ^ key >> 32) & 0xFF) }
}

/// Rows counted by the reader's string index of a cell (`stringKey`), exactly, with that string's
/// text: the few strings a table repeats are counted without hashing text.
///
/// NB: direct-mapped, 64 slots; a string that takes a slot moves the count there into `totals`.
struct XctraceStringTally {
    private var slots: [(key: UInt64, text: String, rows: Int)] = Array(repeating: (.max, "", 0), count: 64)
    /// The rows counted out of the slots, by text.
    private var totals: [String: Int] = [:]

    /// Counts a row whose cell has string `key` (nil: no string), its text `text()`.
    @inline(__always)
    mutating func count(_ key: UInt64?, text: () -> String) {
        guard let key, key != .max else { return totals[text(), default: 0] += 1 }
        let slot = Int(truncatingIfNeeded: key & 0x3F)
        if slots[slot].key == key { return slots[slot].rows += 1 }
        if slots[slot].rows > 0 { totals[slots[slot].text, default: 0] += slots[slot].rows }
        slots[slot] = (key, text(), 1)
    }

    /// The rows counted by text; empties the tally (for the next table's strings).
    mutating func drain() -> [String: Int] {
        for slot in slots.indices where slots[slot].rows > 0 { totals[slots[slot].text, default: 0] += slots[slot].rows }
        slots = Array(repeating: (.max, "", 0), count: 64)
        let counted = totals
        totals = [:]
        return counted
    }
}
