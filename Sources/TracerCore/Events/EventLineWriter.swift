#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Formats events as JSON lines into raw memory: the recorder's writer loop.
///
/// NB: no `Array` is touched per event (no retain/release, no bounds growth): keys and enum
/// spellings sit in one immortal block, symbols in the snapshot's contiguous bytes, and the caller
/// guarantees room for `maximumLineLength(of:)` bytes before each `write`.
public struct EventLineWriter {
    private let keys = EncodedKeys.shared
    private let symbolBytes: UnsafeBufferPointer<UInt8>
    private let symbolOffsets: UnsafeBufferPointer<Int>

    /// A writer resolving symbols through the given storage (valid while it lives): symbol `i`'s
    /// quoted literal is `symbolBytes[symbolOffsets[i]..<symbolOffsets[i + 1]]`, symbol 0 empty.
    public init(symbolBytes: UnsafeBufferPointer<UInt8>, symbolOffsets: UnsafeBufferPointer<Int>) {
        self.symbolBytes = symbolBytes
        self.symbolOffsets = symbolOffsets
    }

    /// An upper bound of the bytes `write(event, to:)` produces for `event`.
    @inline(__always)
    public func maximumLineLength(of event: TraceEvent) -> Int {
        // NB: a body-eval's `prop` and `site` slots hold counts; read as symbols they only overestimate.
        EncodedKeys.fixedPartBound + symbolLength(event.view) + symbolLength(event.prop)
            + symbolLength(event.site) + symbolLength(event.text) + symbolLength(event.inputs)
            + symbolLength(event.causes)
            + (event.valuesState == .described ? EncodedKeys.valuesBound : 0)
    }

    /// Writes `event` as one `\n`-terminated line at `cursor`; returns the position after it. A
    /// write whose `valuesState` is `described` takes its `old` and `new` texts from `values`.
    @inline(__always)
    public func write(
        _ event: TraceEvent, values: UnsafePointer<WriteValuePair>? = nil, to cursor: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        // NB: one function on purpose. It is the per-event hot path of the recorder's writer loop
        // (and of imported traces), inlined there: one cursor runs through a straight line of
        // stores with no call per field. That line is also the `tracer/1` key order, which
        // goldens pin byte for byte; split into per-field helpers, the order of one line would
        // be spread over several functions.
        var out = cursor
        out = keys.put(.seq, at: out)
        out = keys.decimal.put(event.seq, at: out)
        out = keys.put(.ts, at: out)
        out = keys.decimal.put(event.ts, at: out)
        out = keys.put(.tid, at: out)
        out = keys.decimal.put(UInt64(event.tid), at: out)
        if event.tx != 0 {
            out = keys.put(.tx, at: out)
            out = keys.decimal.put(event.tx, at: out)
        }
        out = keys.put(.kind, at: out)
        out = keys.put(kind: event.kind, at: out)
        out = putSymbol(.view, event.view, at: out)
        let isBodyEval = event.kind == .bodyEval
        if !isBodyEval { out = putSymbol(.prop, event.prop, at: out) }
        if event.wrapper != .none {
            out = keys.put(.wrapper, at: out)
            out = keys.put(wrapper: event.wrapper, at: out)
        }
        if event.changed >= 0 && event.kind != .hitch {
            out = keys.put(.changed, at: out)
            if event.kind == .write {
                out = keys.put(event.changed != 0 ? .trueLiteral : .falseLiteral, at: out)
            } else {
                out = keys.decimal.put(UInt64(event.changed), at: out)
            }
        }
        if !isBodyEval {
            out = putSymbol(event.kind == .updateGroup ? .name : .site, event.site, at: out)
        } else if event.prop.rawValue != 0 {
            out = keys.put(.built, at: out)
            out = keys.decimal.put(UInt64(event.prop.rawValue - 1), at: out)
            out = keys.put(.extractable, at: out)
            out = keys.decimal.put(UInt64(event.site.rawValue &- 1), at: out)
        }
        if event.cause != 0 {
            out = keys.put(.cause, at: out)
            out = keys.decimal.put(event.cause, at: out)
        }
        if isBodyEval { out = putSymbol(.causes, event.causes, at: out) }
        if event.reason != .none {
            out = keys.put(.reason, at: out)
            out = keys.put(reason: event.reason, at: out)
        }
        if isBodyEval { out = putSymbol(.inputs, event.inputs, at: out) }
        if event.hasDuration {
            out = keys.put(.dur, at: out)
            out = keys.decimal.put(event.dur, at: out)
        }
        if event.kind.hasText {
            out = putSymbol(event.kind == .warning ? .message : .name, event.text, at: out)
        } else if event.text.rawValue != 0 {
            out = keys.put(.group, at: out)
            out = keys.decimal.put(UInt64(event.text.rawValue), at: out)
        }
        if event.kind == .hitch && event.changed > 0 {
            out = keys.put(.system, at: out)
            out = keys.put(.trueLiteral, at: out)
        }
        if event.kind == .dropped {
            out = keys.put(.count, at: out)
            out = keys.decimal.put(event.dur, at: out)
        }
        switch event.valuesState {
        case .none: break
        case .described:
            guard let values else { break }
            out = keys.put(.old, at: out)
            out = values.pointee.old.withBytes { JSONString.putQuoted($0, at: out) }
            out = keys.put(.new, at: out)
            out = values.pointee.new.withBytes { JSONString.putQuoted($0, at: out) }
        case .redacted:
            out = keys.put(.values, at: out)
            out = keys.put(.redacted, at: out)
        case .unavailable:
            out = keys.put(.values, at: out)
            out = keys.put(.unavailable, at: out)
        }
        return keys.put(.lineEnd, at: out)
    }

