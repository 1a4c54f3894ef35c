import Foundation
import Testing
import TracerTestSupport
import TracerCore
@testable import TraceAnalysis
import TraceSupport
@testable import TraceImport

@Suite("Importing SwiftUI change logs", .temporaryDirectory)
struct ImportTests {
    /// What `ChangeLineParser` made of a message, in a comparable form.
    static func parsed(_ message: String) -> String {
        Array(message.utf8).withUnsafeBufferPointer { bytes in
            switch ChangeLineParser.parse(bytes) {
            case .foreign:
                return "foreign"
            case .malformed(let offset, let message):
                return "malformed@\(offset): \(message)"
            case .record(let record):
                var properties: [String] = []
                record.forEachProperty { properties.append(String(decoding: $0, as: UTF8.self)) }
                return "\(String(decoding: record.view, as: UTF8.self)) \(record.reason.name) [\(properties.joined(separator: ","))]"
            }
        }
    }

    @Test("change lines: type names, change lists, reasons", arguments: [
        ("ContentView: @self, @identity, _number changed.", "ContentView initial [number]"),
        ("ContentView: _number changed.", "ContentView state [number]"),
        ("Row: @self changed.", "Row inputs-changed []"),
        ("ListView: @dependencies changed.", "ListView observed []"),
        ("ListView: @self, @dependencies changed.", "ListView observed []"),
        ("ContentView: unchanged.", "ContentView  []"),
        ("ContentView: unchanged.\r", "ContentView  []"),
        ("App.Screen.Row<Int>: @self changed.", "App.Screen.Row<Int> inputs-changed []"),
        ("Row<Dictionary<String, Int>>: _a, _b changed.", "Row<Dictionary<String, Int>> state [a,b]"),
        ("Cell<[String: Int]>: @self changed.", "Cell<[String: Int]> inputs-changed []"),
        ("Row<(Int) -> Void>: @identity changed.", "Row<(Int) -> Void> initial []"),
        ("Loading data: done", "foreign"),
        ("Note: the settings changed.", "foreign"),
        ("plain output", "foreign"),
        ("", "foreign"),
        ("ContentView: @bogus changed.",
         "malformed@13: expected @self, @identity, @dependencies or a _property in the change list, found '@bogus'"),
        ("ContentView: _a _b changed.", "malformed@16: expected ',' between changes"),
        ("ContentView: _a,, _b changed.",
         "malformed@16: expected a change (@self, @identity, @dependencies or _property) in the change list"),
        ("ContentView: _count", "malformed@19: expected the change list to end in ' changed.' (or 'unchanged.')"),
        ("ContentView: unchanged", "malformed@13: expected 'unchanged.' to end the line"),
        ("Row>: @self changed.", "malformed@3: unbalanced '>' in the view's type"),
        ("Row<Int: @self changed.", "malformed@23: unbalanced brackets in the view's type"),
    ])
    func changeLines(message: String, expected: String) {
        #expect(Self.parsed(message) == expected)
    }

    @Test("timestamps: zones, fractions and midnight keep their order and distance", arguments: [
        ("2025-05-01 12:00:00.123456+0200", Int64(1_746_093_600_123_456_000)),
        ("2025-05-01 10:00:00.123456Z", Int64(1_746_093_600_123_456_000)),
        ("2025-05-01 05:00:00.123456-0500", Int64(1_746_093_600_123_456_000)),
        ("2025-05-01T10:00:00.123456789", Int64(1_746_093_600_123_456_789)),
        ("2024-12-31 23:59:59.5+0000", Int64(1_735_689_599_500_000_000)),
        ("2025-01-01 00:00:00+0000", Int64(1_735_689_600_000_000_000)),
    ])
    func timestamps(text: String, nanoseconds: Int64) {
        var reader = LogTimestamp()
        let parsed = Array(text.utf8).withUnsafeBufferPointer { reader.parse($0) }
        #expect(parsed?.nanoseconds == nanoseconds)
        #expect(parsed?.length == text.utf8.count)
    }

    @Test("not timestamps", arguments: ["2025-13-01 12:00:00", "2025-05-01 12:00", "ContentView: @self changed."])
    func notTimestamps(text: String) {
        var reader = LogTimestamp()
        #expect(Array(text.utf8).withUnsafeBufferPointer { reader.parse($0) } == nil)
    }

    @Test("a reader reusing the last second still reads each line's fraction and zone")
    func timestampsInARow() {
        var reader = LogTimestamp()
        let values = ["2025-05-01 12:00:00.5+0200", "2025-05-01 12:00:00.75+0100", "2025-05-01 12:00:01", "2025-05-01 12:00:0x"]
            .map { text in Array(text.utf8).withUnsafeBufferPointer { reader.parse($0)?.nanoseconds } }
        #expect(values == [1_746_093_600_500_000_000, 1_746_097_200_750_000_000, 1_746_100_801_000_000_000, nil])
    }

