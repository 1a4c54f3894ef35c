import Foundation
import Testing
import TracerTestSupport

/// What an Instruments import says about values: the cause graph's value type and changed
/// properties in a write's `prop` (never as values), and the legacy View Properties' printed
/// values as `old`/`new`.
@Suite("tracectl import --from xctrace: values", .temporaryDirectory)
struct XctraceValuesTests {
    static let exports = XctraceImportCommandTests.exports

    /// The lines of the trace at `path`, each as a JSON object.
    static func lines(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
    }

    @Test("a cause's value type and changed properties name what changed in its one write's prop; no values are written")
    func causeValueTypes() throws {
        let trace = temporaryDirectory() + "/cause-values.jsonl"
        let run = try TracectlProcess.run(["import", "cause-values/export.xml", "--from", "xctrace", "-o", trace], currentDirectory: Self.exports)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try Self.lines(trace)
        let writes = lines.filter { $0["kind"] as? String == "write" }
        // NB: source event 700 has two edges, only the second saying what changed: still one write.
        #expect(writes.map { $0["prop"] as? String } == ["count [Int: self]", "settings [Settings: step, limit]", "Model.(Array<Int>) [items]"])
        #expect(writes.allSatisfy { $0["old"] == nil && $0["new"] == nil && $0["values"] == nil })
        #expect((lines.first?["capabilities"] as? [String])?.contains("values") == false)
        let why = try TracectlProcess.run(["why", trace, "Counter"])
        #expect(why.status == 0, "\(why.stderr)")
        expectGolden(why.stdout.replacingOccurrences(of: trace, with: "cause-values.jsonl"),
                     at: Golden.directory.appendingPathComponent("xctrace/cause-values.why.txt"))
    }
}
