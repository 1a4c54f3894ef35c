#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TracerCore
import TraceSupport

/// Streams the events of a `tracer/1` trace, one `ParsedEvent` at a time, in constant memory.
///
/// Checks the `meta` header (a missing one is a warning, another schema an error), reports a cut-off
/// final line as a warning, and in lenient mode skips invalid lines (counting them). Strings are
/// interned: resolve ids with `viewName(_:)` and `string(_:)`.
///
/// ```swift
/// var reader = try TraceReader(source: .file("trace.jsonl"))
/// while let event = try reader.next() { … }
/// ```
///
/// NB: `@usableFromInline`: a `package` type's `@inlinable` members (`withCurrent`, which the
/// aggregators' loops call per event) are inlined into other modules only when the type itself is.
@usableFromInline package struct TraceReader: ~Copyable {
    /// Which part of a file a reader covers.
    package enum Role {
        /// The whole trace: the first line is the header, the last may be cut off.
        case whole
        /// The start of a split trace: header checks, but no end-of-file checks.
        case head
        /// The rest of a split trace: no header; line numbers relative to the range.
        case tail
    }

    /// The name diagnostics use.
    package let displayName: String
    package let options: TraceReadOptions
    /// The `meta` header, once read.
    package private(set) var header: TraceHeader?
    /// Non-fatal findings: a missing header, a cut-off final line.
    package private(set) var warnings: [TraceDiagnostic] = []
    /// Lines skipped as invalid (lenient mode).
    package private(set) var invalidLineCount = 0
    /// The first `options.keptDiagnostics` skipped lines' diagnostics (lenient mode).
    package private(set) var invalidLines: [TraceDiagnostic] = []
    /// Events returned so far.
    package private(set) var eventCount = 0
    /// The `connection` lines read so far (a trace of `record --listen`), whether or not
    /// `options.connection` selects them.
    package private(set) var connections: [TraceConnection] = []
    /// Events left out because they belong to a connection `options.connection` does not select.
    package private(set) var filteredEventCount = 0
    /// The `seq`s of the events returned: the first, the last, and whether one did not increase.
    package private(set) var seqOrder = SeqOrder()

    /// The `seq`s a reader returned, in file order.
    ///
    /// NB: cause chains are followed as the lines come, and a split trace's ranges are told apart by
    /// their `seq`s: a `seq` that does not increase (which `validate` rejects) is warned about once,
    /// and a trace read in ranges is then read again in one pass.
    package struct SeqOrder: Sendable {
        /// The first `seq` returned (nil before the first).
        package private(set) var first: Int64?
        /// The last `seq` returned; `Int64.min` before the first.
        private var latest = Int64.min
        /// The line of the first `seq` not greater than the one before it (nil: none; in a split
        /// range, relative to the range).
        package private(set) var firstDecrease: Int?

        /// No `seq` yet.
        package init() {}

        /// The last `seq` returned (nil before the first).
        package var last: Int64? { first == nil ? nil : latest }

        /// Takes `seq`, the next one in file order, when it is above the last (and not the first);
        /// false, leaving it to `note(_:line:)`, otherwise.
        ///
        /// NB: the hot path's part: two compares and a store.
        @inline(__always)
        mutating func continues(with seq: Int64) -> Bool {
            guard seq > latest && latest != .min else { return false }
            latest = seq
            return true
        }

        /// Takes `seq`, on `line`, which `continues(with:)` did not: the first, or one not above the
        /// last; returns the last when it is the first such one.
        mutating func note(_ seq: Int64, line: Int) -> Int64? {
            let previous = latest
            latest = seq
            // NB: a first `seq` of `Int64.min` is no decrease.
            guard first != nil else {
                first = seq
                return nil
            }
            guard firstDecrease == nil else { return nil }
            firstDecrease = line
            return previous
        }

        /// Whether these `seq`s increase throughout and from `earlier`, the last `seq` before them
        /// (nil: none).
        package func increase(after earlier: Int64?) -> Bool {
            guard firstDecrease == nil else { return false }
            guard let first, let earlier else { return true }
            return first > earlier
        }
    }

    private var lines: LineSource
    package var parser = EventParser()
    private let role: Role
    private let ownsDescriptor: Int32?
    /// NB: not private: `withCurrent` and `next()`, inlined into the readers' loops in other
    /// modules, read it.
    @usableFromInline var event = ParsedEvent()

    /// A reader of `source`.
    ///
    /// - Throws: `TraceError` when the file cannot be opened.
    package init(source: TraceInput, options: TraceReadOptions = TraceReadOptions()) throws(TraceError) {
        switch source {
        case .standardInput:
            self.init(descriptor: STDIN_FILENO, ownsDescriptor: false, range: nil, role: .whole,
                      displayName: source.displayName, options: options)
        case .file(let path):
            let descriptor = try Self.open(path)
            self.init(descriptor: descriptor, ownsDescriptor: true, range: nil, role: .whole,
                      displayName: path, options: options)
        case .bytes(let bytes, let name):
            self.init(lines: LineSource(bytes: bytes), ownsDescriptor: nil, role: .whole, displayName: name, options: options)
        }
    }

    /// A reader of `range` of the file open as `descriptor`; a `.tail` reader takes the file's
    /// `header` (read by the `.head` reader).
    package init(
        descriptor: Int32, ownsDescriptor: Bool, range: ReadRange?, role: Role, displayName: String,
        options: TraceReadOptions, header: TraceHeader? = nil
    ) {
        self.init(
            lines: LineSource(descriptor: descriptor, range: range, progress: options.progress),
            ownsDescriptor: ownsDescriptor ? descriptor : nil, role: role, displayName: displayName, options: options)
        self.header = header
    }

    private init(lines: consuming LineSource, ownsDescriptor: Int32?, role: Role, displayName: String, options: TraceReadOptions) {
        self.displayName = displayName
        self.options = options
        self.role = role
        self.ownsDescriptor = ownsDescriptor
        self.lines = lines
    }

    deinit {
        if let ownsDescriptor { close(ownsDescriptor) }
    }

    /// Opens `path` for reading, or throws a diagnostic naming it.
    package static func open(_ path: String) throws(TraceError) -> Int32 {
        let descriptor = PathAccess.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw TraceError(TraceDiagnostic(file: path, message: "cannot open: \(reason)", severity: .error))
        }
        return descriptor
    }

    /// Whether the reader reads a range of a split file after the first (its events may continue
    /// an update the range before began).
    package var readsLaterRange: Bool { role == .tail }

    /// Lines read so far (in a split range: relative to the range's start).
    package var lineCount: Int { lines.lineCount }

    /// The next event, or nil at the end of the trace.
    ///
    /// - Throws: `TraceError` for an invalid line (strict mode), a header naming another schema,
    ///   an empty trace or a read error.
    ///
    /// NB: inlinable, so that the event is copied once, straight into the caller's variable.
    @inlinable
    package mutating func next() throws(TraceError) -> ParsedEvent? {
        try advance() ? event : nil
    }

    /// The event `advance()` read last.
    package var current: ParsedEvent {
        _read { yield event }
    }

    /// Calls `body` with the event `advance()` read last, in place (`current` is copied out).
    @inlinable @inline(__always)
    package mutating func withCurrent<Result>(_ body: (inout ParsedEvent) -> Result) -> Result { body(&event) }

    /// Reads the next event into `current`; false at the end of the trace.
    ///
    /// NB: the hot loops use this rather than `next()`, which copies the event out. A call from
    /// another module (the parser and the line reader are inlined here, not there).
    @inline(__always) @usableFromInline
    package mutating func advance() throws(TraceError) -> Bool {
        while let line = lines.next() {
            let parsed: Bool
            do {
                parsed = try parser.parse(line.start, count: line.count, into: &event)
            } catch {
                try skip(line, error)
                continue
            }
            guard parsed else { continue }
            event.line = line.number
            if eventCount == 0 && filteredEventCount == 0 && role != .tail {
                try checkHeader(line)
            } else if event.kind == .meta {
                // NB: a second header means traces were concatenated: their seqs, causes and
                // totals would mix silently.
                throw TraceError(diagnostic(
                    line: line.number, column: 1,
                    "expected one meta header per trace; another trace starts here (give each trace file separately)"))
            }
            if event.kind == .connection { connections.append(connection()) }
            if let selected = options.connection, event.kind != .meta, !(event.has(.conn) && event.conn == selected) {
                filteredEventCount += 1
                continue
            }
            if event.has(.seq), !seqOrder.continues(with: event.seq) { noteSeq(line: line.number) }
            eventCount += 1
            return true
        }
        if lines.readError != 0 {
            let reason = String(cString: strerror(lines.readError))
            throw TraceError(TraceDiagnostic(file: displayName, message: "read error: \(reason)", severity: .error))
        }
        if eventCount == 0 && role == .whole {
            throw TraceError(diagnostic(line: 1, column: 1, "empty trace: no meta header"))
        }
        return false
    }

    private mutating func skip(_ line: Line, _ failure: ParseFailure) throws(TraceError) {
        if !line.hasNewline && role != .head {
            warnings.append(diagnostic(
                line: line.number, column: 1,
                "cut-off final line ignored (no newline at end of file and not a complete event)",
                severity: .warning))
            return
        }
        let found = diagnostic(line: line.number, column: failure.offset + 1, failure.message)
        guard options.lenient else { throw TraceError(found) }
        invalidLineCount += 1
        if invalidLines.count < options.keptDiagnostics { invalidLines.append(found) }
    }

    /// Notes the current event's `seq`, on `line`, that does not continue the ones before: the
    /// first, or one not above the last (warned about when it is the first such one).
    @inline(never)
    private mutating func noteSeq(line: Int) {
        guard let previous = seqOrder.note(event.seq, line: line) else { return }
        warnings.append(diagnostic(
            line: line, column: column(of: .seq),
            "seq \(event.seq) after seq \(previous): cause chains are followed in file order, a cause naming a reused "
                + "seq finds its latest event (seq must strictly increase; 'tracectl validate' lists every such line)",
            severity: .warning))
    }

    private mutating func checkHeader(_ line: Line) throws(TraceError) {
        guard event.kind == .meta else {
            warnings.append(diagnostic(
                line: line.number, column: 1, "no meta header; reading the trace as \(TraceSchema.id)",
                severity: .warning))
            return
        }
        let column = parser.fieldOffsets[Int(TraceField.schema.rawValue)] + 1
        guard event.has(.schema) else {
            throw TraceError(diagnostic(line: line.number, column: 1, "expected a \"\(TraceSchema.Field.schema)\" field in the meta header"))
        }
        let schema = string(event.schema)
        guard schema == TraceSchema.id else {
            let prefix = TraceSchema.id.prefix(while: { $0 != "/" }) + "/"
            let newer = schema.hasPrefix(prefix)
                && (Int(schema.dropFirst(prefix.count)) ?? 0) > (Int(TraceSchema.id.dropFirst(prefix.count)) ?? 0)
            let message = newer
                ? "written by a newer Tracer (schema \(schema)); this tracectl reads \(TraceSchema.id)"
                : "unknown schema \"\(schema)\"; this tracectl reads \(TraceSchema.id)"
            throw TraceError(diagnostic(line: line.number, column: column, message))
        }
        header = TraceHeader(
            schema: schema,
            tool: event.has(.tool) ? string(event.tool) : nil,
            scenario: event.has(.scenario) ? string(event.scenario) : nil,
            variant: event.has(.variant) ? string(event.variant) : nil,
            unit: event.has(.unit) ? string(event.unit) : nil,
            pid: event.has(.pid) ? event.pid : nil)
        try readSourceFields(line)
    }

    /// Reads the header's `source` and `capabilities` (a string and an array of strings, rare
    /// enough that the line is parsed again as a document rather than by the event parser).
    private mutating func readSourceFields(_ line: Line) throws(TraceError) {
        typealias F = TraceSchema.Field
        let bytes = Array(UnsafeBufferPointer(start: line.start, count: line.count))
        guard let document = try? JSONDocumentParser.parse(bytes) else { return }
        if let node = document[F.source] {
            guard case .string(let source) = node.value else {
                throw TraceError(diagnostic(line: line.number, column: node.column,
                    "expected a string for \"\(F.source)\" in the meta header, found \(node.value.typeName)"))
            }
            header?.source = source
        }
        if let node = document[F.capabilities] {
            guard case .array(let items) = node.value else {
                throw TraceError(diagnostic(line: line.number, column: node.column,
                    "expected an array of strings for \"\(F.capabilities)\" in the meta header, found \(node.value.typeName)"))
            }
            var capabilities = Set<TraceCapability>()
            for item in items {
                guard case .string(let name) = item.value else {
                    throw TraceError(diagnostic(line: line.number, column: item.column,
                        "expected a string in \"\(F.capabilities)\", found \(item.value.typeName)"))
                }
                // NB: a capability this reader does not know (a newer writer's) is left out.
                if let capability = TraceCapability(rawValue: name) { capabilities.insert(capability) }
            }
            header?.capabilities = capabilities
        }
        let recording = RecordingInfo(
            instruments: try string(F.instruments), run: try integer(F.run).map { Int($0) }, device: try string(F.device), os: try string(F.os),
            bodyTable: try string(F.bodyTable))
        header?.recording = recording

        func string(_ key: String) throws(TraceError) -> String? {
            guard let node = document[key] else { return nil }
            guard case .string(let text) = node.value else {
                throw TraceError(diagnostic(line: line.number, column: node.column,
                    "expected a string for \"\(key)\" in the meta header, found \(node.value.typeName)"))
            }
            return text
        }
        func integer(_ key: String) throws(TraceError) -> Int64? {
            guard let node = document[key] else { return nil }
            guard case .number(let number) = node.value, let exact = Int64(exactly: number), exact > 0 else {
                throw TraceError(diagnostic(line: line.number, column: node.column,
                    "expected a positive integer for \"\(key)\" in the meta header, found \(node.value.typeName)"))
            }
            return exact
        }
    }

    /// The connection the current `connection` line describes.
    private func connection() -> TraceConnection {
        TraceConnection(
            id: event.conn, pid: event.has(.pid) ? event.pid : nil,
            scenario: event.has(.scenario) ? string(event.scenario) : nil,
            variant: event.has(.variant) ? string(event.variant) : nil)
    }

    private func diagnostic(
        line: Int, column: Int, _ message: String, severity: TraceDiagnostic.Severity = .error
    ) -> TraceDiagnostic {
        TraceDiagnostic(file: displayName, line: line, column: column, message: message, severity: severity)
    }

    /// The 1-based column of `field`'s value on the last event's line.
    package func column(of field: TraceField) -> Int { parser.fieldOffsets[Int(field.rawValue)] + 1 }

    /// The view path interned as `id` (empty for 0).
    package func viewName(_ id: ViewID) -> String { parser.views.string(id) }

    /// The string interned as `id` (empty for 0).
    package func string(_ id: SymbolID) -> String { parser.strings.string(id) }

    /// The `seq`s of a `causes` list interned as `id` (empty for 0: one cause or none).
    package func causes(_ id: SymbolID) -> [Int64] {
        guard id != 0 else { return [] }
        let bytes = parser.strings.bytes(id)
        let raw = UnsafeRawBufferPointer(bytes)
        return stride(from: 0, to: raw.count, by: 8).map { Int64(littleEndian: raw.loadUnaligned(fromByteOffset: $0, as: Int64.self)) }
    }

    /// The `seq`s of the current event's `causes` (empty when it lists none).
    @inline(__always) package var currentCauses: [Int64] { event.causes == 0 ? [] : causes(event.causes) }

    /// Calls `body` with the UTF-8 bytes of view `id` (`1...viewCount`), valid only inside it.
    package func withViewBytes<Result>(_ id: ViewID, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(parser.views.bytes(id))
    }

    /// How many distinct view paths were seen (ids are `1...viewCount`).
    package var viewCount: Int { parser.views.count }

    /// How many distinct other strings were seen (ids are `1...stringCount`).
    package var stringCount: Int { parser.strings.count }
}
