import TraceFormat
import TracerCore
import TraceSupport

/// How `TraceImporter` reads its input.
package struct ImportOptions: Sendable {
    /// The input's format, or `.auto` to detect it.
    package var format: ChangeLogFormat
    /// Whether a line that looks like a change record but does not parse is an error.
    package var strict: Bool
    /// How many malformed lines are kept as diagnostics (all are counted).
    package var keptMalformed: Int

    /// Options of `tracectl import`: the format, `--strict`, and how many malformed lines to keep for the message.
    package init(format: ChangeLogFormat = .auto, strict: Bool = false, keptMalformed: Int = 5) {
        self.format = format
        self.strict = strict
        self.keptMalformed = keptMalformed
    }
}

/// Imports SwiftUI's own change logs (`_printChanges()` console text, `_logChanges()` unified-log
/// records) as a `tracer/1` trace, streaming: the input is read in blocks and the trace written as
/// it goes, so memory does not grow with the input.
///
/// See `ImportedTraceWriter` for how records become events, `ChangeLineParser` for the line format.
package struct TraceImporter {
    /// The change log it reads (`.auto`: settled at the first record).
    package let format: ChangeLogFormat

    /// What a change log holds: evaluations and the properties named as changed, nothing timed.
    static let capabilities: [TraceCapability] = [.write, .bodyEval, .cause, .writeChanges]

    /// Reads `source` and writes the trace to `output`.
    ///
    /// - Throws: `TraceError` when the input cannot be read, holds no change record, or (with
    ///   `strict`) holds a malformed one; what was written so far should then be discarded.
    @discardableResult
    package static func run(
        source: TraceInput, options: ImportOptions = ImportOptions(), into output: inout some TextOutputStream
    ) throws(TraceError) -> ImportSummary {
        var lines = try ImportLines(source)
        var session = ImportSession(file: source.displayName, options: options)
        while let line = try lines.next() {
            try session.consume(line)
            session.writer.flushChunk(into: &output, threshold: 1 << 16)
        }
        let summary = try session.finish()
        session.writer.flushChunk(into: &output)
        return summary
    }
}

extension TraceImporter: Importer {
    /// `console` or `oslog` (`auto`: the reader `--from auto` falls back to).
    package var name: String { format.rawValue }

    /// `--strict` only: a change log has one process and one run, and names no scenario.
    package var reads: Set<ImportSetting> { [.strict] }

    /// `write`, `body-eval`, `cause`, `write.changed`.
    package var capabilities: [TraceCapability] { Self.capabilities }

    /// Never: a change log may open with any other output (`ImportRegistry.detect` falls back to it).
    package func recognises(_ probe: ImportProbe) -> Bool { false }

    /// Reads the change log `input`.
    package func run(
        _ input: TraceInput, settings: ImportSettings, into output: inout some TextOutputStream,
        failed: (any ImportAccounting) -> Void
    ) throws(TraceError) -> any ImportAccounting {
        try Self.run(source: input, options: ImportOptions(format: format, strict: settings.strict), into: &output)
    }
}

/// The state of one import: the format once known, the writer, the counts.
private struct ImportSession: ~Copyable {
    var writer: ImportedTraceWriter
    private var format: ChangeLogFormat
    private let options: ImportOptions
    private var summary: ImportSummary
    private var gatherer = JSONObjectGatherer()
    private var timestamps = LogTimestamp()
    /// A padded copy of an oslog message or thread id (`ByteInterner` reads whole words).
    private var scratch: [UInt8] = []

    init(file: String, options: ImportOptions) {
        self.options = options
        format = options.format
        summary = ImportSummary(file: file, format: options.format)
        writer = Self.writer(for: options.format == .oslog ? .logChanges : .printChanges)
    }

    /// A writer whose header names `origin` and what a change log holds.
    private static func writer(for origin: TraceProducer) -> ImportedTraceWriter {
        ImportedTraceWriter(metadata: TraceMetadata(pid: 0, source: origin, capabilities: TraceImporter.capabilities))
    }

    mutating func consume(_ line: Line) throws(TraceError) {
        var bytes = UnsafeBufferPointer(start: line.start, count: line.count)
        // NB: a byte order mark (a file saved by some editors) is not part of the first line.
        if line.offset == 0, bytes.holds("\u{FEFF}", at: 0) { bytes = UnsafeBufferPointer(rebasing: bytes[3...]) }
        if format == .auto { decide(bytes) }
        switch format {
        case .console: try consumeConsole(bytes, line)
        case .oslog: try consumeLog(bytes, line)
        case .auto: summary.foreignCount += 1
        }
    }

    /// Settles the format on the first line that is a log record or a change record.
    ///
    /// NB: a JSON line counts only when it holds an `eventMessage` (an app may print JSON of its
    /// own); `[` opens `log show --style json`'s array.
    private mutating func decide(_ bytes: UnsafeBufferPointer<UInt8>) {
        var start = 0
        while start < bytes.count, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
        let rest = UnsafeBufferPointer(rebasing: bytes[start...])
        if rest.first == UInt8(ascii: "[") || rest.first == UInt8(ascii: "{") && contains(rest, "\"eventMessage\"") {
            format = .oslog
            writer = Self.writer(for: .logChanges)
        } else if case .foreign = ChangeLineParser.parse(message(of: bytes)) {
            return
        } else {
            format = .console
        }
    }

