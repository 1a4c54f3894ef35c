#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process id, for `meta` headers.
public func currentProcessID() -> Int32 { Int32(getpid()) }

/// Encodes `tracer/1` events as JSON lines into a reusable byte buffer, by hand.
///
/// NB: strings (view paths, properties, sites) are escaped once when interned; an event is then
/// written as integers and pre-escaped byte runs, with no `String` and no allocation per event.
public enum JSONLineEncoder {
    /// Appends `string` as a JSON string literal (RFC 8259): quotes, backslash and control
    /// characters escaped, every other valid UTF-8 sequence passed through.
    public static func appendQuoted(_ string: String, to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x00..<0x20, 0x7F:
                buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                buffer.append(hexDigit(byte >> 4))
                buffer.append(hexDigit(byte & 0xF))
            default: buffer.append(byte)
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// `string` as a quoted JSON string literal.
    public static func quoted(_ string: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count + 2)
        appendQuoted(string, to: &bytes)
        return bytes
    }

    /// Appends the decimal digits of `value`.
    @inlinable
    public static func appendDecimal(_ value: UInt64, to buffer: inout [UInt8]) {
        let start = buffer.count
        var rest = value
        repeat {
            buffer.append(UInt8(truncatingIfNeeded: rest % 10) &+ 0x30)
            rest /= 10
        } while rest > 0
        buffer[start...].reverse()
    }

    /// Appends the decimal digits of a signed `value`.
    @inlinable
    public static func appendDecimal(_ value: Int64, to buffer: inout [UInt8]) {
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        appendDecimal(value.magnitude, to: &buffer)
    }

    /// Appends the `meta` header line that opens every trace.
    public static func appendMeta(_ metadata: TraceMetadata, to buffer: inout [UInt8]) {
        typealias F = TraceSchema.Field
        buffer.append(contentsOf: Array("{\"\(F.kind)\":".utf8))
        appendQuoted(EventKind.meta.name, to: &buffer)
        appendStringField(F.schema, TraceSchema.id, to: &buffer)
        appendStringField(F.tool, TraceSchema.tool, to: &buffer)
        if let scenario = metadata.scenario { appendStringField(F.scenario, scenario, to: &buffer) }
        if let variant = metadata.variant { appendStringField(F.variant, variant, to: &buffer) }
        appendStringField(F.unit, TraceSchema.unit, to: &buffer)
        buffer.append(contentsOf: Array(",\"\(F.pid)\":".utf8))
        appendDecimal(Int64(metadata.pid), to: &buffer)
        buffer.append(contentsOf: Array("}\n".utf8))
    }

    private static func appendStringField(_ key: String, _ value: String, to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: ","))
        appendQuoted(key, to: &buffer)
        buffer.append(UInt8(ascii: ":"))
        appendQuoted(value, to: &buffer)
    }

    /// Appends `event` as one line; `symbols[i]` is the quoted JSON literal of symbol `i`.
    public static func append(_ event: TraceEvent, symbols: borrowing SymbolSnapshot, to buffer: inout [UInt8]) {
        let keys = EncodedKeys.shared
        buffer.append(contentsOf: keys.seq)
        appendDecimal(event.seq, to: &buffer)
        buffer.append(contentsOf: keys.ts)
        appendDecimal(event.ts, to: &buffer)
        buffer.append(contentsOf: keys.tid)
        appendDecimal(UInt64(event.tid), to: &buffer)
        if event.tx != 0 {
            buffer.append(contentsOf: keys.tx)
            appendDecimal(event.tx, to: &buffer)
        }
        buffer.append(contentsOf: keys.kind)
        buffer.append(contentsOf: keys.kindValues[Int(event.kind.rawValue)])
        appendSymbol(keys.view, event.view, symbols, &buffer)
        appendSymbol(keys.prop, event.prop, symbols, &buffer)
        if event.wrapper != .none {
            buffer.append(contentsOf: keys.wrapper)
            buffer.append(contentsOf: keys.wrapperValues[Int(event.wrapper.rawValue)])
        }
        if event.changed >= 0 {
            buffer.append(contentsOf: keys.changed)
            if event.kind == .write {
                buffer.append(contentsOf: event.changed != 0 ? keys.trueLiteral : keys.falseLiteral)
            } else {
                appendDecimal(UInt64(event.changed), to: &buffer)
            }
        }
        appendSymbol(keys.site, event.site, symbols, &buffer)
        if event.cause != 0 {
            buffer.append(contentsOf: keys.cause)
            appendDecimal(event.cause, to: &buffer)
        }
        if event.reason != .none {
            buffer.append(contentsOf: keys.reason)
            buffer.append(contentsOf: keys.reasonValues[Int(event.reason.rawValue)])
        }
        if event.hasDuration {
            buffer.append(contentsOf: keys.dur)
            appendDecimal(event.dur, to: &buffer)
        }
        appendSymbol(event.kind == .warning ? keys.message : keys.name, event.text, symbols, &buffer)
        if event.kind == .dropped {
            buffer.append(contentsOf: keys.count)
            appendDecimal(event.count, to: &buffer)
        }
        buffer.append(contentsOf: keys.lineEnd)
    }

    @inline(__always)
    private static func appendSymbol(
        _ key: [UInt8], _ symbol: Symbol, _ symbols: borrowing SymbolSnapshot, _ buffer: inout [UInt8]
    ) {
        guard symbol != .none else { return }
        buffer.append(contentsOf: key)
        buffer.append(contentsOf: symbols[symbol])
    }

    @usableFromInline
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? nibble + 0x30 : nibble - 10 + UInt8(ascii: "a")
    }
}

/// Field keys and enum values as ready-to-append bytes.
struct EncodedKeys: Sendable {
    static let shared = EncodedKeys()

    let seq, ts, tid, tx, kind, view, prop, wrapper, changed, site, cause, reason, dur: [UInt8]
    let name, message, count, trueLiteral, falseLiteral, lineEnd: [UInt8]
    let kindValues, reasonValues, wrapperValues: [[UInt8]]

    private init() {
        typealias F = TraceSchema.Field
        func key(_ name: String, first: Bool = false) -> [UInt8] {
            Array((first ? "{" : ",").utf8) + JSONLineEncoder.quoted(name) + Array(":".utf8)
        }
        seq = key(F.seq, first: true)
        ts = key(F.ts); tid = key(F.tid); tx = key(F.tx); kind = key(F.kind); view = key(F.view)
        prop = key(F.prop); wrapper = key(F.wrapper); changed = key(F.changed); site = key(F.site)
        cause = key(F.cause); reason = key(F.reason); dur = key(F.dur); name = key(F.name)
        message = key(F.message); count = key(F.count)
        trueLiteral = Array("true".utf8); falseLiteral = Array("false".utf8); lineEnd = Array("}\n".utf8)
        kindValues = EventKind.allCases.map { JSONLineEncoder.quoted($0.name) }
        reasonValues = EvalReason.allCases.map { JSONLineEncoder.quoted($0.name) }
        wrapperValues = WrapperKind.allCases.map { JSONLineEncoder.quoted($0.name) }
    }
}
