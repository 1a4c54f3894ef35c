import Foundation
import ScenarioTestSupport
import Testing
import TracerTestSupport

@Suite("tracectl advise", .temporaryDirectory)
struct AdviseCommandTests {
    @Test("advise in each format matches its golden", arguments: [
        ("scroll-offset.state", ["--format", "text"], "advise/scroll-offset.state.text.txt"),
        ("scroll-offset.state", ["--format", "json"], "advise/scroll-offset.state.json"),
        ("scroll-offset.state", ["--format", "markdown"], "advise/scroll-offset.state.markdown.md"),
        ("lazy-stack.inline-view-model", ["--format", "text"], "advise/lazy-stack.inline-view-model.text.txt"),
        ("lazy-stack.state-object", ["--format", "json"], "advise/lazy-stack.state-object.json"),
        ("scroll-offset.view-storage", ["--min-savings", "0"], "advise/scroll-offset.view-storage.min-savings-0.txt"),
        ("scroll-offset.view-storage", [], "advise/scroll-offset.view-storage.text.txt"),
    ])
    func formats(trace: String, options: [String], golden: String) throws {
        let directory = temporaryDirectory()
        _ = try ScenarioTraces.write(trace, into: directory)
        let run = try TracectlProcess.run(["advise", "\(trace).jsonl"] + options, currentDirectory: directory)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        // NB: the golden traces have no `dur`: the one warning says their evaluations have no duration.
        #expect(run.stderr.split(separator: "\n").allSatisfy { $0.contains("body evaluation(s) have no duration") }, "stderr: \(run.stderr)")
        Golden.check(run.stdout, named: golden)
    }

    @Test("the JSON document is valid JSON with the documented keys")
    func jsonShape() throws {
        let run = try TracectlProcess.run(["advise", PackagePaths.trace("scenarios/scroll-offset.state.jsonl"), "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "tracer-advice/1")
        #expect(Set(object.keys) == ["schema", "trace", "minSavings", "findings", "belowMinSavings", "countsOnly", "notEvaluated", "warnings"])
        let first = try #require((object["findings"] as? [[String: Any]])?.first)
        #expect(first["pattern"] as? String == "high-frequency-write")
        #expect((first["savings"] as? [String: Any])?["bodyEvals"] as? Int == 476)
    }

    @Test("-o writes the file; a bad trace is an error with its position, exit 2, and leaves no output")
    func outputAndBadInput() throws {
        let directory = temporaryDirectory()
        let file = directory + "/advice.md"
        let run = try TracectlProcess.run(
            ["advise", PackagePaths.trace("scenarios/scroll-offset.state.jsonl"), "--format", "markdown", "-o", file])
        #expect(run.status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("### Tracer advice: scroll-offset (state)"))
        let bad = try TracectlProcess.run(["advise", "invalid-json-mid.jsonl"], currentDirectory: PackagePaths.trace("bad"))
        let expected = try String(contentsOfFile: PackagePaths.trace("bad/invalid-json-mid.expected"), encoding: .utf8)
            .trimmingCharacters(in: .newlines)
        #expect(bad.status == 2)
        #expect(bad.stdout.isEmpty)
        #expect(bad.stderr == "tracectl: \(expected)\n")
    }

    @Test("--min-savings takes a whole number")
    func minimumSavingsUsage() throws {
        let run = try TracectlProcess.run(["advise", "x.jsonl", "--min-savings", "lots"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Error: invalid value 'lots' for '--min-savings'"))
    }
}
