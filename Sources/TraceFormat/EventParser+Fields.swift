import TracerCore
import TraceSupport

/// The field mapping: a known key's value, checked for its type, into its `ParsedEvent` field.
extension EventParser {
    // MARK: Known fields

    @inline(__always)
    mutating func parseKnownValue(
        _ field: TraceField, _ bytes: UnsafePointer<UInt8>, _ index: Int, _ count: Int, _ event: inout ParsedEvent
    ) throws(ParseFailure) -> Int {
        guard index < count else { throw ParseFailure(offset: index, problem: .expectedValue) }
        let first = bytes[index]
        event.fields.insert(field.bit)
        switch field.valueType {
        case .string:
            guard first == UInt8(ascii: "\"") else { throw wrongTypeOrGarbage(field, first, index) }
            let text = try scanString(bytes, index, count)
            Self.setString(field == .view ? views.intern(text.start, text.count) : strings.intern(text.start, text.count), of: field, in: &event)
            return text.next
        case .boolean:
            guard first == UInt8(ascii: "t") || first == UInt8(ascii: "f") else { throw wrongTypeOrGarbage(field, first, index) }
            let isTrue = first == UInt8(ascii: "t")
            event.system = isTrue
            return try expectLiteral(isTrue ? "true" : "false", bytes, index, count)
        case .stringList, .integerList:
            guard first == UInt8(ascii: "[") else { throw wrongTypeOrGarbage(field, first, index) }
            return try parseList(field, bytes, index, count, &event)
        case .booleanOrInteger:
            if first == UInt8(ascii: "t") || first == UInt8(ascii: "f") {
                let isTrue = first == UInt8(ascii: "t")
                event.changed = isTrue ? 1 : 0
                event.changedIsBoolean = true
                return try expectLiteral(isTrue ? "true" : "false", bytes, index, count)
            }
            fallthrough
        case .integer:
            guard first == UInt8(ascii: "-") || (first &- 0x30) < 10 else { throw wrongTypeOrGarbage(field, first, index) }
            let number: ScannedNumber
            if let short = Self.shortInteger(bytes, index) { number = short } else { number = try scanNumber(bytes, index, count) }
            let value: Int64
            if let integer = number.integer {
                value = integer
            } else {
                guard let converted = Self.integralValue(bytes + index, number.next - index) else {
                    throw ParseFailure(offset: index, problem: .wrongType(field))
                }
                value = converted
            }
            try Self.setInteger(value, of: field, at: index, in: &event)
            return number.next
        }
    }

    /// Reads the array whose `[` is at `open` into list `field` of `event`, interned as one string
    /// (an empty array: 0): an array of strings as its elements joined by `", "`, an array of
    /// integers as their 8-byte little-endian words.
    private mutating func parseList(
        _ field: TraceField, _ bytes: UnsafePointer<UInt8>, _ open: Int, _ count: Int, _ event: inout ParsedEvent
    ) throws(ParseFailure) -> Int {
        listBytes.removeAll(keepingCapacity: true)
        var index = skipWhitespace(bytes, open + 1, count)
        if index < count && bytes[index] == UInt8(ascii: "]") {
            Self.setString(0, of: field, in: &event)
            return index + 1
        }
        while true {
            guard index < count else { throw ParseFailure(offset: index, problem: .wrongType(field)) }
            let next: Int
            if field.valueType == .integerList {
                guard bytes[index] == UInt8(ascii: "-") || (bytes[index] &- 0x30) < 10 else { throw ParseFailure(offset: index, problem: .wrongType(field)) }
                let number = try scanNumber(bytes, index, count)
                guard let value = number.integer ?? Self.integralValue(bytes + index, number.next - index) else {
                    throw ParseFailure(offset: index, problem: .wrongType(field))
                }
                withUnsafeBytes(of: value.littleEndian) { listBytes.append(contentsOf: $0) }
                next = number.next
            } else {
                guard bytes[index] == UInt8(ascii: "\"") else { throw ParseFailure(offset: index, problem: .wrongType(field)) }
                let element = try scanString(bytes, index, count)
                if !listBytes.isEmpty { listBytes.append(contentsOf: ", ".utf8) }
                listBytes.append(contentsOf: UnsafeBufferPointer(start: element.start, count: element.count))
                next = element.next
            }
            index = skipWhitespace(bytes, next, count)
            guard index < count else { throw ParseFailure(offset: index, problem: .expectedElementSeparator) }
            if bytes[index] == UInt8(ascii: "]") { break }
            guard bytes[index] == UInt8(ascii: ",") else { throw ParseFailure(offset: index, problem: .expectedElementSeparator) }
            index = skipWhitespace(bytes, index + 1, count)
        }
        Self.setString(internListBytes(), of: field, in: &event)
        return index + 1
    }

