import Foundation
import Testing
import TracerTestSupport

/// What an Instruments import says about values: the cause graph's value type and changed
/// properties in a write's `changes` (never as values; `prop` is the property's name alone), and
/// the legacy View Properties' printed values as `old`/`new`.
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

    @Test("a cause's value type and changed properties name what changed in its one write's changes, prop its name alone; no values are written")
    func causeValueTypes() throws {
        let (trace, lines, capabilities) = try imported("cause-values/export.xml")
        let writes = lines.filter { $0["kind"] as? String == "write" }
        // NB: source event 700 has two edges, only the second saying what changed: still one write.
        #expect(writes.map { $0["prop"] as? String } == ["count", "settings", "Model.(Array<Int>)"])
        #expect(writes.map { $0["changes"] as? String } == ["Int: self", "Settings: step, limit", "items"])
        let validate = try TracectlProcess.run(["validate", trace])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        #expect(writes.allSatisfy { $0["old"] == nil && $0["new"] == nil && $0["values"] == nil })
        #expect(!capabilities.contains("values"))
        try expectWhy(trace, "Counter", golden: "cause-values.why.txt")
    }

    @Test("a budget naming a property by its name matches the imported writes of a cause that names the value's type")
    func budgetNamesTheProperty() throws {
        let directory = temporaryDirectory()
        let export = try String(contentsOfFile: Self.exports + "/cause-values/export.xml", encoding: .utf8)
            .replacingOccurrences(of: "Counter", with: "HabitList").replacingOccurrences(of: "@State count", with: "@State query")
            .replacingOccurrences(of: #"<string fmt="Int">Int</string>"#, with: #"<string fmt="[String]">[String]</string>"#)
        try export.write(toFile: directory + "/habits.xml", atomically: false, encoding: .utf8)
        try #"{"schema":"tracer-budget/1","rules":[{"source":"HabitList.query","view":"HabitList","metric":"edge-evals","max":0}]}"#
            .write(toFile: directory + "/budget.json", atomically: false, encoding: .utf8)
        let imported = try TracectlProcess.run(["import", "habits.xml", "--from", "xctrace", "-o", "habits.jsonl"], currentDirectory: directory)
        #expect(imported.status == 0, "\(imported.stderr)")
        let check = try TracectlProcess.run(["check", "habits.jsonl", "--budget", "budget.json", "--format", "json"], currentDirectory: directory)
        // NB: the one write of HabitList.query led to one evaluation of HabitList: over a max of 0.
        #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains(#""found":1,"worstView":"HabitList.query → HabitList""#), "\(check.stdout)")
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
