import TraceSupport

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
    @inline(__always)
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
/// table grows with the rows: two dense tables of 6 bytes per id, a 48-bit entry split into a
/// 32-bit and a 16-bit table. The entry's top 3 bits are the kind plus one (0: undefined), the
/// other 45 the value: a number below 2^45 (9.7 hours in ns) inline, a larger one as an index
/// into `large`, a string or compound as its index. An id is read from input: it is looked up only
/// through `DenseTable.element(at:)` (an id past the table is undefined, a diagnostic of the
/// reader), and one far past the dense range (not what xctrace writes) goes to a dictionary
/// instead, so a stray huge id cannot allocate gigabytes.
struct XctraceIDTable: ~Copyable {
    private let low = DenseTable<UInt32>(count: 1024, filler: 0)
    private let high = DenseTable<UInt16>(count: 1024, filler: 0)
    /// Numbers of 2^45 and more (durations of updates in flight).
    private var large = FlatArray<UInt64>(capacity: 16)
    private var sparse: [UInt64: XctraceValue] = [:]
    /// The number of definitions.
    private(set) var defined = 0

    private static let payloadBits: UInt64 = 45
    private static let payloadMask: UInt64 = (1 << 45) - 1
    /// The code of a number kept in `large`.
    private static let largeCode: UInt64 = 7

    /// The bytes held by the table.
    var memoryBytes: Int { low.count * 4 + high.count * 2 + large.capacity * 8 + sparse.capacity * 24 }

    /// Defines `id` (read from input) as `value`.
    @inline(__always)
    mutating func define(_ id: UInt64, _ value: XctraceValue) {
        defined += 1
        var code = UInt64(value.kind.rawValue) + 1
        var payload = value.bits
        if payload > Self.payloadMask {
            // NB: only numbers get this large (indices and tags are 32 bits at most).
            code = Self.largeCode
            payload = UInt64(large.count)
            large.append(value.bits)
        }
        let entry = code << Self.payloadBits | payload
        if id >= UInt64(high.count) {
            guard id < UInt64(max(1 << 20, defined * 4)) else {
                sparse[id] = value
                return
            }
            // NB: ids skipped over stay undefined (the filler, 0).
            low.reserve(Int(id))
            high.reserve(Int(id))
        }
        low[Int(id)] = UInt32(truncatingIfNeeded: entry)
        high[Int(id)] = UInt16(truncatingIfNeeded: entry >> 32)
    }

    /// The value defined for `id` (read from input), or nil when it is not (yet) defined.
    @inline(__always)
    mutating func resolve(_ id: UInt64) -> XctraceValue? {
        if let top = high.element(at: id), case let entry = UInt64(top) << 32 | UInt64(low[Int(id)]),
            case let code = entry >> Self.payloadBits, code != 0
        {
            let payload = entry & Self.payloadMask
            if code == Self.largeCode { return XctraceValue(kind: .integer, bits: large[Int(payload)]) }
            // NB: only `define` writes codes, each a valid raw value plus one.
            return XctraceValue(kind: unsafeBitCast(UInt8(code - 1), to: XctraceValue.Kind.self), bits: payload)
        }
        // NB: an id defined past the dense range stays in `sparse` when the tables later grow past it.
        return sparse.isEmpty ? nil : sparse[id]
    }
}
