import Foundation
import ScenarioTestSupport
import Testing
import TracerTestSupport

/// The advise article's table of what each source lets `advise` see, against `advise --format
/// json` on a trace of each source: a pattern marked `evaluated` is not in `notEvaluated[]`, any
/// other lists what its `missing` says (before `; counts-only`).
@Suite("advise: what each source lets it see", .temporaryDirectory)
struct AdviseSourcesTests {
    /// The table's rows after its marker: each pattern and its cells, one per source column.
    static func table() throws -> [(pattern: String, cells: [String])] {
        let article = try String(contentsOfFile: PackagePaths.root.path + "/Sources/Tracer/Tracer.docc/TracectlAdvise.md", encoding: .utf8)
        let lines = article.components(separatedBy: "<!-- advise-sources: table -->").last?.split(separator: "\n") ?? []
        return lines.dropFirst(2).prefix { $0.hasPrefix("|") }.map { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return (cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")), Array(cells.dropFirst()))
        }
    }

    /// A trace of each source column, in the table's order, made in `directory`.
    func traces(in directory: String) throws -> [String] {
        var traces = [try ScenarioTraces.write("scroll-offset.state", into: directory), PackagePaths.trace("adapter/scroll-offset.state.jsonl")]
        for (input, from) in [("console-xcode.txt", "console"), ("xctrace/device", "xctrace"), ("xctrace/legacy-updates/export.xml", "xctrace")] {
            let output = directory + "/\(traces.count).jsonl"
            let run = try TracectlProcess.run(["import", PackagePaths.root.path + "/Fixtures/Imports/" + input, "--from", from, "-o", output])
            #expect(run.status == 0, "\(run.stderr)")
            traces.append(output)
        }
        return traces
    }

    @Test("every cell of the table is what advise says on that source's trace")
    func tableMatchesAdvise() throws {
        let table = try Self.table()
        #expect(table.count == 6)
        for (column, trace) in try traces(in: temporaryDirectory()).enumerated() {
            let run = try TracectlProcess.run(["advise", trace, "--format", "json"])
            #expect(run.status == 0, "\(trace): \(run.stderr)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
            var missing: [String: String] = [:]
            for entry in document["notEvaluated"] as? [[String: Any]] ?? [] {
                missing[entry["pattern"] as? String ?? ""] = (entry["missing"] as? [String] ?? []).joined(separator: ", ")
            }
            for (pattern, cells) in table {
                let cell = cells[column].components(separatedBy: "; ").first ?? ""
                #expect((missing[pattern] ?? "evaluated") == cell, "\(pattern) on \(trace)")
            }
        }
    }
}
