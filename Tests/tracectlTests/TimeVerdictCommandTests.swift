import Foundation
import Testing
import TracerTestSupport

/// `check --baseline` and `diff` over repeated runs: each verdict (regressed, improved, same,
/// inconclusive) in each output, against goldens; JUnit valid against Fixtures/junit.xsd.
@Suite("time verdicts over runs: check and diff", .temporaryDirectory)
struct TimeVerdictCommandTests {
    static let runs = PackagePaths.trace("runs")

    /// A verdict and the runs that give it: six runs a side (two for inconclusive), the head's
    /// list body 20% slower, 20% faster, or within half a percent of the base's.
    static let cases: [(verdict: String, head: String, count: Int)] = [
        ("regressed", "slower", 6), ("improved", "faster", 6), ("same", "same", 6), ("inconclusive", "slower", 2),
    ]

    static func traces(_ name: String, _ count: Int) -> [String] { (1...count).map { "\(name)-\($0).jsonl" } }

    /// `tracectl check HEAD… --budget times.json --baseline BASE…` in the runs' folder, plus `more`.
    private func check(_ head: String, _ count: Int, _ more: [String], environment: [String: String] = [:]) throws -> TracectlRun {
        let baselines = Self.traces("base", count).flatMap { ["--baseline", $0] }
        return try TracectlProcess.run(
            ["check"] + Self.traces(head, count) + ["--budget", "../../Budgets/times.json"] + baselines + more,
            environment: environment, currentDirectory: Self.runs)
    }

    @Test("check: text, JSON and the pull-request comment of each verdict match their goldens; only regressed exits 1",
          arguments: cases)
    func checkOutputs(verdict: String, head: String, count: Int) throws {
        for (format, suffix) in [("text", "txt"), ("json", "json"), ("markdown", "comment.md")] {
            let run = try check(head, count, ["--format", format])
            #expect(run.status == (verdict == "regressed" ? 1 : 0), "\(verdict) \(format): \(run.stderr)")
            #expect(run.stdout.contains(verdict))
            Golden.check(run.stdout, named: "check/time-\(verdict).\(suffix)")
        }
    }