    /// The trace `TraceImporter` writes for `text`, and its summary.
    static func imported(_ text: String, _ options: ImportOptions = ImportOptions()) throws(TraceError) -> (String, ImportSummary) {
        var output = ""
        let summary = try TraceImporter.run(source: .bytes(Array(text.utf8), name: "in"), options: options, into: &output)
        return (output, summary)
    }

    /// `field` of each event line of `trace` (the header left out), as written.
    static func column(_ field: String, of trace: String) -> [String] {
        trace.split(separator: "\n").dropFirst().map { line in
            guard let range = line.range(of: "\"\(field)\":") else { return "-" }
            return String(line[range.upperBound...].prefix { $0 != "," && $0 != "}" })
        }
    }

    @Test("ts, tx and tid from prefixed lines: one transaction per timestamp, threads numbered as they appear")
    func prefixedStamps() throws {
        let (trace, summary) = try Self.imported("""
            2025-05-01 12:00:00.100000+0200 App[7:a1] A: @identity changed.
            2025-05-01 12:00:00.100000+0200 App[7:b2] B: _x changed.
            2025-05-01 12:00:00.350000+0200 My App[7:a1] A: @self changed.

            """)
        #expect(Self.column("ts", of: trace) == ["0", "0", "0", "250000000"])
        #expect(Self.column("tx", of: trace) == ["1", "1", "1", "2"])
        #expect(Self.column("tid", of: trace) == ["1", "2", "2", "1"])
        #expect(Self.column("cause", of: trace) == ["-", "-", "2", "-"])
        #expect(trace.hasPrefix(#"{"kind":"meta","schema":"tracer/1","tool":"tracer 0.1.0","unit":"ns","pid":7,"source":"printChanges","capabilities":["write","body-eval","cause","write.changed"]}"#))
        #expect((summary.records, summary.events, summary.foreignCount) == (3, 4, 0))
    }

    @Test("plain lines: ts is the line number in µs; a view evaluated again starts a new transaction")
    func plainStamps() throws {
        let (trace, _) = try Self.imported("A: @identity changed.\nB: @identity changed.\nother\nB: @self changed.\nA: _n, _m changed.\n")
        #expect(Self.column("ts", of: trace) == ["1000", "2000", "4000", "5000", "5000", "5000"])
        #expect(Self.column("tx", of: trace) == ["1", "1", "2", "2", "2", "2"])
        #expect(Self.column("prop", of: trace) == ["-", "-", "-", "\"n\"", "\"m\"", "-"])
        #expect(Self.column("cause", of: trace) == ["-", "-", "-", "-", "-", "4"])
        #expect(!trace.contains("\"dur\"") && !trace.contains("\"wrapper\""))
    }

    @Test("auto-detection: the first change or log record decides; JSON without eventMessage is other output")
    func detection() throws {
        #expect(try Self.imported("{\"a\":1}\nA: @self changed.\n").1.format == .console)
        #expect(try Self.imported("Filtering…\n{\"eventMessage\":\"A: @self changed.\"}\n").1.format == .oslog)
        #expect(try Self.imported("[\n{\"eventMessage\":\"A: @self changed.\"}\n]\n").1.format == .oslog)
        #expect(try Self.imported("\u{FEFF}[{\"eventMessage\":\"A: @self changed.\"}]").1.records == 1)
        #expect(try Self.imported("\u{FEFF}A: @self changed.\n").0.contains(#""view":"A""#))
    }

    @Test("oslog: other subsystems are other output; a SwiftUI record that is no change line is malformed")
    func logRecords() throws {
        let (trace, summary) = try Self.imported("""
            {"eventMessage":"A: @self changed.","subsystem":"com.apple.SwiftUI","category":"Changed Body Properties","threadID":9}
            {"eventMessage":"A: @self changed.","subsystem":"com.example","category":"Changed Body Properties"}
            {"eventMessage":"hello","subsystem":"com.apple.SwiftUI","category":"Changed Body Properties"}
            {"eventMessage":"hello"}

            """)
        #expect(Self.column("view", of: trace) == ["\"A\""])
        #expect((summary.foreignCount, summary.malformedCount) == (2, 1))
        #expect(summary.malformed.first?.description == "in:3:1: expected eventMessage to be a change record such as 'ContentView: @self changed.'")
    }

