/// One cell's value as read, or as resolved through `ref`.
///
/// NB: 16 bytes, copied freely; text, labels and compound fields are read through the reader
/// that produced the value (`XctraceTableReader.text(_:)` …), which owns the strings.
package struct XctraceValue: Equatable, Sendable, BitwiseCopyable {
    package enum Kind: UInt8, Sendable, BitwiseCopyable {
        /// The table has no such column.
        case absent
        /// `<sentinel/>`, or a `ref` to an id not defined before it (counted in the summary).
        case empty
        /// A whole number (the cell's text was one, in canonical decimal form).
        case integer
        /// Any other text: `bits` is the string's index in the reader's strings.
        case string
        /// A `process`, `thread` or `typed-array` (when requested), or a compound whose `fmt` was
        /// requested: `bits` is its index in the reader's compounds.
        case compound
        /// A compound that was not requested: only its tag is known (`bits`).
        case opaque
    }

    package var kind: Kind
    package var bits: UInt64

    package init(kind: Kind, bits: UInt64) {
        self.kind = kind
        self.bits = bits
    }

    package static let absent = XctraceValue(kind: .absent, bits: 0)
    package static let empty = XctraceValue(kind: .empty, bits: 0)

    /// Whether the cell holds nothing: a sentinel, an unresolved reference or no such column.
    package var isEmpty: Bool { kind == .absent || kind == .empty }

    /// The cell's whole number (times, durations, counts, booleans), if it is one.
    package var integer: UInt64? { kind == .integer ? bits : nil }
}

/// What a `process`, `thread` or `typed-array` cell holds, or a compound's kept `fmt`.
struct XctraceCompound {
    static let none = UInt32.max
    /// The element name's tag index.
    var tag: UInt16
    /// Which of `number` and `pid` are known.
    var hasNumber = false
    var hasPID = false
    /// A process's pid, a thread's tid.
    var number: UInt64 = 0
    /// A thread's process pid.
    var pid: UInt64 = 0
    /// A process's name (from its fmt), a typed-array's label (its first child's text): a string
    /// index, or `none`.
    var label: UInt32 = none
    /// The fmt, when its column asked for it: a string index, or `none`.
    var fmt: UInt32 = none
}

/// The values of every `id`'d element read so far, by id.
///
/// NB: xctrace numbers ids 1, 2, … in document order and a new timestamp gets a new id, so the
/// table grows with the rows: a dense array of 9 bytes per id (a kind byte and the value's
/// 8 bytes; strings and compounds are indices). An id far past the dense range (not what
/// xctrace writes) goes to a dictionary instead, so a stray huge id cannot allocate gigabytes.
struct XctraceIDTable: ~Copyable {
    private var kinds = FlatArray<UInt8>(capacity: 1024)
    private var values = FlatArray<UInt64>(capacity: 1024)
    private var sparse: [UInt64: XctraceValue] = [:]
    /// The number of definitions.
    private(set) var defined = 0

    /// The bytes held by the dense table.
    var memoryBytes: Int { kinds.capacity + values.capacity * 8 + sparse.capacity * 24 }

    @inline(__always)
    mutating func define(_ id: UInt64, _ value: XctraceValue) {
        defined += 1
        if id < UInt64(kinds.count) {
            kinds[Int(id)] = value.kind.rawValue &+ 1
            values[Int(id)] = value.bits
        } else if id < UInt64(max(1 << 20, defined * 4)) {
            let index = Int(id)
            kinds.reserve(index + 1)
            values.reserve(index + 1)
            // NB: ids skipped over stay undefined.
            (kinds.pointer + kinds.count).update(repeating: 0, count: index - kinds.count)
            kinds.count = index + 1
            values.count = index + 1
            kinds[index] = value.kind.rawValue &+ 1
            values[index] = value.bits
        } else {
            sparse[id] = value
        }
    }

    /// The value defined for `id`, or nil when it is not (yet) defined.
    @inline(__always)
    mutating func resolve(_ id: UInt64) -> XctraceValue? {
        if id < UInt64(kinds.count) {
            let kind = kinds[Int(id)]
            guard kind != 0 else { return nil }
            // NB: only `define` writes kinds, each a valid raw value plus one.
            return XctraceValue(kind: unsafeBitCast(kind &- 1, to: XctraceValue.Kind.self), bits: values[Int(id)])
        }
        return sparse.isEmpty ? nil : sparse[id]
    }
}
