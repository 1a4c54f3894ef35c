import Tracer

/// Turns change records into `tracer/1` lines: a `write` per named property, then the
/// `body-eval` whose `cause` is the first of them.
///
/// - `seq` counts from 1; `ts` is nanoseconds since the first record's timestamp, or, for input
///   without timestamps, the line number × `lineStep`.
/// - `tx`: a new transaction starts when the timestamp changes (records printed in the same tick
///   belong to one update) or when a view is evaluated a second time (SwiftUI evaluates a body
///   at most once per update), so plain console output is split into updates too.
/// - `tid`: 1, 2, … for the threads in order of appearance; 1 when the input names none (SwiftUI
///   evaluates bodies on the main thread).
/// - Writes carry `"changed":true` and no `wrapper`: the log names a property's storage
///   (`_count`), not whether it is a `@State`, `@StateObject` or `@Environment`.
///
/// NB: lines are built with `JSONLineEncoder`'s helpers into a chunk the caller flushes; each
/// view and property name is escaped once, when first seen.
struct ImportedTraceWriter: ~Copyable {
    /// The `ts` step between lines of input without timestamps: 1 µs.
    static let lineStep: UInt64 = 1_000

    private let metadata: TraceMetadata
    /// Lines not yet handed to the output.
    private(set) var chunk: [UInt8] = []
    private(set) var seq: UInt64 = 0
    private(set) var records = 0
    private var transaction: UInt64 = 0
    private var lastTimestamp: Int64?
    private var firstTimestamp: Int64?
    private var names = ByteInterner()
    /// The quoted JSON literal of each interned name: `quotedNames[quotedEnds[id - 1]..<quotedEnds[id]]`.
    private var quotedNames: [UInt8] = []
    private var quotedEnds: [Int] = [0]
    /// The transaction in which each view (by name id) was last evaluated.
    private var lastTransactionOfView: [UInt64] = [0]
    private var threads = ByteInterner()

    /// A writer whose header names `origin` and what an imported trace can hold.
    init(origin: TraceOrigin) {
        metadata = TraceMetadata(pid: 0, source: origin, capabilities: [.write, .bodyEval, .cause, .writeChanges])
        chunk.reserveCapacity(1 << 17)
    }

    /// The position of a record in the input.
    struct Stamp {
        var line: Int
        var timestamp: Int64?
        var processID: Int32?
        /// The thread's id as written, with 8 readable bytes past its end; nil when unknown.
        var thread: UnsafeBufferPointer<UInt8>?
    }

    /// Appends the events of `record`.
    mutating func append(_ record: ChangeRecord, at stamp: Stamp) {
        if seq == 0 { appendHeader(pid: stamp.processID ?? 0) }
        records += 1
        let view = intern(record.view)
        let tickChanged = stamp.timestamp != nil && stamp.timestamp != lastTimestamp
        if transaction == 0 || tickChanged || lastTransactionOfView[Int(view)] == transaction { transaction += 1 }
        if let timestamp = stamp.timestamp {
            if firstTimestamp == nil { firstTimestamp = timestamp }
            lastTimestamp = timestamp
        }
        lastTransactionOfView[Int(view)] = transaction
        let ts = stamp.timestamp.map { UInt64(clamping: max(0, $0 &- firstTimestamp!)) } ?? UInt64(stamp.line) * Self.lineStep
        let tid = stamp.thread.map { UInt64(threads.intern($0.baseAddress!, $0.count)) } ?? 1
        var firstWrite: UInt64 = 0
        record.forEachProperty { property in
            let prop = intern(property)
            appendPrefix(ts: ts, tid: tid, kind: .write, view: view)
            appendField(Self.propKey, name: prop)
            chunk.append(contentsOf: Self.changedTrue)
            chunk.append(contentsOf: Self.lineEnd)
            if firstWrite == 0 { firstWrite = seq }
        }
        appendPrefix(ts: ts, tid: tid, kind: .bodyEval, view: view)
        if firstWrite != 0 {
            chunk.append(contentsOf: Self.causeKey)
            JSONLineEncoder.appendDecimal(firstWrite, to: &chunk)
        }
        let reason = record.reason
        if reason != .none {
            chunk.append(contentsOf: Self.reasonKey)
            JSONLineEncoder.appendQuoted(reason.name, to: &chunk)
        }
        chunk.append(contentsOf: Self.lineEnd)
    }

    /// Empties the chunk (after the caller wrote it out).
    mutating func clearChunk() { chunk.removeAll(keepingCapacity: true) }

    private mutating func appendHeader(pid: Int32) {
        var header = metadata
        header.pid = pid
        JSONLineEncoder.appendMeta(header, to: &chunk)
    }

    /// `{"seq":…,"ts":…,"tid":…,"tx":…,"kind":…,"view":…` for the next event.
    private mutating func appendPrefix(ts: UInt64, tid: UInt64, kind: EventKind, view: UInt32) {
        seq += 1
        chunk.append(contentsOf: Self.seqKey)
        JSONLineEncoder.appendDecimal(seq, to: &chunk)
        chunk.append(contentsOf: Self.tsKey)
        JSONLineEncoder.appendDecimal(ts, to: &chunk)
        chunk.append(contentsOf: Self.tidKey)
        JSONLineEncoder.appendDecimal(tid, to: &chunk)
        chunk.append(contentsOf: Self.txKey)
        JSONLineEncoder.appendDecimal(transaction, to: &chunk)
        chunk.append(contentsOf: kind == .write ? Self.writeKind : Self.bodyEvalKind)
        appendField(Self.viewKey, name: view)
    }

    private mutating func appendField(_ key: [UInt8], name: UInt32) {
        chunk.append(contentsOf: key)
        chunk.append(contentsOf: quotedNames[quotedEnds[Int(name) - 1]..<quotedEnds[Int(name)]])
    }

    /// The id of `name`, escaping it into `quotedNames` when new.
    ///
    /// NB: `name` lies in a padded line buffer, as `ByteInterner` needs.
    private mutating func intern(_ name: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let id = names.intern(name.baseAddress!, name.count)
        if Int(id) == quotedEnds.count {
            JSONLineEncoder.appendQuoted(String(decoding: name, as: UTF8.self), to: &quotedNames)
            quotedEnds.append(quotedNames.count)
            lastTransactionOfView.append(0)
        }
        return id
    }

    private static func key(_ name: String, first: Bool = false) -> [UInt8] {
        Array((first ? "{" : ",").utf8) + JSONLineEncoder.quoted(name) + Array(":".utf8)
    }

    private typealias F = TraceSchema.Field
    private static let seqKey = key(F.seq, first: true)
    private static let tsKey = key(F.ts)
    private static let tidKey = key(F.tid)
    private static let txKey = key(F.tx)
    private static let viewKey = key(F.view)
    private static let propKey = key(F.prop)
    private static let causeKey = key(F.cause)
    private static let reasonKey = key(F.reason)
    private static let changedTrue = key(F.changed) + Array("true".utf8)
    private static let writeKind = key(F.kind) + JSONLineEncoder.quoted(EventKind.write.name)
    private static let bodyEvalKind = key(F.kind) + JSONLineEncoder.quoted(EventKind.bodyEval.name)
    private static let lineEnd = Array("}\n".utf8)
}
