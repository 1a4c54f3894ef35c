#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process id, for `meta` headers.
public func currentProcessID() -> Int32 { Int32(getpid()) }

/// Encodes `tracer/1` events as JSON lines into a reusable byte buffer, by hand.
///
/// NB: strings (view paths, properties, sites) are escaped (`JSONString`) once when interned; an event is then
/// written as integers and pre-escaped byte runs, with no `String` and no allocation per event.
public enum JSONLineEncoder {
    /// Appends the decimal digits of `value`.
    @inlinable
    public static func appendDecimal(_ value: UInt64, to buffer: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DecimalDigits.maximumCount) { digits in
            let end = DecimalDigits.put(value, at: digits.baseAddress!)
            buffer.append(contentsOf: UnsafeBufferPointer(start: digits.baseAddress!, count: digits.baseAddress!.distance(to: end)))
        }
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
        JSONString.appendQuoted(EventKind.meta.name, to: &buffer)
        appendStringField(F.schema, TraceSchema.id, to: &buffer)
        appendStringField(F.tool, TraceSchema.tool, to: &buffer)
        if let scenario = metadata.scenario { appendStringField(F.scenario, scenario, to: &buffer) }
        if let variant = metadata.variant { appendStringField(F.variant, variant, to: &buffer) }
        appendStringField(F.unit, TraceSchema.unit, to: &buffer)
        buffer.append(contentsOf: Array(",\"\(F.pid)\":".utf8))
        appendDecimal(Int64(metadata.pid), to: &buffer)
        if let source = metadata.source { appendStringField(F.source, source.rawValue, to: &buffer) }
        if let capabilities = metadata.capabilities {
            buffer.append(contentsOf: Array(",\"\(F.capabilities)\":[".utf8))
            for (index, capability) in capabilities.enumerated() {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                JSONString.appendQuoted(capability.rawValue, to: &buffer)
            }
            buffer.append(UInt8(ascii: "]"))
        }
        let recording = metadata.recording
        if let instruments = recording.instruments { appendStringField(F.instruments, instruments, to: &buffer) }
        if let run = recording.run {
            buffer.append(contentsOf: Array(",\"\(F.run)\":".utf8))
            appendDecimal(Int64(run), to: &buffer)
        }
        if let device = recording.device { appendStringField(F.device, device, to: &buffer) }
        if let os = recording.os { appendStringField(F.os, os, to: &buffer) }
        if let bodyTable = recording.bodyTable { appendStringField(F.bodyTable, bodyTable, to: &buffer) }
        buffer.append(contentsOf: Array("}\n".utf8))
    }

    private static func appendStringField(_ key: String, _ value: String, to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: ","))
        JSONString.appendQuoted(key, to: &buffer)
        buffer.append(UInt8(ascii: ":"))
        JSONString.appendQuoted(value, to: &buffer)
    }
}

