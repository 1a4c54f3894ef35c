import TraceSupport

/// The strings of an xctrace document: interned by the package's interner (the same text, the
/// same index: 1, 2, …), and each made into a `String` once when it is asked for row after row.
///
/// NB: the interner reads 8 bytes past a string's end: the reader's text is a flat array, whose
/// memory is padded for that.
struct XctraceStrings: ~Copyable {
    private var interner = ByteInterner()
    /// The strings made by `shared(_:)`, by index.
    private var made: [String?] = []

    /// The bytes held, in the interner's arena and tables.
    var memoryBytes: Int { interner.memoryBytes }

    /// The index of the string `bytes[0..<length]` (8 bytes past its end readable), added when new.
    @inline(__always)
    mutating func intern(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> UInt32 {
        interner.intern(bytes, length)
    }

    /// The index of `string`, added when new.
    mutating func intern(_ string: String) -> UInt32 {
        interner.intern(string)
    }

    /// String `index`'s bytes, valid until the next `intern`.
    @inline(__always)
    func bytes(_ index: UInt32) -> UnsafeBufferPointer<UInt8> {
        interner.bytes(index)
    }

    /// String `index` (invalid UTF-8 repaired).
    func string(_ index: UInt32) -> String {
        interner.string(index)
    }

    /// String `index`, made once and then shared: a caller asking for the same text on every row
    /// gets it without a decoding or an allocation.
    mutating func shared(_ index: UInt32) -> String {
        let slot = Int(index)
        if slot < made.count, let string = made[slot] { return string }
        let string = self.string(index)
        if made.count <= slot { made.append(contentsOf: repeatElement(nil, count: slot + 1 - made.count)) }
        made[slot] = string
        return string
    }
}
