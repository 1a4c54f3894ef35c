#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TracerCore

/// Bytes read from a pipe or socket, split into whole lines; an incomplete last line waits.
///
/// Every line is held to `maximumLineLength` as it is split out, whether its newline came in
/// the same read or has yet to come.
struct LineBuffer: ~Copyable {
    /// The longest line accepted, newline excluded.
    static let maximumLineLength = 1 << 20
    /// Bytes asked for per read.
    static let readSize = 64 << 10

    /// One line split out of the buffer.
    enum Line {
        /// A line within the limit, newline excluded.
        case whole(UnsafeBufferPointer<UInt8>)
        /// A line longer than the limit: `length` bytes held so far, and whether its newline has
        /// arrived (when not, the rest is still to come).
        case overlong(length: Int, terminated: Bool)
    }

    /// What is wrong with an over-long line, for a log message.
    static func describeOverlong(length: Int, terminated: Bool) -> String {
        "\(terminated ? "" : "over ")\(length) bytes, longer than the \(maximumLineLength)-byte line limit"
    }

    /// The outcome of one read.
    enum ReadOutcome: Equatable {
        case bytes(Int)
        case end
        case wouldBlock
        case failed(Int32)
    }

    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes held: `base[0..<count]`.
    private(set) var count = 0
    /// Where bytes read start being dropped, up to and including the next newline; nil when
    /// no over-long line is being skipped.
    private var skippingFrom: Int?

    init() {
        capacity = Self.readSize * 2
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// Reads once from `descriptor` into the buffer, retrying on EINTR.
    mutating func read(from descriptor: Int32) -> ReadOutcome {
        if capacity - count < Self.readSize {
            base = base.reallocated(keeping: count, capacity: capacity * 2)
            capacity *= 2
        }
        let got = POSIX.readRetrying(descriptor, base + count, capacity - count)
        if got > 0 {
            count += got
            if let start = skippingFrom { skipToLineEnd(from: start) }
            return .bytes(got)
        }
        if got == 0 { return .end }
        switch errno {
        case EAGAIN, EWOULDBLOCK: return .wouldBlock
        default: return .failed(errno)
        }
    }

    /// The line starting at `offset`: whole, or over-long (terminated or not); nil when it is
    /// not complete yet and still within the limit.
    func line(at offset: Int) -> Line? {
        guard offset < count else { return nil }
        guard let newline = memchr(base + offset, 0x0A, count - offset) else {
            return count - offset > Self.maximumLineLength ? .overlong(length: count - offset, terminated: false) : nil
        }
        let length = UnsafeMutableRawPointer(mutating: newline) - UnsafeMutableRawPointer(base + offset)
        guard length <= Self.maximumLineLength else { return .overlong(length: length, terminated: true) }
        return .whole(UnsafeBufferPointer(start: base + offset, count: length))
    }

    /// Drops the over-long line starting at `offset`, which has no newline yet, and everything
    /// after it: bytes read from now on are dropped up to and including the next newline.
    mutating func skipUnterminatedLine(at offset: Int) {
        count = offset
        skippingFrom = offset
    }

    /// Drops the bytes read since skipping began, up to and including the first newline.
    private mutating func skipToLineEnd(from start: Int) {
        guard let newline = memchr(base + start, 0x0A, count - start) else {
            count = start
            return
        }
        let end = UnsafeMutableRawPointer(mutating: newline) - UnsafeMutableRawPointer(base) + 1
        memmove(base + start, base + end, count - end)
        count -= end - start
        skippingFrom = nil
    }

    /// Forgets the bytes before `offset` (at most up to a line being skipped).
    mutating func discard(upTo offset: Int) {
        guard offset > 0 else { return }
        memmove(base, base + offset, count - offset)
        count -= offset
        if let start = skippingFrom { skippingFrom = start - offset }
        if capacity > Self.readSize * 4, count < Self.readSize {
            // NB: give back what one over-long line needed.
            base = base.reallocated(keeping: count, capacity: Self.readSize * 2)
            capacity = Self.readSize * 2
        }
    }
}
