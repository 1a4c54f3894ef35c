import TraceSupport

/// The compounds a value of kind `.compound` stands for: the document's (an `id`'d element's,
/// kept to the end, since a later `ref` may name it) and the current row's (no id, forgotten when
/// the next row begins), told apart by the top bit of the value's `bits`.
///
/// NB: an index is code's (`store` made it), never read from input; the subscript traps in every
/// build on one outside its array (`FlatArray`'s index policy) and hands out a copy, so no
/// pointer into the arrays outlives an access. No allocation once the arrays have grown.
struct XctraceCompounds: ~Copyable {
    private var document = FlatArray<XctraceCompound>(capacity: 256)
    private var row = FlatArray<XctraceCompound>(capacity: 16)
    /// The bit of a value's `bits` that says the compound is the row's.
    private static let rowBit: UInt64 = 1 << 63

    /// The compound `bits` (of a value of kind `.compound`) stands for.
    subscript(bits: UInt64) -> XctraceCompound {
        @inline(__always) get { bits & Self.rowBit != 0 ? row[Int(bits & ~Self.rowBit)] : document[Int(bits)] }
    }

    /// Keeps `compound`, for the whole document when it has an id (`hasID`), else for the current
    /// row, and returns the value that stands for it.
    mutating func store(_ compound: XctraceCompound, hasID: Bool) -> XctraceValue {
        if hasID {
            document.append(compound)
            return XctraceValue(kind: .compound, bits: UInt64(document.count - 1))
        }
        row.append(compound)
        return XctraceValue(kind: .compound, bits: UInt64(row.count - 1) | Self.rowBit)
    }

    /// Forgets the current row's compounds: a row begins.
    mutating func beginRow() { row.count = 0 }

    /// The bytes the document's compounds take (the row's are a few, reused).
    var memoryBytes: Int { document.capacity * MemoryLayout<XctraceCompound>.stride }
}