    @Test("check --github: annotations (a fail for regressed, a warning naming the runs for inconclusive) and the job summary's table",
          arguments: cases)
    func checkGitHub(verdict: String, head: String, count: Int) throws {
        let summary = temporaryDirectory() + "/summary.md"
        let run = try check(head, count, ["--github", "--source-root", "."], environment: ["GITHUB_STEP_SUMMARY": summary])
        let commands = run.stderr.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(commands.count == (verdict == "regressed" || verdict == "inconclusive" ? 1 : 0))
        if verdict == "inconclusive" { #expect(commands.first?.hasPrefix("::warning ") == true && run.stderr.contains("runs a side could decide")) }
        Golden.check(commands.map { $0 + "\n" }.joined(), named: "check/time-\(verdict).github.txt")
        Golden.check(try String(contentsOfFile: summary, encoding: .utf8), named: "check/time-\(verdict).summary.md")
    }

    @Test("check --junit of each verdict matches its golden and is valid against Fixtures/junit.xsd",
          .enabled(if: XMLLint.available, "needs xmllint (.ci/run installs libxml2-utils)"), arguments: cases)
    func checkJUnit(verdict: String, head: String, count: Int) throws {
        let report = temporaryDirectory() + "/budget.xml"
        _ = try check(head, count, ["--junit", report])
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(xml.contains(verdict == "regressed" ? "<failure " : "<testcase "))
        #expect(xml.contains(verdict == "regressed" ? "time: regressed" : verdict == "inconclusive" ? "time: inconclusive" : "</testcase>"))
        Golden.check(xml, named: "check/time-\(verdict).junit.xml")
        #expect(XMLLint.validates(report, schema: PackagePaths.root.appendingPathComponent("Fixtures/junit.xsd").path))
    }

    @Test("diff with --base-run and --variant-run: text, JSON, Markdown and the HTML page's section of each verdict match their goldens",
          arguments: cases)
    func diffOutputs(verdict: String, head: String, count: Int) throws {
        let (bases, heads) = (Self.traces("base", count), Self.traces(head, count))
        let arguments = ["diff", bases[0], heads[0]] + bases.dropFirst().flatMap { ["--base-run", $0] }
            + heads.dropFirst().flatMap { ["--variant-run", $0] }
        for (format, suffix) in [("text", "txt"), ("json", "json"), ("markdown", "md"), ("html", "html")] {
            let run = try TracectlProcess.run(arguments + ["--format", format], currentDirectory: Self.runs)
            #expect(run.status == 0, "\(verdict) \(format): \(run.stderr)")
            // NB: the page's styles and script are the report's; only its time section is new.
            let output = format == "html" ? try #require(run.stdout.firstMatch(of: /<h2>Body time over runs<\/h2>[\s\S]*?<\/table><\/div>/)).0 + "\n" : run.stdout
            #expect(output.contains(verdict))
            Golden.check(String(output), named: "diff/time-\(verdict).\(suffix)")
        }
    }

    @Test("diff of one run a side shows no time section: a rank test needs runs")
    func diffOneRun() throws {
        let run = try TracectlProcess.run(["diff", "base-1.jsonl", "slower-1.jsonl", "--format", "json"], currentDirectory: Self.runs)
        #expect(run.status == 0)
        #expect(!run.stdout.contains("\"times\""))
    }

    /// A run: a `load` mark whose interval holds one 1 ms evaluation (`slowdown` times that, plus a
    /// per-run wobble of `run` µs), then a `scroll` mark (or `other`, when `scrollNamed` is false)
    /// with a 2 ms evaluation.
    static func markedRun(slowdown: Double, run: Int, scrollNamed: Bool = true) -> String {
        let load = Int(1_000_000 * slowdown) + run * 1_000
        return [
            #"{"kind":"meta","schema":"tracer/1","scenario":"marks","unit":"ns"}"#,
            #"{"seq":1,"ts":0,"tid":1,"kind":"mark","name":"load"}"#,
            #"{"seq":2,"ts":10,"tid":1,"tx":1,"kind":"body-eval","view":"List","reason":"first","dur":\#(load)}"#,
            #"{"seq":3,"ts":5000000,"tid":1,"kind":"mark","name":"\#(scrollNamed ? "scroll" : "other")"}"#,
            #"{"seq":4,"ts":5000010,"tid":1,"tx":2,"kind":"body-eval","view":"List","reason":"first","dur":\#(2_000_000 + run * 1_000)}"#,
        ].joined(separator: "\n") + "\n"
    }

    @Test("diff over runs compares each mark's body time (its intervals added up) when both sides have the mark; one side's mark alone is no row")
    func diffMarks() throws {
        let directory = temporaryDirectory()
        for run in 1...6 {
            try Self.markedRun(slowdown: 1, run: run).write(toFile: "\(directory)/base-\(run).jsonl", atomically: false, encoding: .utf8)
            try Self.markedRun(slowdown: 1.5, run: run, scrollNamed: false)
                .write(toFile: "\(directory)/head-\(run).jsonl", atomically: false, encoding: .utf8)
        }
        let arguments = ["diff", "base-1.jsonl", "head-1.jsonl"] + (2...6).flatMap { ["--base-run", "base-\($0).jsonl", "--variant-run", "head-\($0).jsonl"] }
        let run = try TracectlProcess.run(arguments + ["--format", "json"], currentDirectory: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let rows = try #require(document["times"] as? [[String: Any]])
        let marks = rows.filter { !($0["mark"] is NSNull) }
        #expect(marks.map { $0["mark"] as? String } == ["load"])
        #expect(marks.first?["view"] is NSNull)
        #expect((marks.first?["comparison"] as? [String: Any])?["verdict"] as? String == "regressed")
        let text = try TracectlProcess.run(arguments, currentDirectory: directory)
        #expect(text.stdout.contains("mark load"))
        #expect(!text.stdout.contains("mark scroll") && !text.stdout.contains("mark other"))
    }
}
