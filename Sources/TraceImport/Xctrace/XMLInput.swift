#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TracerCore

/// The bytes of an XML document, read in large blocks into one buffer that keeps the unit
/// (a tag, a text run) being parsed.
///
/// NB: every byte is counted exactly once as it leaves the buffer (`discard`) or at the end
/// (`finish`): newlines, for positions, and C0 control bytes, for the summary. The buffer keeps
/// `padding` zero bytes past the data.
struct XMLInput: ~Copyable {
    static let padding = 16
    private let descriptor: Int32
    /// The buffer; `base[0..<end]` holds data.
    private(set) var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var end = 0
    private(set) var atEOF = false
    /// The first read error (`errno`), if any.
    private(set) var readError: Int32 = 0
    /// The file offset of `base[0]`.
    private(set) var baseOffset = 0
    /// Newlines before `base[0]`.
    private var newlinesBefore = 0
    /// The file offset just past the last newline before `base[0]`.
    private var lineStartBefore = 0
    /// C0 control bytes other than tab, newline and carriage return, in the bytes counted so far.
    private(set) var controlBytes = 0
    /// The document's ill-formed UTF-8 sequences (read as U+FFFD), and the line and column of the first.
    private var utf8 = XMLUTF8Check()
    private(set) var firstInvalidUTF8: (line: Int, column: Int)?
    var invalidUTF8: Int { utf8.invalid }
    private var counted = false

    private let ownsDescriptor: Bool

    /// A file descriptor's bytes, read `blockSize` at a time; `owning` closes it with the input.
    init(descriptor: Int32, owning: Bool = false, blockSize: Int = 1 << 20) {
        self.descriptor = descriptor
        ownsDescriptor = owning
        capacity = blockSize
        base = .allocate(capacity: blockSize + Self.padding)
        base.initialize(repeating: 0, count: blockSize + Self.padding)
    }

    /// Bytes held in memory.
    init(bytes: UnsafeRawBufferPointer) {
        descriptor = -1
        ownsDescriptor = false
        capacity = bytes.count
        base = .allocate(capacity: bytes.count + Self.padding)
        if let source = bytes.baseAddress { base.initialize(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count) }
        (base + bytes.count).initialize(repeating: 0, count: Self.padding)
        end = bytes.count
        atEOF = true
    }

    deinit {
        base.deallocate()
        if ownsDescriptor { close(descriptor) }
    }

    /// Drops `base[0..<keep]` and reads more bytes after the rest; false at the end of the input
    /// (nothing more was read). Offsets into the buffer move down by `keep`.
    mutating func refill(keeping keep: Int) -> Bool {
        if keep > 0 {
            count(upTo: keep)
            let kept = end - keep
            if kept > 0 { memmove(base, base + keep, kept) }
            baseOffset += keep
            end = kept
            (base + end).update(repeating: 0, count: Self.padding)
        }
        if atEOF { return false }
        if end == capacity {
            // NB: a unit longer than the buffer (a huge attribute) doubles it.
            base = base.reallocated(keeping: end, capacity: capacity * 2 + Self.padding)
            capacity *= 2
        }
        let got = POSIX.readRetrying(descriptor, base + end, capacity - end)
        if got > 0 {
            end += got
        } else {
            if got < 0 { readError = errno }
            atEOF = true
        }
        (base + end).initialize(repeating: 0, count: Self.padding)
        return got > 0
    }

    /// Counts the bytes left in the buffer (call once, at the end).
    mutating func finish() {
        guard !counted else { return }
        counted = true
        count(upTo: end, last: true)
        baseOffset += end
        end = 0
    }

    /// Counts newlines, control bytes and ill-formed UTF-8 in `base[0..<limit]`, the bytes about to
    /// leave (the `last` of the document: a UTF-8 sequence still open is ill-formed).
    private mutating func count(upTo limit: Int, last: Bool = false) {
        // NB: positions are taken before the newlines of these bytes are counted.
        var counts = XMLByteCounts()
        let invalid = utf8.check(base, limit, counting: &counts) ?? (last && utf8.finish() ? limit : nil)
        if let invalid, firstInvalidUTF8 == nil { firstInvalidUTF8 = position(of: invalid) }
        controlBytes += counts.controls
        if counts.newlines > 0 {
            newlinesBefore += counts.newlines
            lineStartBefore = baseOffset + counts.lastNewline + 1
        }
    }

    /// The 1-based line and column (in bytes) of `base[offset]`.
    func position(of offset: Int) -> (line: Int, column: Int) {
        let counts = XMLByteCounts(base, max(0, min(offset, end)))
        if counts.newlines > 0 {
            return (newlinesBefore + counts.newlines + 1, offset - counts.lastNewline)
        }
        return (newlinesBefore + 1, baseOffset + offset - lineStartBefore + 1)
    }
}

/// Newlines and C0 control bytes (other than tab, newline, carriage return) in a block of bytes.
struct XMLByteCounts {
    var newlines = 0
    var controls = 0
    /// The index of the last newline (valid when `newlines > 0`).
    var lastNewline = -1

    /// The high bit of every byte of a word.
    static let high: UInt64 = 0x8080_8080_8080_8080
    /// 1 in every byte of a word: `ones &* b` repeats byte `b`.
    static let ones: UInt64 = 0x0101_0101_0101_0101

    /// No bytes yet.
    init() {}

    /// The counts of `bytes[0..<count]`.
    init(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
        let raw = UnsafeRawPointer(bytes)
        var index = 0
        while index + 8 <= count {
            add(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self), at: index)
            index += 8
        }
        while index < count {
            add(bytes[index], at: index)
            index += 1
        }
    }

    /// Whether the eight bytes `word` are ASCII and none is below 0x20 (nothing to count).
    @inline(__always)
    static func isPlain(_ word: UInt64) -> Bool {
        (word | ~((word | high) &- ones &* 0x20)) & high == 0
    }

    /// Counts the eight bytes `word` (little-endian) at `index`.
    ///
    /// NB: a word is looked at closely only when one of its bytes is below 0x20 (a line end, on
    /// average once per line).
    @inline(__always)
    mutating func add(_ word: UInt64, at index: Int) {
        let below = ~((word | Self.high) &- Self.ones &* 0x20) & ~word & Self.high
        guard below != 0 else { return }
        let newline = Self.zeroBytes(word ^ (Self.ones &* 0x0A))
        if newline != 0 {
            newlines += newline.nonzeroBitCount
            lastNewline = index + (63 - newline.leadingZeroBitCount) / 8
        }
        let other = below & ~newline & ~Self.zeroBytes(word ^ (Self.ones &* 0x09)) & ~Self.zeroBytes(word ^ (Self.ones &* 0x0D))
        controls += other.nonzeroBitCount
    }

    /// Counts the byte `byte` at `index`.
    @inline(__always)
    mutating func add(_ byte: UInt8, at index: Int) {
        if byte == 0x0A {
            newlines += 1
            lastNewline = index
        } else if Self.isControl(byte) {
            controls += 1
        }
    }

    /// The high bit of each zero byte of `word`, exactly.
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low) &+ low) | word | low)
    }

    @inline(__always)
    static func isControl(_ byte: UInt8) -> Bool {
        byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D
    }
}
