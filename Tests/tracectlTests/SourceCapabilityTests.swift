import Foundation
import Testing
import TracerTestSupport

/// Traces from sources that cannot see everything (the SwiftUI adapter, `_printChanges()`
/// imports) flow through every command, with the figures their header's `capabilities` lack shown
/// as not available — `n/a`, JSON `null`, a skipped budget rule — never as a measured 0.
@Suite("traces from limited sources: n/a, never 0", .temporaryDirectory)
struct SourceCapabilityTests {
    static let directory = PackagePaths.trace("sources")

    @Test("each command's output on a limited-source trace matches its golden", arguments: [
        (["report", "swiftui.jsonl"], "sources/swiftui.report.txt"),
        (["report", "swiftui.jsonl", "--format", "json"], "sources/swiftui.report.json"),
        (["report", "swiftui.jsonl", "--format", "markdown"], "sources/swiftui.report.md"),
        // NB: the adapter's `@Observable` writes (wrapper `Observable`, prop the model), as AdapterFixtureTests records them.
        (["report", "../adapter/scroll-offset.observable.jsonl"], "sources/adapter-observable.report.txt"),
        (["report", "../adapter/scroll-offset.observable.jsonl", "--format", "json"], "sources/adapter-observable.report.json"),
        (["report", "printChanges.jsonl"], "sources/printChanges.report.txt"),
        (["report", "printChanges.jsonl", "--format", "json"], "sources/printChanges.report.json"),
        (["diff", "swiftui.jsonl", "../scenarios/scroll-offset.view-storage.jsonl"], "sources/swiftui.diff.txt"),
        (["diff", "swiftui.jsonl", "../scenarios/scroll-offset.view-storage.jsonl", "--format", "json"], "sources/swiftui.diff.json"),
        (["flame", "printChanges.jsonl"], "sources/printChanges.flame.txt"),
        (["validate", "printChanges.jsonl"], "sources/printChanges.validate.txt"),
    ])
    func outputs(arguments: [String], golden: String) throws {
        let run = try TracectlProcess.run(arguments, currentDirectory: Self.directory)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        Golden.check(run.stdout, named: golden)
    }

    @Test("a budget rule on a figure the source cannot produce is skipped with a warning, not passed")
    func unavailableRuleIsSkipped() throws {
        let run = try TracectlProcess.run(
            ["check", "swiftui.jsonl", "--budget", "swiftui.budget.json", "--format", "json"], currentDirectory: Self.directory)
        #expect(run.status == 1, "the body-evals rule still fails: \(run.stderr)")
        #expect(run.stderr.contains("$.rules[1] (line 5) skipped: skips is not available: the swiftui source records no skip"))
        #expect(run.stdout.contains("\"status\":\"skipped\""))
        #expect(!run.stdout.contains("\"metric\":\"skips\",\"level\":\"error\",\"status\":\"pass\""))
        Golden.check(run.stdout, named: "sources/swiftui.check.json")
    }

    @Test("--write-budget writes no rule on a figure the source cannot produce")
    func writtenBudgetLeavesOutUnavailableMetrics() throws {
        let run = try TracectlProcess.run(
            ["check", "printChanges.jsonl", "--write-budget", "-"], currentDirectory: Self.directory)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(!run.stdout.contains("wasted-evals"))
        #expect(run.stdout.contains("\"metric\":\"body-evals\""))
        #expect(run.stderr.contains("wrote a budget of 3 rules for 2 views"))
    }

    @Test("the HTML report's data shows unavailable figures as n/a")
    func htmlShowsNotAvailable() throws {
        let page = temporaryPath("swiftui.html")
        let run = try TracectlProcess.run(["report", "swiftui.jsonl", "--format", "html", "-o", page], currentDirectory: Self.directory)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("[\"MyView\",3,\"n/a\",\"n/a\",\"n/a\",2,98000,31000,38000]"))
        #expect(html.contains("\"invalidations\":null"))
    }
}
