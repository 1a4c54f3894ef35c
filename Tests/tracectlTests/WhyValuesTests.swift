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
          arguments: [("edges", "Editor"), ("caused-write", "Preview"), ("scroll-offset.values", "MyView/MyScrollView"),
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

@Suite("tracectl why: the values of every write on a path, in --eval and --list", .temporaryDirectory)
struct WhyWriteValuesTests {
    /// The hand-written values traces (`Fixtures/Traces/values`).
    static let directory = WhyValuesTests.directory

    /// The `tracer-why/1` document of `arguments` (after `why`), run in `directory`.
    private func document(_ arguments: [String], in directory: String = Self.directory) throws -> [String: Any] {
        let run = try TracectlProcess.run(["why"] + arguments + ["--format", "json"], currentDirectory: directory)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    /// `caused-write.jsonl` with its header's `values` capability removed, in a temporary directory.
    private func withoutValues() throws -> String {
        let directory = temporaryDirectory()
        let trace = try String(contentsOfFile: "\(Self.directory)/caused-write.jsonl", encoding: .utf8)
            .replacingOccurrences(of: #","values"]"#, with: "]")
        try trace.write(toFile: "\(directory)/caused-write.jsonl", atomically: false, encoding: .utf8)
        return directory
    }

    /// The `values` object's pairs as `old → new ×count`, then its marker counts by name.
    private func summary(_ values: Any?) -> [String] {
        guard let values = values as? [String: Any] else { return ["null"] }
        let pairs = (values["pairs"] as? [[String: Any]] ?? []).map { "\($0["old"] ?? "") → \($0["new"] ?? "") ×\($0["count"] ?? "")" }
        return pairs + ["equal", "differsAfterCut", "redacted", "unavailable"].compactMap { name in
            (values[name] as? Int).flatMap { $0 > 0 ? "\(name) \($0)" : nil }
        }
    }

    @Test("a write the chain caused shows its own values beside the root's, each line named by its write")
    func causedWrite() throws {
        let path = try #require(((try document(["caused-write.jsonl", "Preview"])["views"] as? [[String: Any]])?.first?["paths"] as? [[String: Any]])?.first)
        #expect(summary(path["values"]) == ["dark → light ×1", "light → dark ×1"])
        let hops = try #require(path["hops"] as? [[String: Any]])
        #expect(hops.map { $0["kind"] as? String } == ["body-eval", "write", "body-eval"])
        #expect(summary(hops[1]["values"]) == ["blue → orange ×1", "redacted 1"])
        #expect(hops[0]["values"] == nil && hops[2]["values"] == nil)
        let text = try TracectlProcess.run(["why", "caused-write.jsonl", "Preview"], currentDirectory: Self.directory).stdout
        #expect(text.contains(#"   Settings.theme (State, Settings.swift:4): old → new: "dark" → "light" ×1, "light" → "dark" ×1"#))
        #expect(text.contains(#"   Settings/Preview.accent (Environment): old → new: "blue" → "orange" ×1"#))
        #expect(text.contains("   Settings/Preview.accent (Environment): values redacted (1 evaluation)\n"))
    }

    @Test("a trace whose header does not list values: a caused write's values are null and no line names them")
    func causedWriteNotRecorded() throws {
        let directory = try withoutValues()
        let path = try #require(((try document(["caused-write.jsonl", "Preview"], in: directory)["views"] as? [[String: Any]])?.first?["paths"] as? [[String: Any]])?.first)
        #expect((path["hops"] as? [[String: Any]])?[1]["values"] is NSNull)
        for arguments in [["caused-write.jsonl", "Preview"], ["caused-write.jsonl", "Preview", "--list"], ["caused-write.jsonl", "Preview", "--eval", "16"]] {
            let text = try TracectlProcess.run(["why"] + arguments, currentDirectory: directory).stdout
            #expect(!text.contains("→ \"") && !text.contains("redacted"), "\(arguments)")
        }
    }

    @Test("--eval shows each write's value on its step: a pair, a marker; null when values were not recorded")
    func evaluationChain() throws {
        let chain = try #require(try document(["caused-write.jsonl", "Preview", "--eval", "16"])["chain"] as? [[String: Any]])
        #expect(chain.filter { $0["kind"] as? String == "write" }.map { summary($0["values"]) } == [["dark → light ×1"], ["redacted 1"]])
        #expect(chain.filter { $0["kind"] as? String != "write" }.allSatisfy { $0["values"] == nil })
        let text = try TracectlProcess.run(["why", "caused-write.jsonl", "Preview", "--eval", "16"], currentDirectory: Self.directory).stdout
        #expect(text.contains(#"theme (State), "dark" → "light""#) && text.contains("accent (Environment), values redacted"))
        let unrecorded = try #require(try document(["caused-write.jsonl", "Preview", "--eval", "16"], in: try withoutValues())["chain"] as? [[String: Any]])
        #expect(unrecorded.filter { $0["kind"] as? String == "write" }.allSatisfy { $0["values"] is NSNull })
    }

    @Test("--list: each evaluation in trace order with its path, body time (null and '-' when untimed) and values, bounded by --top")
    func list() throws {
        let view = try #require((try document(["caused-write.jsonl", "Preview", "--list"])["views"] as? [[String: Any]])?.first)
        let evaluations = try #require(view["evaluations"] as? [[String: Any]])
        #expect(evaluations.map { $0["seq"] as? Int } == [4, 10, 16])
        #expect(evaluations.map { $0["bodyTimeNs"] as? Int } == [1000, 3000, nil] && evaluations[2]["bodyTimeNs"] is NSNull)
        #expect(evaluations.map { summary($0["values"]) } == [["null"], ["light → dark ×1"], ["dark → light ×1"]])
        #expect(summary((evaluations[2]["hops"] as? [[String: Any]])?[1]["values"]) == ["redacted 1"])
        #expect(view["omittedEvaluations"] as? Int == 0)
        let top = try #require((try document(["caused-write.jsonl", "Preview", "--list", "--top", "2"])["views"] as? [[String: Any]])?.first)
        #expect((top["evaluations"] as? [[String: Any]])?.map { $0["seq"] as? Int } == [4, 10] && top["omittedEvaluations"] as? Int == 1)
        let text = try TracectlProcess.run(["why", "caused-write.jsonl", "Preview", "--list", "--top", "2"], currentDirectory: Self.directory).stdout
        #expect(text.contains("+ 1 more evaluation left out\n") && !text.contains(" 16 "))
        let untimed = try TracectlProcess.run(["why", "caused-write.jsonl", "Preview", "--list"], currentDirectory: Self.directory).stdout
        let row = try #require(untimed.split(separator: "\n").first { $0.hasPrefix(" 16 ") })
        #expect(row.contains("          -  Settings.theme") && !row.contains("0 ns"))
        #expect(row.contains(#"Settings.theme (State, Settings.swift:4): "dark" → "light"; Settings/Preview.accent (Environment): values redacted"#))
        let plain = try document(["caused-write.jsonl", "Preview"])
        #expect((plain["views"] as? [[String: Any]])?.first?["evaluations"] == nil)
    }

    @Test("--list on the adapter trace marks inferred steps: ≈ in text, \"inferred\" in JSON; --recorded-only shows n/a")
    func listInferred() throws {
        let trace = PackagePaths.trace("adapter/scroll-offset.observable.jsonl")
        let view = try #require((try document([trace, "MyScrollView", "--list", "--top", "3"], in: temporaryDirectory())["views"] as? [[String: Any]])?.first)
        let evaluations = try #require(view["evaluations"] as? [[String: Any]])
        #expect(evaluations.count == 3 && view["omittedEvaluations"] as? Int == 238)
        let inferred = evaluations.dropFirst().map { ($0["hops"] as? [[String: Any]])?.last?["inferred"] as? String }
        #expect(inferred == ["same-update-sole-root", "same-update-sole-root"])
        let text = try TracectlProcess.run(["why", trace, "MyScrollView", "--list", "--top", "3"]).stdout
        #expect(text.contains("→ ≈ MyScrollView (inputs-changed)"))
        let recorded = try TracectlProcess.run(["why", trace, "MyScrollView", "--list", "--top", "3", "--recorded-only"]).stdout
        #expect(!recorded.contains("≈") && recorded.contains("n/a → MyScrollView (n/a)"))
    }

    @Test("--list with --eval is a usage error (exit 2) naming both")
    func listWithEvaluation() throws {
        let run = try TracectlProcess.run(["why", "caused-write.jsonl", "Preview", "--list", "--eval", "16"], currentDirectory: Self.directory)
        #expect(run.status == 2 && run.stderr.contains("--list") && run.stderr.contains("--eval"))
    }
}
