import TraceSupport

/// Element names seen in a document, each given a small index (0, 1, …) the first time it is seen.
///
/// NB: the package's interner: a name of up to 16 bytes (every name xctrace writes) is found among
/// its recent strings by its two words, which the input buffer's padding lets it read whole, so a
/// lookup costs two loads, a multiply and three compares. A tag is the interner's id less one. An
/// end tag is matched against the open element's name by the same two words, kept per tag.
struct XMLTagTable: ~Copyable {
    private var names = ByteInterner()
    /// Each tag's words (zero-padded) and length, by tag.
    private var words = FlatArray<NameWords>(capacity: 64)

    /// A name's first 16 bytes as words (zero-padded), the masks of those bytes, and its length.
    ///
    /// NB: the masks are kept, so that matching an end tag computes nothing from its length: a
    /// mask worked out from the length in the scanner's name loop costs an instruction per byte.
    /// Not private: a private type as the element of TraceSupport's flat array crashes the debug
    /// build of Swift 6.3 ("Global is external, but doesn't have external or weak linkage").
    struct NameWords {
        var low: UInt64
        var high: UInt64
        var lowMask: UInt64
        var highMask: UInt64
        var length: Int

        /// The words of the name of `length` bytes at `bytes` (16 bytes from its start and 8 past its
        /// end readable).
        init(_ bytes: UnsafePointer<UInt8>, _ length: Int) {
            lowMask = UInt64.max.keepingBytes(min(length, 8))
            highMask = UInt64.max.keepingBytes(min(max(length - 8, 0), 8))
            low = UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self) & lowMask
            high = UnsafeRawPointer(bytes).loadUnaligned(fromByteOffset: 8, as: UInt64.self) & highMask
            self.length = length
        }
    }

    /// Whether `bytes[0..<length]` (16 bytes from its start and 8 past its end readable: the input
    /// buffer's padding) is name `tag`.
    @inline(__always)
    func matches(_ tag: UInt16, _ bytes: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        let known = words[Int(tag)]
        guard known.length == length else { return false }
        guard length <= 16 else { return matchesLong(tag, bytes, length) }
        let raw = UnsafeRawPointer(bytes)
        return (raw.loadUnaligned(as: UInt64.self) ^ known.low) & known.lowMask
            | (raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) ^ known.high) & known.highMask == 0
    }

    /// `matches(_:_:_:)` for a name of more than 16 bytes.
    ///
    /// NB: a call, so that the scanner's name loop does not carry what its byte compare needs.
    @inline(never)
    private func matchesLong(_ tag: UInt16, _ bytes: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        names.matches(UInt32(tag) + 1, bytes, length)
    }

    /// The index of the name `bytes[0..<length]` (16 bytes from its start and 8 past its end
    /// readable), added when new;
    /// nil when there are already 65,535 names.
    ///
    /// NB: only the look-up among the recent names is inline (the scanner's hot path, once per
    /// start tag); the rest is a call.
    @inline(__always)
    mutating func index(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> UInt16? {
        if length <= 16, case let words = ByteInterner.words(bytes, length),
            let id = names.recentID(low: words.low, high: words.high, length: length)
        {
            return Self.tag(id)
        }
        return add(bytes, length)
    }

    /// The index of a name not among the recent ones, added when new.
    @inline(never)
    private mutating func add(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> UInt16? {
        let id = names.internRecent(bytes, length)
        if Int(id) > words.count { words.append(NameWords(bytes, length)) }
        return Self.tag(id)
    }

    /// The tag of interned id `id`; nil past the 65,535th.
    @inline(__always)
    private static func tag(_ id: UInt32) -> UInt16? {
        id <= UInt32(UInt16.max) ? UInt16(truncatingIfNeeded: id &- 1) : nil
    }

    /// The index of `name`, adding it.
    mutating func index(of name: StaticString) -> UInt16 {
        // NB: copied so that the lookup may read the name's two words and 8 bytes past its end.
        var padded = [UInt8](repeating: 0, count: name.utf8CodeUnitCount + 16)
        padded.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: name.utf8Start, count: name.utf8CodeUnitCount) }
        return padded.withUnsafeBufferPointer { index($0.baseAddress!, name.utf8CodeUnitCount)! }
    }

    /// Name `tag`.
    func name(_ tag: UInt16) -> String { names.string(UInt32(tag) + 1) }
}
