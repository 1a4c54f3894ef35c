import TraceFormat
import TracerCore
import TraceSupport

/// Turns change records into `tracer/1` lines: a `write` per named property, then the
/// `body-eval` whose `cause` is the first of them and, when there are several, whose `causes`
/// lists them all.
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
/// NB: events are formatted by Tracer's `EventLineWriter` into raw memory the caller flushes;
/// names are interned and escaped once, into the symbol layout that writer reads.
package struct ImportedTraceWriter: ~Copyable {
    /// The `ts` step between lines of input without timestamps: 1 µs.
    static let lineStep: UInt64 = 1_000

    private var metadata: TraceMetadata
    /// The lines not yet handed to the output.
    private var lines = FlatArray<UInt8>(capacity: 1 << 17)
    /// The `seq` of the last event written (0: none yet).
    package private(set) var seq: UInt64 = 0
    private(set) var records = 0
    private var transaction: UInt64 = 0
    private var lastTimestamp: Int64?
    private var firstTimestamp: Int64?
    /// Records whose timestamp a trace cannot place (see `placed`), and the first one's line.
    private(set) var clampedTimes = 0
    private(set) var firstClampedLine: Int?
    private var names = ByteInterner()
    /// Each interned name's quoted literal, laid out as `EventLineWriter` reads symbols.
    private var symbolBytes: [UInt8] = []
    private var symbolOffsets: [Int] = [0, 0]
    /// The transaction in which each view (by symbol) was last evaluated.
    private var lastTransactionOfView: [UInt64] = [0]
    private var threads = ByteInterner()
    /// The current record's property symbols.
    private var properties: [Symbol] = []

    /// A writer whose header is `metadata` (its `pid` replaced by the first record's, if any).
    package init(metadata: TraceMetadata) {
        self.metadata = metadata
    }

    /// The lines not yet handed to the output.
    var chunk: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: lines.pointer, count: lines.count) }

    /// Takes `capability` out of the header's.
    ///
    /// NB: only before the first event (which writes the header).
    mutating func removeCapability(_ capability: TraceCapability) {
        precondition(seq == 0, "the header is already written")
        metadata.capabilities?.removeAll { $0 == capability }
    }

    /// Adds `capability` to the header's.
    ///
    /// NB: only before the first event (which writes the header).
    mutating func listCapability(_ capability: TraceCapability) {
        precondition(seq == 0, "the header is already written")
        metadata = metadata.listing(capability)
    }

    /// Hands the chunk to `output` once it holds `threshold` bytes or more, and empties it.
    package mutating func flushChunk(into output: inout some TextOutputStream, threshold: Int = 0) {
        guard lines.count > 0, lines.count >= threshold else { return }
        output.write(utf8: chunk)
        lines.count = 0
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
        let index = Int(view.rawValue)
        let tickChanged = stamp.timestamp != nil && stamp.timestamp != lastTimestamp
        if transaction == 0 || tickChanged || lastTransactionOfView[index] == transaction { transaction += 1 }
        lastTransactionOfView[index] = transaction
        if let timestamp = stamp.timestamp {
            if firstTimestamp == nil { firstTimestamp = timestamp }
            lastTimestamp = timestamp
        }
        properties.removeAll(keepingCapacity: true)
        record.forEachProperty { properties.append(intern($0)) }
        var event = TraceEvent(kind: .write)
        event.ts = stamp.timestamp.map { placed($0, line: stamp.line) } ?? UInt64(stamp.line) &* Self.lineStep
        event.tid = stamp.thread.map { UInt16(clamping: threads.internRecent($0.baseAddress!, $0.count)) } ?? 1
        event.tx = transaction
        event.view = view
        let firstWrite = seq + 1
        let causes = properties.count > 1 ? pushCauses(firstWrite..<firstWrite + UInt64(properties.count)) : .none
        defer { if causes != .none { popSymbol() } }
        symbolBytes.withUnsafeBufferPointer { bytes in
            symbolOffsets.withUnsafeBufferPointer { offsets in
                let writer = EventLineWriter(symbolBytes: bytes, symbolOffsets: offsets)
                event.changed = 1
                for property in properties {
                    event.prop = property
                    put(&event, writer)
                }
                event.kind = .bodyEval
                event.prop = .none
                event.changed = -1
                event.cause = properties.isEmpty ? 0 : firstWrite
                event.causes = causes
                event.reason = record.reason
                put(&event, writer)
            }
        }
    }

    /// The `ts` of a record stamped `timestamp`: ns after the first record's. One before it, or
    /// further from it than 2^63 − 1 ns, or outside the years 1678–2262 (`LogTimestamp` saturates)
    /// is placed at 0 or 2^63 − 1 and counted in `clampedTimes` (the first's `line` kept).
    private mutating func placed(_ timestamp: Int64, line: Int) -> UInt64 {
        let (difference, overflow) = timestamp.subtractingReportingOverflow(firstTimestamp!)
        let saturated = timestamp == .max || timestamp == .min || firstTimestamp == .max || firstTimestamp == .min
        if !overflow && !saturated && difference >= 0 { return UInt64(difference) }
        clampedTimes += 1
        if firstClampedLine == nil { firstClampedLine = line }
        return timestamp < firstTimestamp! ? 0 : UInt64(Int64.max)
    }

    /// Writes `event` with the next `seq` (the header first, with `metadata`'s pid, if not yet
    /// written); returns that `seq`. Its symbols come from `intern(_:)`; a write whose values are
    /// described takes them from `values`; a write that says what changed, `changes` (a symbol);
    /// an evaluation of several causes, `causes` (every one's `seq`, the first its `cause`).
    @discardableResult
    package mutating func append(
        _ event: TraceEvent, values: WriteValuePair? = nil, changes: Symbol = .none, causes: [UInt64] = []
    ) -> UInt64 {
        if seq == 0 { appendHeader(pid: metadata.pid) }
        var event = event
        if causes.count > 1 { event.causes = pushCauses(causes) }
        defer { if causes.count > 1 { popSymbol() } }
        symbolBytes.withUnsafeBufferPointer { bytes in
            symbolOffsets.withUnsafeBufferPointer { offsets in
                put(&event, EventLineWriter(symbolBytes: bytes, symbolOffsets: offsets), values: values)
            }
        }
        if changes != .none { appendChanges(changes) }
        return seq
    }

    /// `,"changes":"…"` added to the line just written, before its `}`.
    ///
    /// NB: the field is the import's own: `EventLineWriter`, the recorder's, has no slot for it.
    private mutating func appendChanges(_ changes: Symbol) {
        let start = symbolOffsets[Int(changes.rawValue)], end = symbolOffsets[Int(changes.rawValue) + 1]
        lines.count -= 2
        lines.append(Self.changesKey, count: Self.changesKey.count)
        symbolBytes.withUnsafeBufferPointer { lines.append($0.baseAddress! + start, count: end - start) }
        lines.append(Self.lineEnd, count: Self.lineEnd.count)
    }

    /// The bytes of `,"changes":` and of a line's end.
    private static let changesKey = Array(",\"\(TraceSchema.Field.changes)\":".utf8), lineEnd = Array("}\n".utf8)

    /// The symbol of `name`, for events given to `append(_:)`.
    package mutating func intern(_ name: String) -> Symbol {
        var bytes = Array(name.utf8)
        let count = bytes.count
        // NB: `ByteInterner` reads whole words past the name's end.
        bytes += repeatElement(0, count: 8)
        return bytes.withUnsafeBufferPointer { intern(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    /// Gives `event` the next `seq` and writes it.
    @inline(__always)
    private mutating func put(_ event: inout TraceEvent, _ writer: EventLineWriter, values: WriteValuePair? = nil) {
        seq += 1
        event.seq = seq
        lines.reserve(lines.count + writer.maximumLineLength(of: event))
        let cursor = lines.pointer + lines.count
        let end = if let values { withUnsafePointer(to: values) { writer.write(event, values: $0, to: cursor) } }
            else { writer.write(event, to: cursor) }
        lines.count = lines.pointer.distance(to: end)
    }

    private mutating func appendHeader(pid: Int32) {
        var header = metadata
        header.pid = pid
        var line: [UInt8] = []
        JSONLineEncoder.appendMeta(header, to: &line)
        lines.append(line, count: line.count)
    }

    /// A symbol, last in `symbolBytes`, whose literal is the `causes` list of `seqs` (`[12,13]`);
    /// `popSymbol()` removes it once the evaluation is written.
    ///
    /// NB: one evaluation's list, not interned: the table does not grow with the records.
    private mutating func pushCauses(_ seqs: some Sequence<UInt64>) -> Symbol {
        symbolBytes.append(UInt8(ascii: "["))
        for (position, seq) in seqs.enumerated() {
            if position > 0 { symbolBytes.append(UInt8(ascii: ",")) }
            symbolBytes.append(contentsOf: String(seq).utf8)
        }
        symbolBytes.append(UInt8(ascii: "]"))
        symbolOffsets.append(symbolBytes.count)
        return Symbol(rawValue: UInt32(symbolOffsets.count - 2))
    }

    /// Removes the symbol `pushCauses` added.
    private mutating func popSymbol() {
        symbolOffsets.removeLast()
        symbolBytes.removeLast(symbolBytes.count - symbolOffsets[symbolOffsets.count - 1])
    }

    /// The symbol of `name`, escaping it into `symbolBytes` when new.
    ///
    /// NB: `name` lies in a padded buffer, as `ByteInterner` needs.
    private mutating func intern(_ name: UnsafeBufferPointer<UInt8>) -> Symbol {
        let id = names.internRecent(name.baseAddress!, name.count)
        if Int(id) == symbolOffsets.count - 1 {
            JSONString.appendQuoted(String(decoding: name, as: UTF8.self), to: &symbolBytes)
            symbolOffsets.append(symbolBytes.count)
            lastTransactionOfView.append(0)
        }
        return Symbol(rawValue: id)
    }
}
