import Foundation
import Testing
import TracerTestSupport

/// Evaluations without a `dur` have no body time: `-` in text, `null` in JSON, a skipped budget
/// rule, never `0 ns` in any output; a figure over timed and untimed ones counts the timed and says so.
@Suite("untimed evaluations: never 0 ns", .temporaryDirectory)
struct UntimedEvaluationTests {
    /// A trace whose source can time bodies but none of whose evaluations has a `dur` (a golden
    /// trace, normalised), and one where some have one.
    static let untimed = PackagePaths.trace("scenarios/scroll-offset.state.jsonl")

    /// `untimed` with a `dur` on the first `timed` evaluations.
    private func partlyTimed(_ timed: Int) throws -> String {
        var left = timed
        let lines = try String(contentsOfFile: Self.untimed, encoding: .utf8).split(separator: "\n").map { line -> String in
            guard line.contains(#""kind":"body-eval""#), left > 0 else { return String(line) }
            left -= 1
            return line.dropLast() + #","dur":1000}"#
        }
        let path = temporaryPath("partly.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("text outputs show '-' where a body time would be, never 0 ns", arguments: [
        ["report", untimed], ["report", untimed, "--format", "markdown"], ["why", untimed, "**"], ["why", untimed, "**", "--format", "markdown"],
        ["graph", untimed], ["diff", untimed, untimed], ["diff", untimed, untimed, "--format", "markdown"],
    ])
    func text(arguments: [String]) throws {
        let run = try TracectlProcess.run(arguments)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(!run.stdout.contains("0 ns"), "\(arguments): \(run.stdout)")
        #expect(run.stdout.contains("-"))
    }

    @Test("JSON outputs write null for every body time", arguments: [
        (["report", untimed, "--format", "json"], #""bodyTimeNs":null"#), (["why", untimed, "**", "--format", "json"], #""bodyTimeNs":null"#),
        (["graph", untimed, "--format", "json"], #""bodyTimeNs":null"#), (["diff", untimed, untimed, "--format", "json"], #""bodyTimeNs":null"#),
    ])
    func json(arguments: [String], null: String) throws {
        let run = try TracectlProcess.run(arguments)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.contains(null), "\(arguments)")
        #expect(run.stdout.firstRange(of: /"(total|mean|p50|p95|max)":0[,}]/) == nil, "\(arguments): \(run.stdout)")
    }

    @Test("a body-time rule over untimed evaluations is skipped, not passed with 0 ns")
    func check() throws {
        let budget = temporaryPath("budget.json")
        try #"{"schema":"tracer-budget/1","rules":[{"view":"MyView","metric":"body-time-total","max":"2ms"},{"view":"MyView","metric":"body-evals","max":1000}]}"#
            .write(toFile: budget, atomically: true, encoding: .utf8)
        let run = try TracectlProcess.run(["check", Self.untimed, "--budget", budget])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.contains("SKIPPED  MyView  body-time-total"), "\(run.stdout)")
        #expect(!run.stdout.contains("0 ns"))
    }

    @Test("the HTML report shows '-' for the untimed views and totals")
    func html() throws {
        let page = temporaryPath("page.html")
        let run = try TracectlProcess.run(["report", Self.untimed, "--format", "html", "-o", page])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let text = try String(contentsOfFile: page, encoding: .utf8)
        #expect(text.contains(#""bodyTimeNs":"-""#))
        #expect(text.contains(#"["MyView",241,0,0,240,240,"-","-","-"]"#))
    }

    @Test("a total over timed and untimed evaluations counts the timed ones and says how many are not")
    func mixed() throws {
        let trace = try partlyTimed(2)
        let report = try TracectlProcess.run(["report", trace])
        #expect(report.stdout.contains("body time 2.0 µs (480 without dur)"), "\(report.stdout)")
        let json = try TracectlProcess.run(["report", trace, "--format", "json"])
        #expect(json.stdout.contains(#""bodyTimeNs":2000,"untimedEvals":480"#), "\(json.stdout)")
        let why = try TracectlProcess.run(["why", trace, "MyView"])
        #expect(why.stdout.contains("body time 1.0 µs (240 without dur)"), "\(why.stdout)")
    }
}
