import Foundation
import Testing

/// Whether `xmllint` (Debian's libxml2-utils, installed by `.ci/run`) is on PATH.
private let xmllintAvailable = (ProcessInfo.processInfo.environment["PATH"] ?? "")
    .split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/xmllint") }

@Suite("tracectl check")
struct CheckCommandTests {
    static let budgets = PackagePaths.root.appendingPathComponent("Fixtures/Budgets").path
    static let scenarios = PackagePaths.trace("scenarios")
    static let badBudgets: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: budgets + "/bad")) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    /// Runs `tracectl check` from the scenario traces' directory, with the budget by relative path.
    private func check(_ arguments: [String], environment: [String: String] = [:]) throws -> TracectlRun {
        try TracectlProcess.run(["check"] + arguments, environment: environment, currentDirectory: Self.scenarios)
    }

    @Test("text, JSON and GitHub output match their goldens; exit 1 on an error-level breach, 0 otherwise", arguments: [
        (["scroll-offset.state.jsonl", "--budget", "../../Budgets/scroll-offset.json"], "check/state.text.txt", Int32(1)),
        (["scroll-offset.view-storage.jsonl", "--budget", "../../Budgets/scroll-offset.json"], "check/view-storage.text.txt", 0),
        (["scroll-offset.view-storage.jsonl", "--budget", "../../Budgets/warn-only.json"], "check/warn-only.text.txt", 0),
        (["scroll-offset.state.jsonl", "--budget", "../../Budgets/scroll-offset.json", "--format", "json"], "check/state.json", 1),
        (["scroll-offset.state.jsonl", "--budget", "../../Budgets/scroll-offset.json", "--github"], "check/state.github.txt", 1),
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

    @Test("--github appends a Markdown table to $GITHUB_STEP_SUMMARY")
    func stepSummary() throws {
        let summary = PackagePaths.temporaryDirectory() + "/summary.md"
        try "# earlier step\n".write(toFile: summary, atomically: true, encoding: .utf8)
        let run = try check(
            ["scroll-offset.state.jsonl", "--budget", "../../Budgets/scroll-offset.json", "--github"],
            environment: ["GITHUB_STEP_SUMMARY": summary])
        #expect(run.status == 1)
        let text = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(text.hasPrefix("# earlier step\n### Tracer budget: ../../Budgets/scroll-offset.json\n"))
        Golden.check(text, named: "check/state.summary.md")
    }

    @Test("--junit writes one well-formed test case per rule, failures carrying the message",
          .enabled(if: xmllintAvailable, "needs xmllint (.ci/run installs libxml2-utils)"))
    func junit() throws {
        let report = PackagePaths.temporaryDirectory() + "/budget.xml"
        let run = try check(["scroll-offset.state.jsonl", "--budget", "../../Budgets/scroll-offset.json", "--junit", report])
        #expect(run.status == 1)
        let lint = Process()
        lint.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        lint.arguments = ["xmllint", "--noout", report]
        try lint.run()
        lint.waitUntilExit()
        #expect(lint.terminationStatus == 0)
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 7)
        #expect(xml.components(separatedBy: "<failure ").count - 1 == 4)
        #expect(xml.contains("<failure message=\"MyView body-evals: expected ≤ 3, found 241\" type=\"budget\">"))
        Golden.check(xml, named: "check/state.junit.xml")
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
        let directory = PackagePaths.temporaryDirectory()
        let write = try check(["--write-budget", directory + "/b.json", "scroll-offset.view-storage.jsonl", "--headroom", "0%"])
        #expect(write.status == 0, "stderr: \(write.stderr)")
        #expect(write.stderr == "wrote a budget of 5 rules for 2 views to \(directory)/b.json\n")
        #expect(try check(["scroll-offset.view-storage.jsonl", "--budget", directory + "/b.json"]).status == 0)
        // The observable-object variant evaluates as often but wastes as much: it passes too.
        #expect(try check(["scroll-offset.observable-object.jsonl", "--budget", directory + "/b.json"]).status == 0)
        // One more evaluation of MyView than the budget was written from.
        var lines = try String(contentsOfFile: Self.scenarios + "/scroll-offset.view-storage.jsonl", encoding: .utf8)
        lines += #"{"seq":100000,"kind":"body-eval","view":"MyView","changed":1,"reason":"state"}"# + "\n"
        try lines.write(toFile: directory + "/worse.jsonl", atomically: true, encoding: .utf8)
        let worse = try check([directory + "/worse.jsonl", "--budget", directory + "/b.json"])
        #expect(worse.status == 1)
        #expect(worse.stdout.contains("FAIL    MyView               body-evals [scroll-offset.view-storage]        ≤ 3           4"))
        // A budget scoped to another variant applies to nothing, and says so.
        let other = try check(["scroll-offset.state.jsonl", "--budget", directory + "/b.json"])
        #expect(other.status == 0)
        #expect(other.stderr.contains("tracectl: warning: no rule of \(directory)/b.json applies to these traces"))
    }

    @Test("usage and input errors exit 2 with a clear message", arguments: [
        (["scroll-offset.state.jsonl"], "Error: expected '--budget FILE' (or '--write-budget FILE' to write one)"),
        (["--budget", "../../Budgets/scroll-offset.json"], "Error: missing argument <traces>"),
        (["-", "-", "--budget", "x.json"], "Error: only one trace can be read from standard input"),
        (["a.jsonl", "b.jsonl", "--write-budget", "x.json"], "Error: --write-budget takes exactly one trace"),
        (["scroll-offset.state.jsonl", "--write-budget", "x.json", "--headroom", "lots"],
         "Error: invalid value 'lots' for '--headroom': expected a percentage like 10%"),
        (["scroll-offset.state.jsonl", "--budget", "/nonexistent/b.json"], "tracectl: error: /nonexistent/b.json: cannot read budget file"),
        (["missing.jsonl", "--budget", "../../Budgets/scroll-offset.json"], "tracectl: error: missing.jsonl:0:0: cannot open"),
        (["scroll-offset.state.jsonl", "--budget", "../../Budgets/ratchet.json"],
         "tracectl: error: ../../Budgets/ratchet.json:4: $.rules[0].maxIncrease: a relative limit needs a baseline trace"),
    ])
    func errors(arguments: [String], message: String) throws {
        let run = try check(arguments)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix(message), "stderr: \(run.stderr)")
    }
}
