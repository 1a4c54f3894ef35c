#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads newline-framed messages from a descriptor; a line longer than the limit is given up on
/// (reported once) and reading resumes after its newline.
struct MCPLineReader {
    /// What `next()` hands back.
    enum Line {
        /// A line's bytes, without its newline (or a final line without one).
        case message([UInt8])
        /// A line of more than `limit` bytes, skipped up to its newline.
        case oversized
    }

    private let descriptor: Int32
    private let limit: Int
    /// The bytes read and not yet handed out: `pending[start...]`.
    private var pending: [UInt8] = []
    private var start = 0
    /// Where the search for the next newline resumes (the bytes before it hold none).
    private var scanned = 0
    /// Whether the current line went over the limit: its bytes are dropped up to its newline.
    private var discarding = false
    private var ended = false
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    /// A reader of `descriptor` that refuses lines over `limit` bytes.
    init(descriptor: Int32, limit: Int) {
        self.descriptor = descriptor
        self.limit = limit
    }

    /// The next line, or nil at the end of input.
    mutating func next() -> Line? {
        while true {
            if let newline = Self.newline(in: pending, from: max(start, scanned)) {
                let line = Array(pending[start..<newline])
                (start, scanned) = (newline + 1, newline + 1)
                if discarding {
                    discarding = false
                    return .oversized
                }
                return .message(line)
            }
            scanned = pending.count
            if pending.count - start > limit {
                // NB: an oversized line's bytes are dropped as they come: memory stays bounded.
                pending.removeAll(keepingCapacity: true)
                (start, scanned) = (0, 0)
                discarding = true
            }
            guard !ended else { return finalLine() }
            fill()
        }
    }

    /// The index of the first newline in `bytes` from `offset`, if any.
    private static func newline(in bytes: [UInt8], from offset: Int) -> Int? {
        guard offset < bytes.count else { return nil }
        return bytes.withUnsafeBytes { buffer in
            memchr(buffer.baseAddress! + offset, Int32(UInt8(ascii: "\n")), buffer.count - offset).map { buffer.baseAddress!.distance(to: UnsafeRawPointer($0)) }
        }
    }

    /// What remains at the end of input: a last line without a newline, if any.
    private mutating func finalLine() -> Line? {
        defer {
            pending.removeAll()
            (start, scanned, discarding) = (0, 0, false)
        }
        if discarding { return .oversized }
        let rest = pending[start...]
        return rest.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\t") } ? nil : .message(Array(rest))
    }

    /// Reads what the descriptor has (up to 64 KiB), consumed bytes dropped first.
    private mutating func fill() {
        if start > 0 {
            pending.removeSubrange(0..<start)
            scanned -= start
            start = 0
        }
        let count = chunk.withUnsafeMutableBytes { buffer in
            var result: Int
            repeat { result = read(descriptor, buffer.baseAddress!, buffer.count) } while result < 0 && errno == EINTR
            return result
        }
        guard count > 0 else {
            ended = true
            return
        }
        pending.append(contentsOf: chunk[..<count])
    }
}
