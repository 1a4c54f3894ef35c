import TraceFormat
import TraceImport
import TracerCore

/// A made-up format for tests: a first line `tracer-test-log/1`, then an `eval VIEW` line per body
/// evaluation; any other line is read and left out. Registered with
/// `ImportRegistry.registering(_:_:)`, it shows that an importer needs no code in the command or
/// the MCP server.
struct TestLogImporter: Importer {
    /// The first line of every test log.
    static let magic = "tracer-test-log/1"

    var name: String { "test-log" }
    var reads: Set<ImportSetting> { [.scenario, .variant] }
    var capabilities: [TraceCapability] { [.bodyEval] }

    func recognises(_ probe: ImportProbe) -> Bool { probe.head.starts(with: Array((Self.magic + "\n").utf8)) }

    func run(
        _ input: TraceInput, settings: ImportSettings, into output: inout some TextOutputStream,
        failed: (any ImportAccounting) -> Void
    ) throws(TraceError) -> any ImportAccounting {
        var lines = try ImportLines(input)
        var writer = ImportedTraceWriter(metadata: TraceMetadata(
            scenario: settings.scenario, variant: settings.variant, pid: 0, capabilities: capabilities))
        var summary = Summary(file: input.displayName)
        while let line = try lines.next() {
            let text = String(decoding: UnsafeBufferPointer(start: line.start, count: line.count), as: UTF8.self)
            guard line.number > 1 else {
                guard text == Self.magic else { throw Self.failure(summary.file, "expected '\(Self.magic)' first") }
                continue
            }
            summary.account.rows += 1
            guard text.hasPrefix("eval ") else {
                summary.account.leftOut["not-an-eval", default: 0] += 1
                continue
            }
            var event = TraceEvent(kind: .bodyEval)
            event.ts = UInt64(line.number) * 1_000
            event.tid = 1
            event.tx = UInt64(summary.account.imported + 1)
            event.view = writer.intern(String(text.dropFirst("eval ".count)))
            writer.append(event)
            summary.account.imported += 1
        }
        guard summary.account.imported > 0 else {
            failed(summary)
            throw Self.failure(summary.file, "no eval line")
        }
        writer.flushChunk(into: &output)
        summary.events = Int(writer.seq)
        return summary
    }

    private static func failure(_ file: String, _ message: String) -> TraceError {
        TraceError(TraceDiagnostic(file: file, message: message, severity: .error))
    }

    /// What a test log import read: its lines after the first, evaluations imported, others left out.
    struct Summary: ImportAccounting {
        var file: String
        var account = ImportTableAccount(schema: "lines")
        var events = 0

        var accounts: [ImportTableAccount] { [account] }
        var printedWarnings: [String] {
            account.imported < account.rows ? ["\(file): \(account.rows - account.imported) line(s) that are no eval left out"] : []
        }
        var line: String { "imported \(account.imported) eval(s) as \(events) event(s) from \(file) (\(TestLogImporter().name))" }
        var document: String {
            ImportSummaryDocument.json(file: file, source: TestLogImporter().name, events: events, accounts: accounts, warnings: printedWarnings)
        }
    }
}