    /// Interns the list in `listBytes` as one string.
    private mutating func internListBytes() -> UInt32 { strings.intern(padding: &listBytes) }

    /// Stores interned string `id` as string `field` of `event`.
    @inline(__always)
    static func setString(_ id: UInt32, of field: TraceField, in event: inout ParsedEvent) {
        switch field {
        case .view: event.view = id
        case .kind:
            event.kindName = id
            event.kind = id <= knownKindCount ? EventKind(rawValue: UInt8(id - 1)) : nil
        case .prop: event.prop = id
        case .wrapper: event.wrapper = id
        case .site: event.site = id
        case .reason: event.reason = id
        case .name: event.name = id
        case .message: event.message = id
        case .schema: event.schema = id
        case .tool: event.tool = id
        case .scenario: event.scenario = id
        case .variant: event.variant = id
        case .unit: event.unit = id
        case .old: event.old = id
        case .new: event.new = id
        case .values: event.valuesMarker = id
        case .changes: event.changes = id
        case .inputs: event.inputs = id
        case .causes: event.causes = id
        case .seq, .ts, .tid, .tx, .changed, .cause, .dur, .count, .pid, .conn, .built, .extractable, .group, .system:
            // NB: listed, not `default:`, so that a new field must be given its place here.
            internalCheck(false, "\(field) is not a string field")
        }
    }

    /// Stores `value` as integer `field` (whose value starts at `index`) of `event`.
    @inline(__always)
    static func setInteger(
        _ value: Int64, of field: TraceField, at index: Int, in event: inout ParsedEvent
    ) throws(ParseFailure) {
        switch field {
        case .seq: event.seq = value
        case .ts: event.ts = value
        case .tid: event.tid = value
        case .tx: event.tx = value
        case .cause: event.cause = value
        // NB: a negative duration or count would silently lower every figure built on it.
        case .dur: event.dur = try nonNegative(value, field, at: index)
        case .built: event.built = try nonNegative(value, field, at: index)
        case .extractable: event.extractable = try nonNegative(value, field, at: index)
        case .changed: event.changed = value
        case .count: event.count = value
        case .pid: event.pid = value
        case .conn: event.conn = value
        case .group: event.group = try nonNegative(value, field, at: index)
        case .kind, .system, .view, .prop, .wrapper, .site, .reason, .name, .message, .schema, .tool, .scenario, .variant, .unit,
             .old, .new, .values, .changes, .inputs, .causes:
            // NB: listed, not `default:`, so that a new field must be given its place here.
            internalCheck(false, "\(field) is not an integer field")
        }
    }

    /// `value`, or a failure when it is negative.
    @inline(__always)
    private static func nonNegative(_ value: Int64, _ field: TraceField, at index: Int) throws(ParseFailure) -> Int64 {
        guard value >= 0 else { throw ParseFailure(offset: index, problem: .negative(field)) }
        return value
    }

    private func wrongTypeOrGarbage(_ field: TraceField, _ first: UInt8, _ index: Int) -> ParseFailure {
        let startsValue = "\"{[tfn-0123456789".utf8.contains(first)
        return ParseFailure(offset: index, problem: startsValue ? .wrongType(field) : .expectedValue)
    }
}