    @inline(__always)
    private func symbolLength(_ symbol: Symbol) -> Int {
        let index = Int(symbol.rawValue)
        guard symbol != .none, index + 1 < symbolOffsets.count else { return 0 }
        return symbolOffsets[index + 1] - symbolOffsets[index]
    }

    @inline(__always)
    private func putSymbol(
        _ key: EncodedKeys.Key, _ symbol: Symbol, at cursor: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        let length = symbolLength(symbol)
        guard length > 0 else { return cursor }
        let out = keys.put(key, at: cursor)
        copyRun(symbolBytes.baseAddress! + symbolOffsets[Int(symbol.rawValue)], length, to: out)
        return out + length
    }
}

/// Field keys and enum spellings of the contract, as bytes in one block allocated once.
struct EncodedKeys: @unchecked Sendable {
    /// Each fixed byte run the writer emits.
    enum Key: Int, CaseIterable {
        case seq, ts, tid, tx, kind, view, prop, wrapper, changed, site, cause, reason, causes, inputs, dur, built, extractable
        case name, message, count, group, system, old, new, values, redacted, unavailable, trueLiteral, falseLiteral, lineEnd
    }

    static let shared = EncodedKeys()

    /// Bytes of a line besides its symbols, digits and value texts never exceed this.
    static let fixedPartBound = 512
    /// Bytes of a write's `old` and `new` texts, quoted and escaped, never exceed this.
    static let valuesBound = 2 * JSONString.maximumQuotedLength(of: ValueText.capacity)

    // NB: immutable after init and never freed, hence @unchecked Sendable.
    private let base: UnsafeMutablePointer<UInt8>
    private let offsets: UnsafeMutablePointer<Int>
    /// The decimal writer, its tables held here for the line loop.
    let decimal = DecimalDigits.shared
    private let kindStart: Int
    private let reasonStart: Int
    private let wrapperStart: Int