    @Test("oslog: a string left open at a line's end, an oversized record and a cut-off array")
    func brokenLogRecords() throws {
        let huge = "{\"eventMessage\":\"A: @self changed.\",\"pad\":[\n" + String(repeating: "1,\n", count: JSONObjectGatherer.maximumLength / 2) + "1]}\n"
        let (_, summary) = try Self.imported("[{\"eventMessage\":\"A: @self changed.\"},\n{\"eventMessage\":\"B: @self\n" + huge + "{\"eventMessage\":\"C: @self changed.\"")
        #expect(summary.records == 1)
        #expect(summary.malformed.map(\.description) == [
            "in:2:26: expected '\"' to end the string before the line ends",
            "in:3:1: expected a log record of at most 1048576 bytes",
        ])
        #expect(summary.warnings.map(\.description) == ["in:\(JSONObjectGatherer.maximumLength / 2 + 5):1: the last log record is cut off; it was not imported"])
    }

    @Test("timestamps out of 64-bit nanosecond range import without trapping (found by fuzzing)")
    func farTimestamps() throws {
        let (trace, summary) = try Self.imported("""
            9999-12-31 23:59:59.999999999+1400 App[1:2] A: @self changed.
            0000-01-01 00:00:00-2359 App[1:2] A: @self changed.

            """)
        #expect(summary.records == 2)
        #expect(Self.column("ts", of: trace).allSatisfy { UInt64($0) != nil })
    }

    @Test("timestamps a trace cannot place (before the first record's, past 2262, before 1678) are clamped, counted and named with a position")
    func clampedTimestamps() throws {
        let (trace, summary) = try Self.imported("""
            2025-05-01 12:00:00.5Z App[1:2] A: @self changed.
            9999-12-31 23:59:59Z App[1:2] A: @self changed.
            2025-05-01 12:00:00Z App[1:2] A: @self changed.
            1000-01-01 00:00:00Z App[1:2] A: @self changed.
            2025-05-01 12:00:01Z App[1:2] A: @self changed.

            """)
        #expect(Self.column("ts", of: trace) == ["0", "9223372036854775807", "0", "0", "500000000"])
        #expect(summary.warnings.map { "\($0.line):\($0.column)" } == ["2:1"])
        #expect(summary.warnings.first?.message.hasPrefix("3 record(s) whose timestamp lies before the first record's") == true)
        var reader = try TraceReader(source: .bytes(Array(trace.utf8), name: "t"))
        var events = 0
        while try reader.advance() { events += 1 }
        // NB: the header and the five evaluations.
        #expect(events == 6)
    }

    @Test("strict: the first malformed line is an error at its position")
    func strict() {
        let error = #expect(throws: TraceError.self) {
            try Self.imported(
                "2025-05-01 12:00:00 App[1:2] A: @self changed.\n2025-05-01 12:00:00 App[1:2] A: @oops changed.\n",
                ImportOptions(strict: true))
        }
        #expect(error?.description == "in:2:33: expected @self, @identity, @dependencies or a _property in the change list, found '@oops'")
    }

    @Test("streams: lines across read blocks import like lines in memory, and a cut-off last line is a warning")
    func streaming() throws {
        let line = "2025-05-01 12:00:00.000001+0000 App[1:2] App.Screen.Row<Dictionary<String, Int>>: @self, _value changed.\r\n"
        let text = String(repeating: line + "noise\n", count: 6_000) + "Row: @sel"
        let path = try TestSupport.temporaryTrace(text, name: "console.txt")
        var fromFile = ""
        let summary = try TraceImporter.run(source: .file(path), into: &fromFile)
        #expect((summary.records, summary.events, summary.foreignCount) == (6_000, 12_000, 6_000))
        #expect(summary.warnings.map(\.line) == [12_001])
        #expect(try Self.imported(text).0 == fromFile)
    }

    /// A console log whose trace spans many of `FileOutputStream`'s blocks.
    static func manyBlocksLog(records: Int = 20_000) -> String {
        (0..<records).map { index in
            "2025-05-01 12:00:\(String(format: "%02d.%06d", index / 1_000 % 60, index))+0000 App[1:\(index % 3)] Row\(index % 7): @self, _value\(index % 5) changed.\n"
        }.joined()
    }

    @Test("a trace of many blocks written to a file, on the writing thread, equals the one built in memory")
    func fileOutputEqualsMemory() throws {
        let text = Self.manyBlocksLog()
        let log = try TestSupport.temporaryTrace(text, name: "console.txt")
        let path = temporaryPath("imported.jsonl")
        var stream = try FileOutputStream.create(path: path)
        let summary = try TraceImporter.run(source: .file(log), into: &stream)
        try stream.close()
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(summary.records == 20_000)
        #expect(written.utf8.count > 8 * FileOutputStream.blockSize)
        #expect(written == (try Self.imported(text).0))
    }

    @Test("an import that fails after several blocks were written leaves no file behind")
    func failureAfterBlocks() throws {
        let log = try TestSupport.temporaryTrace(Self.manyBlocksLog() + "Row: @oops changed.\n", name: "console.txt")
        let directory = temporaryDirectory()
        var error: TraceError?
        do {
            var stream = try FileOutputStream.create(path: directory + "/imported.jsonl")
            try TraceImporter.run(source: .file(log), options: ImportOptions(strict: true), into: &stream)
        } catch let thrown as TraceError {
            error = thrown
        }
        #expect(error?.diagnostic.line == 20_001)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }
}
