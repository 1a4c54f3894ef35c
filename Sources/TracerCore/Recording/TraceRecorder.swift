#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import Synchronization

/// Records `tracer/1` events from any thread and writes them as JSON lines to a sink.
///
/// The calling thread only copies a fixed-size `TraceEvent` into a preallocated chunk under a
/// short lock (which also assigns `seq`, so file order is `seq` order); a background writer
/// formats the JSON at most 50 ms later. A recorder that is not recording costs one branch.
///
/// A sink error is reported once on standard error and recording stops; the host keeps running.
public final class TraceRecorder: Sendable {
    /// Events per preallocated chunk.
    static let chunkCapacity = 16_384
    /// Chunks that may be waiting for the writer before events are dropped (~100 MB).
    static let maximumChunks = 96
    /// How often the writer wakes on its own: the latency bound of a line reaching the sink.
    static let writerInterval = DispatchTimeInterval.milliseconds(50)

    /// The strings events refer to.
    public let symbols: SymbolTable
    /// Where `ts` comes from.
    public let clock: TraceClock
    /// What the `meta` header says.
    public let metadata: TraceMetadata
    /// Whether writes carry their values (`old`/`new` or the `values` marker); see `record(_:values:)`.
    public let recordsValues: Bool

    @usableFromInline let recording: Atomic<Bool>
    @usableFromInline let origin: UInt64
    @usableFromInline let chunks: LockedBox<ChunkQueue>
    // NB: the writer's state lives in its own object, so that the writer updating its buffer
    // never shares a cache line with the producers' lock.
    private let writer: WriterBox
    private let wake = DispatchSemaphore(value: 0)
    private let writerFinished = DispatchSemaphore(value: 0)
    private let closing = Atomic<Bool>(false)

    /// A recorder writing to `sink`; the `meta` header is written at once. With `values` (by
    /// default, when `TRACER_VALUES=1`), writes carry their values and the header lists the
    /// `values` capability.
    public init(
        sink: any TraceSink, metadata: TraceMetadata = TraceMetadata(), clock: TraceClock = .monotonic,
        values: Bool = TraceRecorder.valuesRequested()
    ) {
        self.symbols = SymbolTable()
        self.clock = clock
        self.metadata = values ? metadata.listing(.values) : metadata
        self.recordsValues = values
        self.origin = clock.now()
        self.recording = Atomic(true)
        self.chunks = LockedBox(ChunkQueue(capacity: Self.chunkCapacity, values: values))
        self.writer = WriterBox(OutputState(sink: sink, clock: clock))
        var header: [UInt8] = []
        JSONLineEncoder.appendMeta(self.metadata, to: &header)
        writer.output.withLock { state in
            state.append(header, flushing: writeOut)
            writeOut(&state)
        }
        OpenRecorders.add(self)
        if values { Self.valueRecorders.add(1, ordering: .relaxed) }
        let writerThread = Thread { [self] in runWriter() }
        writerThread.name = "tracer-writer"
        writerThread.start()
    }

    /// How many open recorders record values.
    private static let valueRecorders = Atomic<Int>(0)

    /// Whether some open recorder records values: what a producer that cannot tell which
    /// recorder hears a write (a `@Published` property) checks before describing its values.
    package static var someRecordsValues: Bool { valueRecorders.load(ordering: .relaxed) > 0 }

    /// Whether events are being recorded: false once closed or after a sink error.
    @inlinable public var isRecording: Bool { recording.load(ordering: .relaxed) }

    /// Records `event`, stamping `seq`, `ts` and `tid`; returns its `seq` (0 when not recording).
    @inlinable @discardableResult
    public func record(_ event: TraceEvent) -> UInt64 {
        guard recording.load(ordering: .relaxed) else { return 0 }
        return append(event, values: nil)
    }

    /// Records the write `event` with `values` (`ValueDescriber.values`), which a recorder
    /// that does not record values ignores; returns its `seq` (0 when not recording).
    @discardableResult
    public func record(_ event: TraceEvent, values: WriteValues) -> UInt64 {
        guard isRecording else { return 0 }
        var event = event
        event.valuesState = recordsValues ? values.state : .none
        guard recordsValues, case .described(let old, let new) = values else { return append(event, values: nil) }
        var pair = WriteValuePair(old: old, new: new)
        return withUnsafePointer(to: &pair) { append(event, values: $0) }
    }

    /// Counts one event its producer could not record (written in the next `dropped` event).
    public func countDropped() {
        guard isRecording else { return }
        chunks.withLock { $0.dropped &+= 1 }
    }

    /// Interns `string` for use in events.
    public func intern(_ string: String) -> Symbol { symbols.intern(string) }

    /// The symbol for a list of names (an evaluation's `inputs`), interning it on first use.
    public func intern(list strings: [String]) -> Symbol { symbols.intern(list: strings) }

    /// A symbol for the `seq`s of an evaluation's causes (its `causes`), the first its `cause`.
    public func intern(causes seqs: [UInt64]) -> Symbol { symbols.intern(causes: seqs) }

