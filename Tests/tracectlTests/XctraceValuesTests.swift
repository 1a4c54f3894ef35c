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

    @Test("legacy View Properties: each write carries the old and new values its narrative prints, cut at 64 bytes at a character boundary; validate accepts it and why shows the pairs")
    func legacyValues() throws {
        let trace = temporaryDirectory() + "/legacy-values.jsonl"
        let run = try TracectlProcess.run(["import", "legacy-values/export.xml", "--from", "xctrace", "-o", trace], currentDirectory: Self.exports)
        #expect(run.status == 0, "\(run.stderr)")
        expectGolden(try String(contentsOfFile: trace, encoding: .utf8), at: Golden.directory.appendingPathComponent("xctrace/legacy-values.txt"))
        let lines = try Self.lines(trace)
        #expect((lines.first?["capabilities"] as? [String])?.contains("values") == true)
        let writes = lines.filter { $0["kind"] as? String == "write" }
        let full = #"Route(name: "Großglockner-Hochalpenstraße", peaks: ["🏔️", "🏔️", "🏔️"], km: 48)"#
        let cut = try #require(writes.compactMap { $0["new"] as? String }.first { $0.hasPrefix("Route(") })
        #expect(cut.utf8.count <= 64 && cut.hasSuffix("…") && full.hasPrefix(String(cut.dropLast())))
        // NB: a character cut in two would not be a prefix of the whole value's characters.
        #expect(Array(full).starts(with: Array(cut.dropLast())))
        #expect(writes.contains { $0["old"] as? String == "Zurich to Bern" && $0["new"] as? String == "Bern to Chur" })
        #expect(writes.filter { $0["values"] as? String == "unavailable" }.count == 1)
        #expect(writes.allSatisfy { ($0["old"] != nil) == ($0["new"] != nil) && ($0["old"] == nil) == ($0["values"] != nil) })
        let validate = try TracectlProcess.run(["validate", trace])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        let why = try TracectlProcess.run(["why", trace, "HikeEditor"])
        #expect(why.status == 0, "\(why.stderr)")
        expectGolden(why.stdout.replacingOccurrences(of: trace, with: "legacy-values.jsonl"),
                     at: Golden.directory.appendingPathComponent("xctrace/legacy-values.why.txt"))
    }

    @Test("legacy View Properties without value and narrative columns: no write carries values and the header does not list them")
    func legacyWithoutValues() throws {
        let trace = temporaryDirectory() + "/no-values.jsonl"
        let run = try TracectlProcess.run(["import", "legacy-values/no-value-columns.xml", "--from", "xctrace", "-o", trace],
                                          currentDirectory: Self.exports)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try Self.lines(trace)
        #expect((lines.first?["capabilities"] as? [String])?.contains("values") == false)
        #expect(lines.count { $0["kind"] as? String == "write" } == 7)
        #expect(lines.allSatisfy { $0["old"] == nil && $0["new"] == nil && $0["values"] == nil })
    }
}
