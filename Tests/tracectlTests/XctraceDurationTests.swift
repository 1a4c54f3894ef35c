import Foundation
import Testing
import TraceAnalysis
import TraceFormat
import TraceImport
import TracerTestSupport

@Suite("Instruments import: durations that cannot be read", .temporaryDirectory)
struct XctraceDurationTests {
    /// A table kind whose rows have a duration cell, and what its rows become.
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case evaluation, group, hitch

        var testDescription: String { rawValue }
        var schema: String { ["swiftui-updates", "swiftui-update-groups", "hitches"][Self.allCases.firstIndex(of: self)!] }
        var eventKind: String { ["body-eval", "update-group", "hitch"][Self.allCases.firstIndex(of: self)!] }

        /// The table's schema: start, duration and one column of the kind's own.
        var columns: [(String, String)] {
            let own = [("update-type", "swiftui-update"), ("label", "string"), ("is-system", "boolean")][Self.allCases.firstIndex(of: self)!]
            return [("start", "start-time"), ("duration", "duration"), own]
        }

        /// A row starting at `start` whose duration cell is `cell`.
        func row(start: Int, cell: String) -> String {
            let own = ["<swiftui-update>View Body Updates</swiftui-update>", "<string>Transaction</string>", "<boolean>0</boolean>"]
            return "<row><start-time>\(start)</start-time>\(cell)\(own[Self.allCases.firstIndex(of: self)!])</row>"
        }
    }

    /// The hazards of a duration cell, as written in the export. The run lasts 10 s.
    static let hazards: [(name: String, cell: String)] = [
        ("sentinel", "<sentinel/>"), ("empty", "<duration></duration>"), ("dangling reference", #"<duration ref="999"/>"#),
        ("text", "<duration>abc</duration>"), ("negative", "<duration>-5</duration>"), ("fractional", "<duration>1.5</duration>"),
        ("padded", "<duration> 7</duration>"), ("2^64", "<duration>18446744073709551616</duration>"),
        ("longer than the run", "<duration>10000000001</duration>"),
    ]

    /// An export (a TOC of a 10 s run and one document) of `kind`'s table: a row with a duration
    /// and, on the document's last row line (`hazardLine`), one whose duration cell is `cell`; a
    /// body row of its own when `kind` is not the evaluations'.
    static func export(_ kind: Kind, cell: String, in directory: String) throws -> (path: String, hazardLine: Int, hazardColumn: Int) {
        let toc = """
            <?xml version="1.0"?>
            <trace-toc><run number="1"><info><summary><duration>10.0</duration></summary></info>
            <data><table schema="\(kind.schema)"/></data></run></trace-toc>

            """
        func table(_ kind: Kind, _ rows: [String]) -> String {
            let schema = kind.columns.map { "<col><mnemonic>\($0.0)</mnemonic><name>\($0.0)</name><engineering-type>\($0.1)</engineering-type></col>" }
            return (["<node xpath='//trace-toc[1]/run[1]/data[1]/table[1]'>", "<schema name=\"\(kind.schema)\">"] + schema
                + ["</schema>"] + rows + ["</node>"]).joined(separator: "\n")
        }
        var lines = ["<?xml version=\"1.0\"?>", "<trace-query-result>"]
        if kind != .evaluation { lines.append(table(.evaluation, [Kind.evaluation.row(start: 1_000_000, cell: "<duration>500000</duration>")])) }
        let hazardRow = kind.row(start: 5_000_000, cell: cell)
        lines.append(table(kind, [kind.row(start: 2_000_000, cell: "<duration>300000</duration>"), hazardRow]))
        let text = lines.joined(separator: "\n")
        let hazardLine = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0 == hazardRow }! + 1
        lines += ["</trace-query-result>", ""]
        try toc.write(toFile: directory + "/toc.xml", atomically: true, encoding: .utf8)
        try lines.joined(separator: "\n").write(toFile: directory + "/tables.xml", atomically: true, encoding: .utf8)
        return (directory, hazardLine, hazardRow.utf8.count - "</row>".utf8.count + 1)
    }

    @Test("a duration cell that cannot be read gives an event without dur, one warning per table, and a valid trace",
          arguments: Kind.allCases, hazards.map(\.name))
    func unreadableDuration(kind: Kind, hazard: String) throws {
        let directory = temporaryDirectory()
        let cell = Self.hazards.first { $0.name == hazard }!.cell
        let (path, line, column) = try Self.export(kind, cell: cell, in: directory)
        var output = ""
        let summary = try XctraceImporter.run(path: path, into: &output)
        let events = output.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        let ofKind = events.filter { $0["kind"] as? String == kind.eventKind }
        let timed = ofKind.first { ($0["ts"] as? Int).map { $0 >= 2_000_000 && $0 <= 2_300_000 } ?? false }
        let untimed = ofKind.first { $0["ts"] as? Int == 5_000_000 }
        #expect(timed?["dur"] as? Int == 300_000, "\(output)")
        #expect(untimed != nil && untimed?["dur"] == nil, "\(output)")
        let warnings = summary.warnings.filter { $0.contains("whose duration") }
        #expect(warnings.count == 1, "\(summary.warnings)")
        #expect(warnings.first?.hasPrefix("\(directory)/tables.xml:\(line):\(column): \(kind.schema): 1 row(s) whose duration") == true,
                "\(warnings)")
        let validation = TraceValidator.validation(of: .bytes(Array(output.utf8), name: "imported.jsonl"))
        #expect(validation.errorCount == 0, "\(validation.diagnostics)")
    }

    @Test("hitches without dur count in hitches, not in hitch-time, and the check says how many were left out")
    func untimedHitchesInBudgets() throws {
        let directory = temporaryDirectory()
        let (path, _, _) = try Self.export(.hitch, cell: "<duration>abc</duration>", in: directory)
        let trace = directory + "/trace.jsonl"
        #expect(try TracectlProcess.run(["import", path, "-o", trace]).status == 0)
        let budget = directory + "/budget.json"
        try #"{"schema":"tracer-budget/1","rules":[{"metric":"hitches","max":2},{"metric":"hitch-time","max":"1ms"}]}"#
            .write(toFile: budget, atomically: true, encoding: .utf8)
        let check = try TracectlProcess.run(["check", trace, "--budget", budget])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("note: 1 hitch(es) without a dur left out of the time (counted in hitches)"), "\(check.stdout)")
        let report = try TracectlProcess.run(["report", trace])
        #expect(report.stdout.contains("hitches 2 (300.0 µs, 1 without dur)"), "\(report.stdout)")
    }
}
