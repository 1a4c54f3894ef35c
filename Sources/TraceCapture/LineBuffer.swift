#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes read from a pipe or socket, split into whole lines; an incomplete last line waits.
struct LineBuffer: ~Copyable {
    /// The longest line accepted, newline excluded.
    static let maximumLineLength = 1 << 20
    /// Bytes asked for per read.
    static let readSize = 64 << 10

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

    init() {
        capacity = Self.readSize * 2
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// Reads once from `descriptor` into the buffer, retrying on EINTR.
    mutating func read(from descriptor: Int32) -> ReadOutcome {
        if capacity - count < Self.readSize {
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
            grown.update(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        while true {
            let got = Glibc.read(descriptor, base + count, capacity - count)
            if got > 0 {
                count += got
                return .bytes(got)
            }
            if got == 0 { return .end }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed(errno)
            }
        }
    }

    /// The whole line starting at `offset` (newline excluded), or nil when it is not complete yet.
    func line(at offset: Int) -> UnsafeBufferPointer<UInt8>? {
        guard offset < count, let newline = memchr(base + offset, 0x0A, count - offset) else { return nil }
        let length = UnsafeMutableRawPointer(mutating: newline) - UnsafeMutableRawPointer(base + offset)
        return UnsafeBufferPointer(start: base + offset, count: length)
    }

    /// Forgets the bytes before `offset`.
    mutating func discard(upTo offset: Int) {
        guard offset > 0 else { return }
        memmove(base, base + offset, count - offset)
        count -= offset
        if capacity > Self.readSize * 4, count < Self.readSize {
            // NB: give back what one over-long line needed.
            let shrunk = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.readSize * 2)
            shrunk.update(from: base, count: count)
            base.deallocate()
            base = shrunk
            capacity = Self.readSize * 2
        }
    }
}