    private init() {
        typealias F = TraceSchema.Field
        func key(_ name: String, first: Bool = false) -> [UInt8] {
            Array((first ? "{" : ",").utf8) + JSONString.quoted(name) + Array(":".utf8)
        }
        var runs: [[UInt8]] = Key.allCases.map { run in
            switch run {
            case .seq: return key(F.seq, first: true)
            case .ts: return key(F.ts)
            case .tid: return key(F.tid)
            case .tx: return key(F.tx)
            case .kind: return key(F.kind)
            case .view: return key(F.view)
            case .prop: return key(F.prop)
            case .wrapper: return key(F.wrapper)
            case .changed: return key(F.changed)
            case .site: return key(F.site)
            case .cause: return key(F.cause)
            case .reason: return key(F.reason)
            case .inputs: return key(F.inputs)
            case .causes: return key(F.causes)
            case .dur: return key(F.dur)
            case .built: return key(F.built)
            case .extractable: return key(F.extractable)
            case .name: return key(F.name)
            case .message: return key(F.message)
            case .count: return key(F.count)
            case .group: return key(F.group)
            case .system: return key(F.system)
            case .old: return key(F.old)
            case .new: return key(F.new)
            case .values: return key(F.values)
            case .redacted: return JSONString.quoted(WriteValuesState.redacted.marker!)
            case .unavailable: return JSONString.quoted(WriteValuesState.unavailable.marker!)
            case .trueLiteral: return Array("true".utf8)
            case .falseLiteral: return Array("false".utf8)
            case .lineEnd: return Array("}\n".utf8)
            }
        }
        kindStart = runs.count
        runs += EventKind.allCases.map { JSONString.quoted($0.name) }
        reasonStart = runs.count
        runs += EvalReason.allCases.map { JSONString.quoted($0.name) }
        wrapperStart = runs.count
        runs += WrapperKind.allCases.map { JSONString.quoted($0.name) }
        let bytes = runs.flatMap { $0 }
        base = .allocate(capacity: bytes.count)
        base.initialize(from: bytes, count: bytes.count)
        offsets = .allocate(capacity: runs.count + 1)
        var offset = 0
        for (index, run) in runs.enumerated() {
            offsets[index] = offset
            offset += run.count
        }
        offsets[runs.count] = offset
    }

    @inline(__always)
    private func put(run index: Int, at cursor: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let start = offsets[index]
        let length = offsets[index + 1] - start
        copyRun(base + start, length, to: cursor)
        return cursor + length
    }

    @inline(__always)
    func put(_ key: Key, at cursor: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        put(run: key.rawValue, at: cursor)
    }

    @inline(__always)
    func put(kind: EventKind, at cursor: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        put(run: kindStart + Int(kind.rawValue), at: cursor)
    }

    @inline(__always)
    func put(reason: EvalReason, at cursor: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        put(run: reasonStart + Int(reason.rawValue), at: cursor)
    }

    @inline(__always)
    func put(wrapper: WrapperKind, at cursor: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        put(run: wrapperStart + Int(wrapper.rawValue), at: cursor)
    }
}

/// Copies `count` bytes from `source` to `target` (which do not overlap).
///
/// NB: the runs of a line (keys, names, enum spellings) are a few bytes to a few dozen: up to 32
/// are copied as overlapping 8- or 4-byte words, without a call; nothing outside either run is
/// read or written.
@inline(__always)
private func copyRun(_ source: UnsafePointer<UInt8>, _ count: Int, to target: UnsafeMutablePointer<UInt8>) {
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(target)
    switch count {
    case 8...32:
        var offset = 0
        while offset &+ 8 < count {
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
            offset &+= 8
        }
        to.storeBytes(of: from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self), toByteOffset: count &- 8, as: UInt64.self)
    case 4..<8:
        let head = from.loadUnaligned(as: UInt32.self)
        let tail = from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
        to.storeBytes(of: head, as: UInt32.self)
        to.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
    case 0..<4:
        for index in 0..<count { target[index] = source[index] }
    default:
        target.update(from: source, count: count)
    }
}