    /// Records a `mark` named `name`.
    @discardableResult
    public func mark(_ name: String) -> UInt64 {
        guard isRecording else { return 0 }
        var event = TraceEvent(kind: .mark)
        event.text = intern(name)
        return append(event, values: nil)
    }

    /// The time `ts` would carry now, for measuring durations on the recorder's clock.
    @inlinable public func now() -> UInt64 { clock.now() &- origin }

    /// The recorder's tick counter, cheaper to read than `now()`: a duration measured with it
    /// goes in `dur` with `durationInTicks` set, and is converted to nanoseconds when written.
    public func ticks() -> UInt64 { clock.ticks() }

    /// Stores `event` (and the texts of a described write, into the chunk's side table).
    ///
    /// NB: with values recorded, a write recorded without them says its values are unavailable.
    @usableFromInline
    func append(_ event: TraceEvent, values: UnsafePointer<WriteValuePair>?) -> UInt64 {
        var event = event
        event.tid = ThreadID.current
        if recordsValues && event.kind == .write && event.valuesState == .none { event.valuesState = .unavailable }
        let (seq, chunkFilled) = chunks.withLock { queue -> (UInt64, Bool) in
            var chunkFilled = false
            if queue.count == Self.chunkCapacity {
                guard queue.retireCurrent(maximumChunks: Self.maximumChunks) else {
                    queue.dropped &+= 1
                    return (0, false)
                }
                chunkFilled = true
            }
            queue.nextSeq &+= 1
            event.seq = queue.nextSeq
            event.ts = clock.ticks()
            queue.current.events[queue.count] = event
            if let values { queue.current.values?[queue.count] = values.pointee }
            queue.count &+= 1
            return (event.seq, chunkFilled)
        }
        if chunkFilled { wake.signal() }
        return seq
    }

    /// Writes every event recorded so far to the sink before returning.
    public func flush() {
        writer.output.withLock { state in
            let taken = chunks.withLock { $0.takeAll() }
            state.converter.advance()
            symbols.snapshot().withLineWriter { writer in
                for (chunk, count) in taken {
                    for index in 0..<count {
                        var event = chunk.events[index]
                        event.ts = state.converter.nanoseconds(fromTicks: event.ts)
                        if event.durationInTicks { event.dur = state.converter.nanoseconds(forTickCount: event.dur) }
                        state.reserve(writer.maximumLineLength(of: event), flushing: writeOut)
                        let values = chunk.values.map { UnsafePointer($0 + index) }
                        state.used = writer.write(event, values: values, to: state.base + state.used) - state.base
                    }
                }
            }
            state.converter.commit()
            writeOut(&state)
            chunks.withLock { queue in
                for (chunk, _) in taken { queue.recycle(chunk) }
            }
        }
    }

    /// The sink error that stopped recording, if one did.
    public var sinkFailure: TraceSinkError? { writer.output.withLock { $0.failure } }

    /// Stops recording, writes everything recorded and closes the sink. Idempotent.
    public func close() {
        guard !closing.exchange(true, ordering: .acquiringAndReleasing) else { return }
        wake.signal()
        writerFinished.wait()
        recording.store(false, ordering: .relaxed)
        flush()
        writer.output.withLock { $0.sink.close() }
        OpenRecorders.remove(self)
        if recordsValues { Self.valueRecorders.subtract(1, ordering: .relaxed) }
    }

    deinit {
        chunks.withLock { $0.deallocateAll() }
        writer.output.withLock { $0.deallocate() }
    }

    private func runWriter() {
        while !closing.load(ordering: .acquiring) {
            _ = wake.wait(timeout: .now() + Self.writerInterval)
            flush()
        }
        writerFinished.signal()
    }

    /// Hands the buffered bytes to the sink; on failure, reports once and stops recording.
    private func writeOut(_ state: inout OutputState) {
        defer { state.used = 0 }
        guard state.failure == nil, state.used > 0 else { return }
        do throws(TraceSinkError) {
            try state.sink.write(UnsafeRawBufferPointer(start: state.base, count: state.used))
        } catch {
            state.failure = error
            recording.store(false, ordering: .relaxed)
            reportError("cannot write trace to \(error); recording stopped")
        }
    }
}

/// Holds the writer's state apart from the producers' hot fields.
final class WriterBox: Sendable {
    let output: LockedBox<OutputState>

    init(_ state: consuming OutputState) { output = LockedBox(state) }
}

/// The writer's side: the sink and a reusable line buffer in raw memory.
///
/// NB: `@unchecked Sendable` because of the raw buffer, which only the holder of the mutex touches.
struct OutputState: @unchecked Sendable {
    /// Bytes gathered before they are handed to the sink.
    static let writeThreshold = 1 << 20
    let sink: any TraceSink
    private(set) var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    var used = 0
    /// The sink error that stopped recording, if one did.
    var failure: TraceSinkError?
    var converter: TickConverter

