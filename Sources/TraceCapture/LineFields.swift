import TracerCore

/// The top-level members of one JSON object line, as byte ranges: enough to rewrite a line
/// without decoding it.
///
/// NB: checks the object's structure (strings, nesting, separators) and that bare values look
/// like numbers or literals; what the values mean is the reader's business.
struct LineFields {
    /// One `"key": value` member.
    struct Member {
        /// The key's bytes, without quotes.
        var key: Range<Int>
        /// The value's bytes, quotes included for strings.
        var value: Range<Int>
    }

    /// The members of the last line scanned, in order.
    private(set) var members: [Member] = []
    /// Indices into `members` of the fields capture cares about.
    private(set) var seq: Int?, ts: Int?, tx: Int?, cause: Int?, kind: Int?, view: Int?, count: Int?, dur: Int?

    init() { members.reserveCapacity(32) }

    /// Scans `line`; false when it is not a single JSON object.
    mutating func scan(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        members.removeAll(keepingCapacity: true)
        (seq, ts, tx, cause, kind, view, count, dur) = (nil, nil, nil, nil, nil, nil, nil, nil)
        var index = skipWhitespace(line, 0)
        guard index < line.count, line[index] == UInt8(ascii: "{") else { return false }
        index = skipWhitespace(line, index + 1)
        if index < line.count, line[index] == UInt8(ascii: "}") {
            return skipWhitespace(line, index + 1) == line.count
        }
        while true {
            guard index < line.count, line[index] == UInt8(ascii: "\""), let keyEnd = stringEnd(line, index) else { return false }
            let key = (index + 1)..<(keyEnd - 1)
            index = skipWhitespace(line, keyEnd)
            guard index < line.count, line[index] == UInt8(ascii: ":") else { return false }
            let valueStart = skipWhitespace(line, index + 1)
            guard let valueEnd = valueEnd(line, valueStart) else { return false }
            note(key, in: line, at: members.count)
            members.append(Member(key: key, value: valueStart..<valueEnd))
            index = skipWhitespace(line, valueEnd)
            guard index < line.count else { return false }
            if line[index] == UInt8(ascii: "}") { return skipWhitespace(line, index + 1) == line.count }
            guard line[index] == UInt8(ascii: ",") else { return false }
            index = skipWhitespace(line, index + 1)
        }
    }

    /// The integer value of member `index`, or nil when absent or not an integer.
    func integer(_ index: Int?, in line: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard let index else { return nil }
        let range = members[index].value
        guard !range.isEmpty, range.count <= 19 else { return nil }
        var value: Int64 = 0
        for offset in range {
            let digit = line[offset] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int64(digit)
        }
        return value
    }

    /// The bytes of string member `index` between its quotes, or nil when absent or not a string.
    func string(_ index: Int?, in line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        guard let index else { return nil }
        let range = members[index].value
        guard range.count >= 2, line[range.lowerBound] == UInt8(ascii: "\"") else { return nil }
        return UnsafeBufferPointer(rebasing: line[(range.lowerBound + 1)..<(range.upperBound - 1)])
    }

    private mutating func note(_ key: Range<Int>, in line: UnsafeBufferPointer<UInt8>, at index: Int) {
        let name = UnsafeBufferPointer(rebasing: line[key])
        typealias Keys = CaptureKeys
        if name.elementsEqual(Keys.seq) { seq = index }
        else if name.elementsEqual(Keys.ts) { ts = index }
        else if name.elementsEqual(Keys.tx) { tx = index }
        else if name.elementsEqual(Keys.cause) { cause = index }
        else if name.elementsEqual(Keys.kind) { kind = index }
        else if name.elementsEqual(Keys.view) { view = index }
        else if name.elementsEqual(Keys.count) { count = index }
        else if name.elementsEqual(Keys.dur) { dur = index }
    }

    /// The first of `seq`, `ts` and `dur` whose value is a whole number over 2^63 − 1, which no
    /// reader reads, with the column where its value starts; nil when there is none.
    func beyondInt64(in line: UnsafeBufferPointer<UInt8>) -> (key: String, column: Int)? {
        typealias F = TraceSchema.Field
        if let column = Self.beyondInt64(seq.map { members[$0].value }, line) { return (F.seq, column) }
        if let column = Self.beyondInt64(ts.map { members[$0].value }, line) { return (F.ts, column) }
        if let column = Self.beyondInt64(dur.map { members[$0].value }, line) { return (F.dur, column) }
        return nil
    }

    /// The column of the value at `range` of `line` when it is a whole number over 2^63 − 1.
    private static func beyondInt64(_ range: Range<Int>?, _ line: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let range, range.count >= 19, range.allSatisfy({ line[$0] &- UInt8(ascii: "0") < 10 }) else { return nil }
        // NB: 19 digits or more, all digits: over 2^63 − 1 exactly when it does not parse as an Int64.
        let fits = range.count == 19 && Int64(String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)) != nil
        return fits ? nil : range.lowerBound + 1
    }

    private func skipWhitespace(_ line: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        var index = start
        while index < line.count, line[index] == 0x20 || line[index] == 0x09 || line[index] == 0x0D { index += 1 }
        return index
    }

    /// The index past the string starting at `start` (a quote), or nil when unterminated.
    private func stringEnd(_ line: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int? {
        var index = start + 1
        while index < line.count {
            switch line[index] {
            case UInt8(ascii: "\""): return index + 1
            case UInt8(ascii: "\\"): index += 2
            case 0..<0x20: return nil
            default: index += 1
            }
        }
        return nil
    }

    /// The index past the value starting at `start`, or nil when it is malformed.
    private func valueEnd(_ line: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int? {
        guard start < line.count else { return nil }
        switch line[start] {
        case UInt8(ascii: "\""):
            return stringEnd(line, start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var index = start
            while index < line.count {
                switch line[index] {
                case UInt8(ascii: "\""):
                    guard let end = stringEnd(line, index) else { return nil }
                    index = end
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default: break
                }
                index += 1
            }
            return nil
        default:
            var index = start
            while index < line.count, Self.isBareValueByte(line[index]) { index += 1 }
            guard index > start else { return nil }
            let bare = UnsafeBufferPointer(rebasing: line[start..<index])
            let isLiteral = bare.elementsEqual("true".utf8) || bare.elementsEqual("false".utf8) || bare.elementsEqual("null".utf8)
            guard isLiteral || bare.allSatisfy(Self.isNumberByte) else { return nil }
            return index
        }
    }

    private static func isBareValueByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || isNumberByte(byte)
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }
}

/// The contract's field names and kind names as bytes, for comparing raw lines.
enum CaptureKeys {
    typealias F = TraceSchema.Field
    static let seq = Array(F.seq.utf8)
    static let ts = Array(F.ts.utf8)
    static let tx = Array(F.tx.utf8)
    static let cause = Array(F.cause.utf8)
    static let kind = Array(F.kind.utf8)
    static let view = Array(F.view.utf8)
    static let count = Array(F.count.utf8)
    static let dur = Array(F.dur.utf8)
    /// Every known kind's name, indexed by `EventKind.rawValue`.
    static let kindNames = EventKind.allCases.map { Array($0.name.utf8) }
}
