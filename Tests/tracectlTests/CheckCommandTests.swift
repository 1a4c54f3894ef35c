import Foundation
import Testing
import TracerTestSupport

@Suite("tracectl check", .temporaryDirectory)
struct CheckCommandTests {
    static let budgets = PackagePaths.root.appendingPathComponent("Fixtures/Budgets").path
    static let scenarios = PackagePaths.trace("scenarios")
    static let badBudgets = FixtureFolder.names(in: budgets + "/bad", suffix: ".json")

    /// Runs `tracectl check` from the scenario traces' directory, with the budget by relative path.
    private func check(_ arguments: [String], environment: [String: String] = [:]) throws -> TracectlRun {
        try TracectlProcess.run(["check"] + arguments, environment: environment, currentDirectory: Self.scenarios)
    }

    @Test("text and JSON output match their goldens; exit 1 on an error-level breach, 0 otherwise", arguments: [
        (["scroll-offset.state.jsonl", "--budget", "../../Budgets/scroll-offset.json"], "check/state.text.txt", Int32(1)),
        (["scroll-offset.view-storage.jsonl", "--budget", "../../Budgets/scroll-offset.json"], "check/view-storage.text.txt", 0),
        (["scroll-offset.view-storage.jsonl", "--budget", "../../Budgets/warn-only.json"], "check/warn-only.text.txt", 0),
        (["scroll-offset.state.jsonl", "--budget", "../../Budgets/scroll-offset.json", "--format", "json"], "check/state.json", 1),
        (["scroll-offset.state.jsonl", "--budget", "../../Budgets/ratchet.json", "--baseline", "scroll-offset.view-storage.jsonl"],
         "check/ratchet.text.txt", 1),
        (["rendering-cycle.extracted.jsonl", "rendering-cycle.inline.jsonl", "--budget", "../../Budgets/rendering-cycle.json"],
         "check/rendering-cycle.text.txt", 0),
    ])
    func outputs(arguments: [String], golden: String, status: Int32) throws {
        let run = try check(arguments)
        #expect(run.status == status, "stderr: \(run.stderr)")
        Golden.check(run.stdout, named: golden)
    }

    @Test("--github writes workflow commands on stderr at the repository paths of the write sites; stdout stays the report")
    func githubCommands() throws {
        let run = try check(["scroll-offset.state.jsonl", "--budget", "../../Budgets/scroll-offset.json", "--github", "--source-root", "../../.."])
        #expect(run.status == 1)
        Golden.check(run.stdout, named: "check/state.text.txt")
        Golden.check(run.stderr, named: "check/state.github.txt")
    }

    @Test("--format json --github: standard output is one JSON document, the workflow commands go to stderr")
    func githubWithJSON() throws {
        let run = try check(["scroll-offset.state.jsonl", "--budget", "../../Budgets/scroll-offset.json", "--format", "json", "--github"])
        #expect(run.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(document["status"] as? String == "fail")
        let commands = run.stderr.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(commands.filter { $0.hasPrefix("::error ") }.count == 4)
        #expect(commands.filter { $0.hasPrefix("::warning ") }.count == 1)
        #expect(!run.stdout.contains("::error"))
    }

