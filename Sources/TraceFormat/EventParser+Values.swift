#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The other tokens: whitespace, literals, and unknown fields' values (skipped, but validated).
extension EventParser {
    @inline(__always)
    func skipWhitespace(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ count: Int) -> Int {
        // NB: JSON whitespace is at most 0x20, and so are the `\n` or 0 after the line: a larger
        // byte at `start` (the usual case) needs no bounds check.
        if bytes[start] > 0x20 { return start }
        var index = start
        while index < count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A else { break }
            index += 1
        }
        return index
    }

    func expectLiteral(
        _ literal: StaticString, _ bytes: UnsafePointer<UInt8>, _ start: Int, _ count: Int
    ) throws(ParseFailure) -> Int {
        let length = literal.utf8CodeUnitCount
        guard start + length <= count, memcmp(bytes + start, literal.utf8Start, length) == 0 else {
            throw ParseFailure(offset: start, problem: .expectedLiteral(literal.description))
        }
        return start + length
    }

    // MARK: Unknown values

    private static let objectContainer: UInt8 = 1
    private static let arrayContainer: UInt8 = 2

    /// Skips (and validates) any JSON value at `start`, nested objects and arrays included.
    mutating func skipValue(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ count: Int) throws(ParseFailure) -> Int {
        var index = start
        var depth = 0
        while true {
            // A value is expected at `index`.
            guard index < count else { throw ParseFailure(offset: index, problem: .expectedValue) }
            var opened = false
            switch bytes[index] {
            case UInt8(ascii: "\""): index = try scanString(bytes, index, count).next
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): index = try scanNumber(bytes, index, count).next
            case UInt8(ascii: "t"): index = try expectLiteral("true", bytes, index, count)
            case UInt8(ascii: "f"): index = try expectLiteral("false", bytes, index, count)
            case UInt8(ascii: "n"): index = try expectLiteral("null", bytes, index, count)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[index] == UInt8(ascii: "{")
                let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                index = skipWhitespace(bytes, index + 1, count)
                if index < count && bytes[index] == close {
                    index += 1
                } else {
                    guard depth < Self.maximumDepth else { throw ParseFailure(offset: index, problem: .tooDeep) }
                    containers[depth] = isObject ? Self.objectContainer : Self.arrayContainer
                    depth += 1
                    if isObject { index = try skipKeyAndColon(bytes, index, count, first: true) }
                    opened = true
                }
            default: throw ParseFailure(offset: index, problem: .expectedValue)
            }
            if opened { continue }
            // After a value: close containers or move to the next element.
            var nextValue = false
            while depth > 0 && !nextValue {
                index = skipWhitespace(bytes, index, count)
                let isObject = containers[depth - 1] == Self.objectContainer
                let separatorProblem: ParseFailure.Problem = isObject ? .expectedFieldSeparator : .expectedElementSeparator
                guard index < count else { throw ParseFailure(offset: index, problem: separatorProblem) }
                switch bytes[index] {
                case UInt8(ascii: ","):
                    index = skipWhitespace(bytes, index + 1, count)
                    if isObject { index = try skipKeyAndColon(bytes, index, count, first: false) }
                    nextValue = true
                case isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"):
                    index += 1
                    depth -= 1
                default: throw ParseFailure(offset: index, problem: separatorProblem)
                }
            }
            if !nextValue { return index }
        }
    }

    /// Skips `"key" :` and the whitespace after it, inside an unknown object.
    private mutating func skipKeyAndColon(
        _ bytes: UnsafePointer<UInt8>, _ start: Int, _ count: Int, first: Bool
    ) throws(ParseFailure) -> Int {
        guard start < count && bytes[start] == UInt8(ascii: "\"") else {
            throw ParseFailure(offset: start, problem: first ? .expectedKeyOrEnd : .expectedKey)
        }
        let index = skipWhitespace(bytes, try scanString(bytes, start, count).next, count)
        guard index < count && bytes[index] == UInt8(ascii: ":") else {
            throw ParseFailure(offset: index, problem: .expectedColon)
        }
        return skipWhitespace(bytes, index + 1, count)
    }
}