    private mutating func message(of bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[ConsolePrefix(bytes, timestamps: &timestamps).messageStart...])
    }

    private mutating func consumeConsole(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Line) throws(TraceError) {
        let prefix = ConsolePrefix(bytes, timestamps: &timestamps)
        switch ChangeLineParser.parse(UnsafeBufferPointer(rebasing: bytes[prefix.messageStart...])) {
        case .record(let record):
            let thread = prefix.thread.map { UnsafeBufferPointer(rebasing: bytes[$0]) }
            writer.append(record, at: .init(line: line.number, timestamp: prefix.timestamp, processID: prefix.processID, thread: thread))
        case .foreign:
            summary.foreignCount += 1
        case .malformed(let offset, let message):
            guard line.hasNewline else { return cutOff(line.number, "the last line is cut off; it was not imported") }
            try malformed(line.number, prefix.messageStart + offset + 1, message)
        }
    }

    private mutating func consumeLog(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Line) throws(TraceError) {
        var failure: (line: Int, column: Int, message: String)?
        // NB: the gatherer is taken out while it calls back into this session.
        var gatherer = JSONObjectGatherer()
        swap(&gatherer, &self.gatherer)
        defer { swap(&gatherer, &self.gatherer) }
        gatherer.feed(bytes, number: line.number) { piece in
            guard failure == nil else { return }
            switch piece {
            case .foreignLine: summary.foreignCount += 1
            case .malformed where !line.hasNewline: cutOff(line.number, "the last log record is cut off; it was not imported")
            case .malformed(let line, let column, let message): failure = (line, column, message)
            case .object(let object, let line, let column): failure = importObject(object, line: line, column: column)
            }
        }
        if let failure { try malformed(failure.line, failure.column, failure.message) }
    }

    /// Imports one log record; returns why it is malformed, if it is.
    private mutating func importObject(
        _ object: UnsafeBufferPointer<UInt8>, line: Int, column: Int
    ) -> (line: Int, column: Int, message: String)? {
        let node: JSONNode
        do {
            node = try JSONDocumentParser.parse(Array(object))
        } catch {
            return (line + error.line - 1, error.line == 1 ? column + error.column - 1 : error.column, error.message)
        }
        guard let record = OSLogRecord(node, timestamps: &timestamps) else {
            summary.foreignCount += 1
            return nil
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: record.message.utf8)
        let messageLength = scratch.count
        scratch.append(contentsOf: record.thread?.utf8 ?? "".utf8)
        let threadLength = scratch.count - messageLength
        scratch.append(contentsOf: repeatElement(0, count: 8))
        return scratch.withUnsafeBufferPointer { buffer in
            switch ChangeLineParser.parse(UnsafeBufferPointer(rebasing: buffer[..<messageLength])) {
            case .record(let change):
                let thread = threadLength > 0 ? UnsafeBufferPointer(rebasing: buffer[messageLength..<(messageLength + threadLength)]) : nil
                writer.append(change, at: .init(line: line, timestamp: record.timestamp, processID: record.processID, thread: thread))
                return nil
            case .foreign where !record.isChangeCategory:
                summary.foreignCount += 1
                return nil
            case .foreign:
                return (line, column, "expected eventMessage to be a change record such as 'ContentView: @self changed.'")
            case .malformed(let offset, let message):
                return (line, column, "in eventMessage at byte \(offset + 1): \(message)")
            }
        }
    }

    private mutating func malformed(_ line: Int, _ column: Int, _ message: String) throws(TraceError) {
        let diagnostic = TraceDiagnostic(file: summary.file, line: line, column: column, message: message, severity: .warning)
        if options.strict { throw TraceError(diagnostic) }
        summary.malformedCount += 1
        if summary.malformed.count < options.keptMalformed { summary.malformed.append(diagnostic) }
    }

    private mutating func cutOff(_ line: Int, _ message: String) {
        summary.warnings.append(TraceDiagnostic(file: summary.file, line: line, column: 1, message: message, severity: .warning))
    }

    /// The summary, once every line was consumed.
    ///
    /// - Throws: `TraceError` when no change record was found.
    mutating func finish() throws(TraceError) -> ImportSummary {
        if format == .oslog, let open = gatherer.openObject {
            cutOff(open.line, "the last log record is cut off; it was not imported")
        }
        guard writer.records > 0 else {
            if let first = summary.malformed.first { throw TraceError(first) }
            let console = "_printChanges() lines such as 'ContentView: @self, _count changed.'"
            let oslog = "log records (ndjson or a JSON array) whose eventMessage is such a line"
            let expected = switch options.format {
            case .console: console
            case .oslog: oslog
            case .auto: "\(console) (console) or \(oslog) (oslog)"
            }
            throw TraceError(TraceDiagnostic(
                file: summary.file, line: 1, column: 1, message: "no SwiftUI change record found; expected \(expected)",
                severity: .error))
        }
        if let line = writer.firstClampedLine {
            summary.warnings.append(TraceDiagnostic(
                file: summary.file, line: line, column: 1,
                message: "\(writer.clampedTimes) record(s) whose timestamp lies before the first record's, or further from it than "
                    + "2^63 − 1 ns, or outside the years 1678–2262: placed at the first record's time or at 2^63 − 1 ns; the first is here",
                severity: .warning))
        }
        summary.format = format
        summary.records = writer.records
        summary.events = Int(writer.seq)
        return summary
    }
}

/// Whether `bytes` contain `needle`.
private func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
    bytes.indices.contains { bytes.holds(needle, at: $0) }
}
