#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The prefix Xcode's console, `NSLog` and `log` put before a message:
/// `2025-05-01 12:00:00.123456+0200 App[123:4567] ` (the process part may be absent).
struct ConsolePrefix {
    /// Nanoseconds since 1970 UTC, when the line starts with a timestamp.
    var timestamp: Int64?
    /// The process id in `App[pid:thread]`.
    var processID: Int32?
    /// The thread part of `App[pid:thread]`, as written (offsets into the line).
    var thread: Range<Int>?
    /// Where the message starts in the line.
    var messageStart = 0

    /// Reads the prefix of `line` (its timestamp with `timestamps`); a line without one is all message.
    init(_ line: UnsafeBufferPointer<UInt8>, timestamps: inout LogTimestamp) {
        guard let first = line.first, first >= 0x30 && first <= 0x39,
              let (timestamp, length) = timestamps.parse(line),
              length < line.count, line[length] == UInt8(ascii: " ")
        else { return }
        self.timestamp = timestamp
        messageStart = length + 1
        readProcess(line)
    }

    /// Reads `App[pid:thread] ` after the timestamp, if there.
    ///
    /// NB: the process name may hold spaces (`My App[12:34]`), so the part ends at the first `] `
    /// whose bracket holds `digits` or `digits:thread`.
    private mutating func readProcess(_ line: UnsafeBufferPointer<UInt8>) {
        let limit = min(line.count - 1, messageStart + 256)
        var index = messageStart
        while index < limit {
            guard let found = memchr(line.baseAddress! + index, Int32(UInt8(ascii: "]")), limit - index) else { return }
            index = line.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if line[index + 1] == UInt8(ascii: " ") { break }
            index += 1
        }
        guard index < limit, let open = line[messageStart..<index].lastIndex(of: UInt8(ascii: "[")), open > messageStart
        else { return }
        var cursor = open + 1
        var pid: Int32 = 0
        while cursor < index, line[cursor] >= 0x30 && line[cursor] <= 0x39, pid < 100_000_000 {
            pid = pid * 10 + Int32(line[cursor] - 0x30)
            cursor += 1
        }
        guard cursor > open + 1 else { return }
        if cursor < index {
            guard line[cursor] == UInt8(ascii: ":"), cursor + 1 < index else { return }
            thread = (cursor + 1)..<index
        }
        processID = pid
        messageStart = index + 2
    }
}
