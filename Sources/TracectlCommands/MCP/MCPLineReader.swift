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
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the next newline resumes (the bytes before it hold none).
    private var scanned = 0
    private var discarding = false
    private var ended = false

    /// A reader of `descriptor` that refuses lines over `limit` bytes.
    init(descriptor: Int32, limit: Int) {
        self.descriptor = descriptor
        self.limit = limit
    }

    /// The next line, or nil at the end of input.
    mutating func next() -> Line? {
        while true {
            if let newline = buffer[max(start, scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                scanned = start
                if discarding {
                    discarding = false
                    return .oversized
                }
                return .message(line)
            }
            if buffer.count - start > limit {
                // NB: an oversized line's bytes are dropped as they come: memory stays bounded.
                buffer.removeAll(keepingCapacity: true)
                (start, scanned) = (0, 0)
                discarding = true
            }
            scanned = buffer.count
            guard !ended else { return finalLine() }
            fill()
        }
    }

    /// What remains at the end of input: a last line without a newline, if any.
    private mutating func finalLine() -> Line? {
        defer { buffer.removeAll(); start = 0; discarding = false }
        if discarding { return .oversized }
        let rest = Array(buffer[start...])
        return rest.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\t") }) ? nil : .message(rest)
    }

    /// Reads what the descriptor has (up to 64 KiB), compacting consumed bytes first.
    private mutating func fill() {
        if start > 0 {
            buffer.removeSubrange(0..<start)
            scanned -= start
            start = 0
        }
        let chunk = 1 << 16
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        let count = buffer.withUnsafeMutableBytes { bytes in
            var result: Int
            repeat { result = read(descriptor, bytes.baseAddress! + old, chunk) } while result < 0 && errno == EINTR
            return result
        }
        buffer.removeSubrange((old + max(count, 0))...)
        if count <= 0 { ended = true }
    }
}
