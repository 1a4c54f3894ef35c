import Foundation
import Testing
import TracerTestSupport

/// What an Instruments import says about values: the cause graph's value type and changed
/// properties in a write's `prop` (never as values), and the legacy View Properties' printed
/// values as `old`/`new`.
@Suite("tracectl import --from xctrace: values", .temporaryDirectory)
struct XctraceValuesTests {
    static let exports = XctraceImportCommandTests.exports

    /// Imports `export` (under `exports`) into a temporary trace: its path and lines, each as a JSON
    /// object, and its header's capabilities.
    func imported(_ export: String) throws -> (trace: String, lines: [[String: Any]], capabilities: [String]) {
        let trace = temporaryDirectory() + "/imported.jsonl"
        let run = try TracectlProcess.run(["import", export, "--from", "xctrace", "-o", trace], currentDirectory: Self.exports)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
        return (trace, lines, lines.first?["capabilities"] as? [String] ?? [])
    }

    /// Checks `why TRACE VIEW`'s output against the golden `xctrace/NAME`.
    func expectWhy(_ trace: String, _ view: String, golden name: String) throws {
        let why = try TracectlProcess.run(["why", trace, view])
        #expect(why.status == 0, "\(why.stderr)")
        expectGolden(why.stdout.replacingOccurrences(of: trace, with: "imported.jsonl"), at: Golden.directory.appendingPathComponent("xctrace/" + name))
    }

    @Test("a cause's value type and changed properties name what changed in its one write's prop; no values are written")
    func causeValueTypes() throws {
        let (trace, lines, capabilities) = try imported("cause-values/export.xml")
        let writes = lines.filter { $0["kind"] as? String == "write" }
        // NB: source event 700 has two edges, only the second saying what changed: still one write.
        #expect(writes.map { $0["prop"] as? String } == ["count [Int: self]", "settings [Settings: step, limit]", "Model.(Array<Int>) [items]"])
        #expect(writes.allSatisfy { $0["old"] == nil && $0["new"] == nil && $0["values"] == nil })
        #expect(!capabilities.contains("values"))
        try expectWhy(trace, "Counter", golden: "cause-values.why.txt")
    }

    @Test("legacy View Properties: each write carries the old and new values its narrative prints, cut at 64 bytes at a character boundary; validate accepts it and why shows the pairs")
    func legacyValues() throws {
        let (trace, lines, capabilities) = try imported("legacy-values/export.xml")
        expectGolden(try String(contentsOfFile: trace, encoding: .utf8), at: Golden.directory.appendingPathComponent("xctrace/legacy-values.txt"))
        #expect(capabilities.contains("values"))
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
        try expectWhy(trace, "HikeEditor", golden: "legacy-values.why.txt")
    }

    @Test("legacy View Properties without value and narrative columns: no write carries values and the header does not list them")
    func legacyWithoutValues() throws {
        let (_, lines, capabilities) = try imported("legacy-values/no-value-columns.xml")
        #expect(!capabilities.contains("values"))
        #expect(lines.count { $0["kind"] as? String == "write" } == 7)
        #expect(lines.allSatisfy { $0["old"] == nil && $0["new"] == nil && $0["values"] == nil })
    }
}
