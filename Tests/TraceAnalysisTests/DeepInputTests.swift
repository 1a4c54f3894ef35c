import Testing
import TracerTestSupport
import TraceAnalysis
import TraceFormat
import TraceImport
import TraceSupport

/// Each JSON reader on 200,000 nested arrays, run on a 512 KiB stack: none recurses per level;
/// those that refuse deep nesting say where.
@Suite("JSON readers on 200,000 nested arrays, on a 512 KiB stack")
struct DeepInputTests {
    /// How many constructs each input nests.
    static let count = 200_000
    /// `[[[…]]]`, `count` deep.
    static let nested = String(repeating: "[", count: count) + String(repeating: "]", count: count)

    /// What reading `text` as a trace gave: its event count, or its error.
    static func traceOutcome(_ text: String) throws -> String {
        try onSmallStack {
            do {
                var reader = try TraceReader(source: .bytes(Array(text.utf8), name: "deep.jsonl"))
                var events = 0
                while try reader.advance() { events += 1 }
                return "\(events) events"
            } catch {
                return "\(error)"
            }
        }
    }

    @Test("trace reader: an unknown field holding the arrays is a positioned error")
    func traceEvent() throws {
        let text = #"{"kind":"meta","schema":"tracer/1","unit":"ns"}"# + "\n"
            + #"{"seq":1,"ts":1,"kind":"mark","name":"m","x":"# + Self.nested + "}\n"
        let outcome = try Self.traceOutcome(text)
        #expect(outcome == "deep.jsonl:2:\(47 + 512): expected at most 512 levels of nesting")
    }

    @Test("trace reader: a header holding the arrays is a positioned error")
    func traceHeader() throws {
        let text = #"{"kind":"meta","schema":"tracer/1","unit":"ns","x":"# + Self.nested + "}\n"
        let outcome = try Self.traceOutcome(text)
        #expect(outcome == "deep.jsonl:1:\(53 + 512): expected at most 512 levels of nesting")
    }

    @Test("JSON document parser: refuses the 65th level, at its position")
    func document() throws {
        let outcome = try onSmallStack { () -> String in
            do {
                return "\(try JSONDocumentParser.parse(Array(("\n " + Self.nested).utf8)).line)"
            } catch {
                return "\(error)"
            }
        }
        #expect(outcome == "2:\(2 + 64): nesting deeper than 64 levels")
    }

    @Test("budget reader: refuses the arrays at their position")
    func budget() throws {
        let outcome = try onSmallStack { () -> String in
            do {
                return "\(try Budget.parse(Array((#"{"schema":"tracer-budget/1","rules":"# + Self.nested + "}").utf8), file: "b.json"))"
            } catch {
                return "\(error)"
            }
        }
        #expect(outcome == "b.json:1:\(36 + 64): nesting deeper than 64 levels")
    }

    @Test("log import: a record holding the arrays, in ndjson and json style, is a positioned error",
          arguments: ["ndjson", "json"])
    func logRecord(style: String) throws {
        let record = #"{"subsystem":"com.apple.SwiftUI","category":"Changed Body Properties","x":"# + Self.nested
            + #","eventMessage":"Row: @self changed."}"#
        let outcome = try onSmallStack { () -> String in
            var output = ""
            do {
                let text = style == "ndjson" ? record + "\n" + record + "\n" : "[\n" + record + ",\n" + record + "\n]\n"
                let summary = try TraceImporter.run(source: .bytes(Array(text.utf8), name: "log.\(style)"), into: &output)
                return "\(summary.records) \(summary.malformed.map(\.description))"
            } catch {
                return "\(error)"
            }
        }
        #expect(outcome == "log.\(style):\(style == "ndjson" ? 1 : 2):\(74 + 64): nesting deeper than 64 levels")
    }

    @Test("console import: a view type nested 200,000 generics deep is a view name like any other")
    func consoleType() throws {
        let line = "Row" + String(repeating: "<A", count: Self.count) + String(repeating: ">", count: Self.count) + ": @self changed.\n"
        let outcome = try onSmallStack { () -> String in
            var output = ""
            do {
                let summary = try TraceImporter.run(source: .bytes(Array(line.utf8), name: "console.txt"), into: &output)
                return "\(summary.records) \(summary.malformed.map(\.description))"
            } catch {
                return "\(error)"
            }
        }
        #expect(outcome == "1 []")
    }
}
