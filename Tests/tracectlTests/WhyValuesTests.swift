import Foundation
import Testing
import TracerTestSupport

@Suite("tracectl why: the values of a path's root writes", .temporaryDirectory)
struct WhyValuesTests {
    /// The hand-written values traces (`Fixtures/Traces/values`).
    static let directory = PackagePaths.trace("values")

    /// The `tracer-why/1` document of `arguments` (after `why`), run in `directory`.
    private func document(_ arguments: [String], in directory: String = Self.directory) throws -> [String: Any] {
        let run = try TracectlProcess.run(["why"] + arguments + ["--format", "json"], currentDirectory: directory)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    /// The paths of the first view of `document`.
    private func paths(_ document: [String: Any]) throws -> [[String: Any]] {
        try #require((document["views"] as? [[String: Any]])?.first?["paths"] as? [[String: Any]])
    }

    @Test("why of the values traces in every format matches its golden",
          arguments: [("edges", "Editor"), ("scroll-offset.values", "MyView/MyScrollView"),
                      ("form-typing.values", "SignupForm/VStack/HStack[Email]/TextField")])
    func goldens(trace: String, glob: String) throws {
        for (format, suffix) in WhyCommandTests.formats {
            let run = try TracectlProcess.run(["why", "\(trace).jsonl", glob, "--format", format], currentDirectory: Self.directory)
            #expect(run.status == 0, "stderr: \(run.stderr)")
            Golden.check(run.stdout, named: "why/values-\(trace).\(suffix)")
        }
    }

    @Test("the most frequent five pairs, +N more distinct, an equal value, a cut that hides the change, each marker; none on the mount's path")
    func edges() throws {
        let document = try document(["edges.jsonl", "Editor"])
        #expect((document["available"] as? [String: Any])?["values"] as? Bool == true)
        let paths = try paths(document)
        let values = try #require(paths.first?["values"] as? [String: Any])
        let pairs = (values["pairs"] as? [[String: Any]] ?? []).map { "\($0["old"] ?? "") → \($0["new"] ?? "") ×\($0["count"] ?? "")" }
        #expect(pairs == ["1 → 2 ×3", " → H ×1", "2 → 3 ×1", "3 → 4 ×1", "4 → 5 ×1"])
        #expect(["distinctPairs", "equal", "differsAfterCut", "redacted", "unavailable"].map { values[$0] as? Int } == [8, 1, 1, 1, 1])
        #expect(paths.last?["values"] is NSNull)
        let text = try TracectlProcess.run(["why", "edges.jsonl", "Editor"], currentDirectory: Self.directory).stdout
        #expect(text.contains(#"   old → new: "1" → "2" ×3, "" → "H" ×1, "2" → "3" ×1, "3" → "4" ×1, "4" → "5" ×1 (+3 more distinct)"#))
        for line in ["written with an equal value 1 time", "differs after 64 bytes 1 time", "values redacted (1 evaluation)", "values unavailable (1 evaluation)"] {
            #expect(text.contains("   \(line)\n"), "missing: \(line)")
        }
    }

    @Test("scroll-offset with values: 240 distinct pairs of one evaluation each, each write's old the one before's new")
    func scrollOffset() throws {
        let values = try #require(try paths(try document(["scroll-offset.values.jsonl", "MyView/MyScrollView"])).first?["values"] as? [String: Any])
        #expect(values["distinctPairs"] as? Int == 240)
        #expect((values["pairs"] as? [[String: Any]])?.compactMap { $0["count"] as? Int } == [1, 1, 1, 1, 1])
        let text = try TracectlProcess.run(["why", "scroll-offset.values.jsonl", "MyView/MyScrollView"], currentDirectory: Self.directory).stdout
        #expect(text.contains("(+235 more distinct)\n"))
    }

    @Test("form-typing: the typed text is redacted on every write, and no value is shown")
    func formTyping() throws {
        let values = try #require(try paths(try document(["form-typing.values.jsonl", "SignupForm/VStack/HStack[Email]/TextField"])).first?["values"] as? [String: Any])
        #expect((values["pairs"] as? [Any])?.isEmpty == true && values["redacted"] as? Int == 40)
        let text = try TracectlProcess.run(["why", "form-typing.values.jsonl", "SignupForm/**/TextField"], currentDirectory: Self.directory).stdout
        #expect(text.components(separatedBy: "values redacted (40 evaluations)").count == 21 && !text.contains("old → new"))
    }

    @Test("a header that does not list values: nothing is said of them, though the writes carry some")
    func notRecorded() throws {
        let directory = temporaryDirectory()
        let trace = try String(contentsOfFile: "\(Self.directory)/edges.jsonl", encoding: .utf8).replacingOccurrences(of: #","values"]"#, with: "]")
        try trace.write(toFile: "\(directory)/edges.jsonl", atomically: false, encoding: .utf8)
        let document = try document(["edges.jsonl", "Editor"], in: directory)
        #expect((document["available"] as? [String: Any])?["values"] as? Bool == false)
        #expect(try paths(document).allSatisfy { $0["values"] is NSNull })
        let text = try TracectlProcess.run(["why", "edges.jsonl", "Editor"], currentDirectory: directory).stdout
        #expect(!text.contains("old → new") && !text.contains("values") && !text.contains("equal value"))
    }
}