    @Test("--github maps sites to the one *.swift file of that name under the current directory, skipping .build folders")
    func githubSourceRootDefault() throws {
        let root = temporaryDirectory()
        for path in ["App/Screens/ScrollOffset.swift", ".build/debug/ScrollOffset.swift", ".build-x/ScrollOffset.swift"] {
            try FileManager.default.createDirectory(
                atPath: root + "/" + (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try "// \(path)\n".write(toFile: root + "/" + path, atomically: true, encoding: .utf8)
        }
        let arguments = [Self.scenarios + "/scroll-offset.state.jsonl", "--budget", Self.budgets + "/scroll-offset.json", "--github"]
        let mapped = try TracectlProcess.run(["check"] + arguments, currentDirectory: root)
        #expect(mapped.stderr.hasPrefix("::error file=App/Screens/ScrollOffset.swift,line=62,title=Tracer budget $.rules[0]::"), "\(mapped.stderr)")
        // A second file of that name in another module folder: ambiguous, so no file is named.
        try FileManager.default.createDirectory(atPath: root + "/Other", withIntermediateDirectories: true)
        try "// other\n".write(toFile: root + "/Other/ScrollOffset.swift", atomically: true, encoding: .utf8)
        let ambiguous = try TracectlProcess.run(["check"] + arguments, currentDirectory: root)
        #expect(ambiguous.stderr.hasPrefix("::error title=Tracer budget $.rules[0]::"), "\(ambiguous.stderr)")
        #expect(!ambiguous.stderr.contains("file="))
    }

    @Test("--github appends a Markdown table to $GITHUB_STEP_SUMMARY")
    func stepSummary() throws {
        let summary = temporaryDirectory() + "/summary.md"
        try "# earlier step\n".write(toFile: summary, atomically: true, encoding: .utf8)
        let run = try check(
            ["scroll-offset.state.jsonl", "--budget", "../../Budgets/scroll-offset.json", "--github"],
            environment: ["GITHUB_STEP_SUMMARY": summary])
        #expect(run.status == 1)
        let text = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(text.hasPrefix("# earlier step\n### Tracer budget: ../../Budgets/scroll-offset.json\n"))
        Golden.check(text, named: "check/state.summary.md")
    }

    /// Runs the state trace against the scroll-offset budget with `--junit` and returns the file.
    private func junitReport() throws -> String {
        let report = temporaryDirectory() + "/budget.xml"
        let run = try check(["scroll-offset.state.jsonl", "--budget", "../../Budgets/scroll-offset.json", "--junit", report])
        #expect(run.status == 1)
        return report
    }

    @Test("--junit writes one test case per rule, failures carrying the message, each with its time")
    func junit() throws {
        let xml = try String(contentsOfFile: try junitReport(), encoding: .utf8)
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 7)
        #expect(xml.components(separatedBy: "<failure ").count - 1 == 4)
        let times = xml.matches(of: /<test[a-z]+ [^>]* time="([0-9]+\.[0-9]{6})"/).map { Double($0.1)! }
        #expect(times.count == 9)
        // NB: the suites' time is the sum of the cases' (rounded per figure); the rule that is off took none.
        #expect(times[0] == times[1])
        #expect(abs(times[2...].reduce(0, +) - times[0]) < 0.00001)
        #expect(xml.contains(#"name="$.rules[6] MyView/MyScrollView skips ≥ 1" time="0.000000""#))
        #expect(xml.contains("<failure message=\"MyView body-evals: expected ≤ 3, found 241\" type=\"budget\">"))
        Golden.check(xml, named: "check/state.junit.xml")
    }

    @Test("--junit XML and its golden are valid against Fixtures/junit.xsd", .enabled(if: XMLLint.available, "needs xmllint (.ci/run installs libxml2-utils)"),
          arguments: [false, true])
    func junitSchema(golden: Bool) throws {
        let schema = PackagePaths.root.appendingPathComponent("Fixtures/junit.xsd").path
        let file = golden ? Golden.directory.appendingPathComponent("check/state.junit.xml").path : try junitReport()
        #expect(XMLLint.validates(file, schema: schema))
    }

    @Test("each bad budget file: exit 2 and its position, JSON path and message", arguments: badBudgets)
    func badBudget(name: String) throws {
        let expected = try String(contentsOfFile: "\(Self.budgets)/bad/\(name.dropLast(5)).expected", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let run = try TracectlProcess.run(
            ["check", Self.scenarios + "/dice-roll.default.jsonl", "--budget", name], currentDirectory: Self.budgets + "/bad")
        #expect("exit \(run.status)" == expected[0])
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "tracectl: error: \(expected[1])\n")
    }

    @Test("--write-budget round trip: the trace passes its own budget; a trace with more evaluations fails it")
    func writeBudget() throws {
        let directory = temporaryDirectory()
        let write = try check(["--write-budget", directory + "/b.json", "scroll-offset.view-storage.jsonl", "--headroom", "0%"])
        #expect(write.status == 0, "stderr: \(write.stderr)")
        #expect(write.stderr == "wrote a budget of 5 rules for 2 views to \(directory)/b.json\n")
        #expect(try check(["scroll-offset.view-storage.jsonl", "--budget", directory + "/b.json"]).status == 0)
        // One more evaluation of MyView than the budget was written from.
        var lines = try String(contentsOfFile: Self.scenarios + "/scroll-offset.view-storage.jsonl", encoding: .utf8)
        lines += #"{"seq":100000,"kind":"body-eval","view":"MyView","changed":1,"reason":"state"}"# + "\n"
        try lines.write(toFile: directory + "/worse.jsonl", atomically: true, encoding: .utf8)
        let worse = try check([directory + "/worse.jsonl", "--budget", directory + "/b.json"])
        #expect(worse.status == 1)
        #expect(worse.stdout.contains("FAIL    MyView               body-evals [scroll-offset.view-storage]        ≤ 3           4"))
    }

    @Test("a budget of which no rule was checked exits 2 with the report still written; --allow-empty passes with a warning")
    func budgetThatCheckedNothing() throws {
        let directory = temporaryDirectory()
        _ = try check(["--write-budget", directory + "/b.json", "scroll-offset.view-storage.jsonl"])
        // A budget scoped to another variant applies to nothing.
        let other = try check(["scroll-offset.state.jsonl", "--budget", directory + "/b.json"])
        #expect(other.status == 2)
        #expect(other.stdout.contains("0 failed, 0 warned, 0 passed"), "stdout: \(other.stdout)")
        #expect(other.stderr.hasSuffix(
            "tracectl: error: no rule of \(directory)/b.json applies to these traces: every rule is off or was skipped (see the notes); pass --allow-empty to accept\n"),
            "stderr: \(other.stderr)")
        let allowed = try check(["scroll-offset.state.jsonl", "--budget", directory + "/b.json", "--allow-empty"])
        #expect(allowed.status == 0)
        #expect(allowed.stderr.hasSuffix(
            "tracectl: warning: no rule of \(directory)/b.json applies to these traces: every rule is off or was skipped (see the notes)\n"))
    }

    @Test("usage and input errors exit 2 with a clear message", arguments: [
        (["scroll-offset.state.jsonl"], "Error: expected '--budget FILE' (or '--write-budget FILE' to write one)"),
        (["--budget", "../../Budgets/scroll-offset.json"], "Error: missing argument <traces>"),
        (["-", "-", "--budget", "x.json"], "Error: only one trace can be read from standard input"),
        (["a.jsonl", "b.jsonl", "--write-budget", "x.json"], "Error: --write-budget takes exactly one trace"),
        (["scroll-offset.state.jsonl", "--write-budget", "x.json", "--headroom", "lots"],
         "Error: invalid value 'lots' for '--headroom': expected a percentage like 10%"),
        (["scroll-offset.state.jsonl", "--budget", "/nonexistent/b.json"], "tracectl: error: /nonexistent/b.json: cannot read budget file"),
        (["missing.jsonl", "--budget", "../../Budgets/scroll-offset.json"], "tracectl: error: missing.jsonl: cannot open: No such file or directory"),
        (["scroll-offset.state.jsonl", "--budget", "../../Budgets/ratchet.json"],
         "tracectl: error: ../../Budgets/ratchet.json:4: $.rules[0].maxIncrease: a relative limit needs a baseline trace"),
        (["scroll-offset.state.jsonl", "--budget", "../../Budgets/scroll-offset.json", "--source-root", "."],
         "Error: '--source-root' only applies with '--github'"),
        (["scroll-offset.state.jsonl", "--budget", "../../Budgets/scroll-offset.json", "--headroom", "10%"],
         "Error: '--headroom' only applies with '--write-budget'"),
        (["scroll-offset.state.jsonl", "--budget", "../../Budgets/scroll-offset.json", "--github", "--source-root", "/nonexistent"],
         "Error: invalid value '/nonexistent' for '--source-root': expected a directory"),
    ])
    func errors(arguments: [String], message: String) throws {
        let run = try check(arguments)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix(message), "stderr: \(run.stderr)")
    }

    @Test("a malformed trace, as a run or as the baseline, exits 2 with FILE:LINE:COL", arguments: [false, true])
    func malformedTrace(asBaseline: Bool) throws {
        let directory = temporaryDirectory()
        let meta = #"{"kind":"meta","schema":"tracer/1","tool":"test","unit":"ns","pid":1}"#
        let lines = [meta, #"{"seq":1,"kind":"body-eval","view":"A","dur":1}"#, #"{"seq":2,"kind":"body-eval","view":"A","dur":}"#]
        try (lines.joined(separator: "\n") + "\n").write(toFile: directory + "/bad.jsonl", atomically: true, encoding: .utf8)
        let traces = asBaseline ? ["scroll-offset.state.jsonl", "--baseline", directory + "/bad.jsonl"] : [directory + "/bad.jsonl"]
        let run = try check(traces + ["--budget", "../../Budgets/ratchet.json"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        let position = "tracectl: error: \(directory)/bad.jsonl:3:"
        #expect(run.stderr.hasPrefix(position), "stderr: \(run.stderr)")
        let column = run.stderr.dropFirst(position.count).prefix { $0.isNumber }
        #expect((Int(column) ?? 0) > 1, "a column: \(run.stderr)")
    }
}
