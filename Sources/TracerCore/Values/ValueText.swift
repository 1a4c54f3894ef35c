/// A value's text in a `write` event: at most 64 bytes of UTF-8, stored inline.
///
/// Text longer than that is cut at a character boundary and ends with `…` (U+2026, 3 bytes),
/// which the 64 bytes include.
///
/// NB: the cut reads at most `scanLimit` bytes of the text, however long it is: grapheme
/// boundaries before the cut depend only on the scalars around them, so the bounded prefix is
/// segmented as the whole text would be.
public struct ValueText: Sendable, Equatable, CustomStringConvertible {
    /// The most bytes of UTF-8 a value's text holds, the `…` of a cut included.
    public static let capacity = 64
    /// The bytes of the text read to find the cut.
    static let scanLimit = 4 * capacity
    /// The UTF-8 of `…`, which ends a cut text.
    static let ellipsis: [UInt8] = Array("…".utf8)

    // NB: eight words, so that a write's two values sit in a chunk's side table without a pointer.
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    /// How many bytes of the storage the text uses.
    public private(set) var count: Int = 0

    /// `text`, cut to `capacity` bytes at a character boundary when it is longer.
    public init(cutting text: some StringProtocol) {
        // NB: a short native string is copied as it is, with no buffer of its own.
        if text.utf8.count <= Self.capacity, text.utf8.withContiguousStorageIfAvailable({ store($0) }) != nil { return }
        var head: [UInt8] = []
        head.reserveCapacity(Self.scanLimit)
        for byte in text.utf8.prefix(Self.scanLimit) { head.append(byte) }
        guard head.count > Self.capacity else {
            store(head[...])
            return
        }
        // NB: a scalar cut by the scan limit is repaired as U+FFFD at the end, far past the cut.
        let budget = Self.capacity - Self.ellipsis.count
        var used = 0
        for character in String(decoding: head, as: UTF8.self) {
            let length = character.utf8.count
            guard used + length <= budget else { break }
            used += length
        }
        store(head[..<used] + Self.ellipsis)
    }

    /// The text's UTF-8 bytes.
    public func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try withUnsafeBytes(of: storage) { try body(UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
    }

    /// The text.
    public var description: String { withBytes { String(decoding: $0, as: UTF8.self) } }

    public static func == (lhs: ValueText, rhs: ValueText) -> Bool {
        lhs.withBytes { left in rhs.withBytes { right in left.elementsEqual(right) } }
    }

    private mutating func store(_ bytes: some Collection<UInt8>) {
        count = bytes.count
        withUnsafeMutableBytes(of: &storage) { $0.copyBytes(from: bytes) }
    }
}