    init(sink: any TraceSink, clock: TraceClock) {
        self.sink = sink
        converter = TickConverter(clock: clock)
        capacity = Self.writeThreshold
        base = .allocate(capacity: capacity)
    }

    /// Makes room for `length` more bytes, handing what is buffered to `flushing` first if needed.
    mutating func reserve(_ length: Int, flushing: (inout OutputState) -> Void) {
        guard used + length > capacity else { return }
        flushing(&self)
        if length > capacity {
            base.deallocate()
            capacity = length
            base = .allocate(capacity: capacity)
        }
    }

    /// Frees the line buffer; the state is unusable afterwards (the recorder is going away).
    func deallocate() { base.deallocate() }

    /// Appends `bytes` (a header line).
    mutating func append(_ bytes: [UInt8], flushing: (inout OutputState) -> Void) {
        reserve(bytes.count, flushing: flushing)
        (base + used).initialize(from: bytes, count: bytes.count)
        used += bytes.count
    }
}

/// A preallocated block of events, owned by one side at a time (recording or writing).
@usableFromInline
struct Chunk: @unchecked Sendable {
    @usableFromInline let events: UnsafeMutablePointer<TraceEvent>
    /// The value texts of described writes, slot for slot with `events`; nil when values are not recorded.
    @usableFromInline let values: UnsafeMutablePointer<WriteValuePair>?

    init(capacity: Int, values: Bool) {
        events = .allocate(capacity: capacity)
        self.values = values ? .allocate(capacity: capacity) : nil
    }

    /// Frees the chunk's memory; it is unusable afterwards.
    func deallocate() {
        events.deallocate()
        values?.deallocate()
    }
}

/// Preallocated event chunks: the one being filled, the full ones waiting, and spare ones.
@usableFromInline
struct ChunkQueue {
    @usableFromInline var current: Chunk
    @usableFromInline var count = 0
    @usableFromInline var nextSeq: UInt64 = 0
    @usableFromInline var dropped: UInt64 = 0
    private var full: [Chunk] = []
    private var spare: [Chunk] = []
    private var allocated = 1
    private let capacity: Int
    private let values: Bool

    init(capacity: Int, values: Bool) {
        self.capacity = capacity
        self.values = values
        current = Chunk(capacity: capacity, values: values)
        spare.reserveCapacity(8)
        full.reserveCapacity(8)
    }

    /// Moves the full current chunk to the waiting list and starts another; false at the limit.
    @usableFromInline
    mutating func retireCurrent(maximumChunks: Int) -> Bool {
        guard let next = spareChunk(maximumChunks: maximumChunks) else { return false }
        full.append(current)
        current = next
        count = 0
        return true
    }

    /// Takes every recorded event (full chunks, then the current one), oldest first.
    mutating func takeAll() -> [(Chunk, Int)] {
        var taken = full.map { ($0, capacity) }
        full.removeAll(keepingCapacity: true)
        if dropped > 0 {
            var event = TraceEvent(kind: .dropped)
            event.dur = dropped
            dropped = 0
            nextSeq &+= 1
            event.seq = nextSeq
            if count == capacity, retireCurrent(maximumChunks: Int.max) { taken.append((full.removeLast(), capacity)) }
            current.events[count] = event
            count += 1
        }
        if count > 0, let next = spareChunk(maximumChunks: Int.max) {
            taken.append((current, count))
            current = next
            count = 0
        }
        return taken
    }

    /// Returns a written chunk to the spares.
    mutating func recycle(_ chunk: Chunk) { spare.append(chunk) }

    /// Frees every chunk; the queue is unusable afterwards (the recorder is going away).
    mutating func deallocateAll() {
        for chunk in [current] + full + spare { chunk.deallocate() }
        full.removeAll()
        spare.removeAll()
    }

    private mutating func spareChunk(maximumChunks: Int) -> Chunk? {
        if let chunk = spare.popLast() { return chunk }
        guard allocated < maximumChunks else { return nil }
        allocated += 1
        return Chunk(capacity: capacity, values: values)
    }
}

/// Recorders still open, closed (and so flushed) at normal process exit.
enum OpenRecorders {
    private static let recorders = LockedBox<[ObjectIdentifier: TraceRecorder]>([:])
    private static let exitHook: Void = { atexit { OpenRecorders.closeAll() } }()

    static func add(_ recorder: TraceRecorder) {
        _ = exitHook
        recorders.withLock { $0[ObjectIdentifier(recorder)] = recorder }
    }

    static func remove(_ recorder: TraceRecorder) {
        _ = recorders.withLock { $0.removeValue(forKey: ObjectIdentifier(recorder)) }
    }

    static func closeAll() {
        let open = recorders.withLock { Array($0.values) }
        for recorder in open { recorder.close() }
    }
}

/// Writes one `tracer: error: …` line to standard error, whole.
func reportError(_ message: String) {
    let line = Array("tracer: error: \(message)\n".utf8)
    line.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
}
