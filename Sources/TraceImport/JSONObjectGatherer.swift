/// Gathers the top-level JSON objects of `log`'s output from its lines: one per line
/// (`--style ndjson`) or spread over many inside one array (`--style json`).
///
/// NB: only the object being gathered is held (at most `maximumLength` bytes), so memory does not
/// grow with the log. A JSON string cannot span lines, so a line ending inside one ends the object
/// as malformed rather than swallowing the rest of the file.
struct JSONObjectGatherer {
    /// What a line contributes.
    enum Piece {
        /// A whole object (its bytes, valid until the next call) starting at `line`:`column`.
        case object(UnsafeBufferPointer<UInt8>, line: Int, column: Int)
        /// A line with text outside any object (e.g. `log stream`'s "Filtering the log data…").
        case foreignLine
        case malformed(line: Int, column: Int, message: String)
    }

    static let maximumLength = 1 << 20
    private var buffer: [UInt8] = []
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var startLine = 0
    private var startColumn = 0

    /// Where the object still open began, if any (a cut-off last record).
    var openObject: (line: Int, column: Int)? { depth > 0 ? (startLine, startColumn) : nil }

    /// Scans `line` (number `number`), calling `emit` for each piece it completes.
    mutating func feed(_ line: UnsafeBufferPointer<UInt8>, number: Int, _ emit: (Piece) -> Void) {
        var segmentStart = 0
        var index = 0
        while index < line.count {
            let byte = line[index]
            if depth == 0 {
                switch byte {
                case UInt8(ascii: "{"):
                    (depth, inString, escaped) = (1, false, false)
                    (startLine, startColumn, segmentStart) = (number, index + 1, index)
                case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0D, UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","):
                    break
                default:
                    return emit(.foreignLine)
                }
            } else if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: line[segmentStart...index]))
                        buffer.withUnsafeBufferPointer { emit(.object($0, line: startLine, column: startColumn)) }
                        buffer.removeAll(keepingCapacity: buffer.capacity <= Self.maximumLength)
                    }
                default: break
                }
            }
            index += 1
        }
        guard depth > 0 else { return }
        if inString {
            depth = 0
            buffer.removeAll()
            return emit(.malformed(line: number, column: line.count + 1, message: "expected '\"' to end the string before the line ends"))
        }
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: line[segmentStart...]))
        buffer.append(0x0A)
        if buffer.count > Self.maximumLength {
            depth = 0
            buffer.removeAll()
            emit(.malformed(line: startLine, column: startColumn, message: "expected a log record of at most \(Self.maximumLength) bytes"))
        }
    }
}
