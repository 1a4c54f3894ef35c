import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import ScenarioTestSupport
import Testing
import TraceAnalysis
import TracerTestSupport

@Suite("tracectl flame, export and diff", .temporaryDirectory)
struct FlameExportCommandTests {
    /// The recorded scenario traces; commands run there so outputs name them relatively.
    static let scenarios = PackagePaths.trace("scenarios")
    static let state = "scroll-offset.state.jsonl"
    static let viewStorage = "scroll-offset.view-storage.jsonl"

    /// Runs `tracectl arguments…` in the scenarios directory.
    private func tracectl(_ arguments: [String]) throws -> TracectlRun {
        try TracectlProcess.run(arguments, currentDirectory: Self.scenarios)
    }

    /// A trace whose second line is invalid JSON (`FILE:2:COL`), in a fresh directory.
    private func badTrace() throws -> (directory: String, path: String) {
        let directory = temporaryDirectory()
        let path = directory + "/bad.jsonl"
        try Data(#"""
            {"kind":"meta","schema":"tracer/1","scenario":"scroll-offset","variant":"state"}
            {"seq":1,"kind":"body-eval","view":"MyView","dur":}

            """#.utf8).write(to: URL(fileURLWithPath: path))
        return (directory, path)
    }

    @Test("flame in each text format matches its golden", arguments: [
        (["--format", "folded"], "flame/scroll-offset.state.folded"),
        (["--format", "folded", "--weight", "wasted"], "flame/scroll-offset.state.wasted.folded"),
        (["--format", "text", "--width", "72"], "flame/scroll-offset.state.width-72.txt"),
        (["--format", "speedscope"], "flame/scroll-offset.state.speedscope.json"),
    ])
    func flameFormats(options: [String], golden: String) throws {
        let run = try tracectl(["flame", Self.state] + options)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        // NB: the golden traces have no `dur`: an export or speedscope timeline says its evaluations have none.
        #expect(run.stderr.split(separator: "\n").allSatisfy { $0.contains("body evaluation(s) without a duration") }, "stderr: \(run.stderr)")
        Golden.check(run.stdout, named: golden)
    }

    @Test("flame --format svg writes one well-formed SVG with a frame per view path segment")
    func flameSVG() throws {
        let run = try tracectl(["flame", Self.state, "--format", "svg"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let document = try XMLDocument(data: Data(run.stdout.utf8))
        func frames(_ attribute: String) throws -> [String] {
            try document.nodes(forXPath: "//*[local-name()='g'][@class='frame']/@\(attribute)").compactMap(\.stringValue)
        }
        #expect(try frames("data-n") == ["MyView", "MyScrollView"])
        #expect(try frames("data-v") == ["482", "241"])
        #expect(run.stdout.contains("scroll-offset (state) — evals by view"))
        #expect(run.stdout.contains("<script><![CDATA["))
    }

    /// NB: the exporters' output is golden-checked by TraceAnalysisTests (`ExportGoldenTests`); the
    /// command must write exactly what its exporter writes.
    @Test("export in each format writes what the library's exporter writes, and it parses as JSON", arguments: ["chrome", "speedscope"])
    func exportFormats(format: String) throws {
        let trace = Self.scenarios + "/rendering-cycle.extracted.jsonl"
        let run = try TracectlProcess.run(["export", trace, "--format", format])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) is [String: Any])
        func exported(_ exporter: some StreamingExporter) throws -> String {
            var (exporter, output) = (exporter, "")
            try exporter.export(source: .file(trace), options: TraceReadOptions(threads: 1), into: &output)
            return output
        }
        #expect(run.stdout == (format == "chrome" ? try exported(ChromeTraceExporter()) : try exported(SpeedscopeExporter(weight: .evals))))
    }

    @Test("flame and export of a slice match their goldens", arguments: [
        (["flame", state, "--mark", "scroll-down"], "flame/scroll-offset.state.mark-scroll-down.folded"),
        (["flame", state, "--from", "mount", "--to", "scroll-up"], "flame/scroll-offset.state.mount-to-scroll-up.folded"),
        (["flame", "../adapter/scroll-offset.state.jsonl", "--from", "9000", "--to", "23000", "--format", "speedscope"],
         "flame/adapter.scroll-offset.state.9000-to-23000.speedscope.json"),
        (["export", state, "--mark", "mount"], "export/scroll-offset.state.mark-mount.chrome.json"),
        (["export", "../adapter/scroll-offset.state.jsonl", "--from", "scroll-up", "--to", "852000"],
         "export/adapter.scroll-offset.state.scroll-up-to-852000.chrome.json"),
    ])
    func slices(arguments: [String], golden: String) throws {
        let run = try tracectl(arguments)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        // NB: the golden traces have no `dur`: an export or speedscope timeline says its evaluations have none.
        #expect(run.stderr.split(separator: "\n").allSatisfy { $0.contains("body evaluation(s) without a duration") }, "stderr: \(run.stderr)")
        Golden.check(run.stdout, named: golden)
    }

    @Test("a slice counts only its events: --mark is every interval of the name, --from/--to one stretch", arguments: [
        (["--mark", "scroll-down"], "MyView 120\nMyView;MyScrollView 120\n"),
        (["--mark", "mount"], "MyView 1\nMyView;MyScrollView 1\n"),
        (["--from", "scroll-down", "--to", "scroll-down"], "MyView 240\nMyView;MyScrollView 240\n"),
        (["--from", "scroll-up"], "MyView 120\nMyView;MyScrollView 120\n"),
        (["--to", "scroll-down"], "MyView 1\nMyView;MyScrollView 1\n"),
    ])
    func sliceCounts(options: [String], folded: String) throws {
        let run = try tracectl(["flame", Self.state] + options)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout == folded)
    }

    @Test("an unknown mark is an error naming the trace's marks, with a near miss suggested", arguments: [
        (["flame", state, "--mark", "scrol-down"],
         "tracectl: error: scroll-offset.state.jsonl: no mark named 'scrol-down' (did you mean 'scroll-down'?); its marks: mount, scroll-down, scroll-up\n"),
        (["export", state, "--from", "mount", "--to", "end"],
         "tracectl: error: scroll-offset.state.jsonl: no mark named 'end'; its marks: mount, scroll-down, scroll-up\n"),
        (["export", "rendering-cycle.extracted.jsonl", "--mark", "scroll-down", "-o", "-"],
         "tracectl: error: rendering-cycle.extracted.jsonl: no mark named 'scroll-down'; its marks: launch, scroll, count\n"),
        (["flame", "../durations/total-past-max.jsonl", "--to", "launch"],
         "tracectl: error: ../durations/total-past-max.jsonl: no mark named 'launch'; it has no marks\n"),
    ])
    func unknownMark(arguments: [String], message: String) throws {
        let run = try tracectl(arguments)
        #expect(run.status == 2)
        #expect(run.stderr == message)
    }

    @Test("diff of the recorded scroll-offset state and view-storage traces: MyView and MyScrollView 241 → 3")
    func diffOfSeed000() throws {
        let run = try tracectl(["diff", Self.state, Self.viewStorage])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let rows = run.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        // 240 offset writes: @State evaluates both views once per write plus the initial evaluation;
        // @ViewStorage with its derived @State flag only at the two threshold crossings plus the initial one.
        #expect(rows.contains { $0.prefix(5) == ["MyView", "241", "3", "−238", "−98.8%"] })
        #expect(rows.contains { $0.prefix(5) == ["MyView/MyScrollView", "241", "3", "−238", "−98.8%"] })
        #expect(run.stdout.contains("view-storage re-evaluates 476 fewer bodies than state (−98.8%)"))
        Golden.check(run.stdout, named: "diff/scroll-offset.state.view-storage.txt")
        let markdown = try tracectl(["diff", Self.state, Self.viewStorage, "--format", "markdown"])
        #expect(markdown.stdout.contains("| MyView | 241 | 3 | −238 | −98.8% |"))
    }

    @Test("diff of the screen-pattern scenarios' variants names the narrower one's saving",
          arguments: [
            ("form-typing", "form-state", "field-state", "field-state re-evaluates 780 fewer bodies than form-state (−90.6%)"),
            ("environment-theme", "environment", "environment-object",
             "environment-object re-evaluates 120 more bodies than environment (+153.8%)"),
          ])
    func diffOfScreenPatterns(scenario: String, base: String, variant: String, verdict: String) throws {
        let directory = temporaryDirectory()
        for name in [base, variant] { _ = try ScenarioTraces.write("\(scenario).\(name)", into: directory) }
        let run = try TracectlProcess.run(
            ["diff", "\(scenario).\(base).jsonl", "\(scenario).\(variant).jsonl"], currentDirectory: directory)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.contains(verdict))
        Golden.check(run.stdout, named: "diff/\(scenario).\(base).\(variant).txt")
    }

    @Test("diff of traces from different scenarios: exit 2 and why, unless --force")
    func diffRefusesDifferentScenarios() throws {
        let refused = try tracectl(["diff", Self.state, "rendering-cycle.inline.jsonl"])
        #expect(refused.status == 2)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr == "tracectl: error: the traces record different scenarios: \(Self.state) is 'scroll-offset',"
            + " rendering-cycle.inline.jsonl is 'rendering-cycle'; pass --force to compare them anyway\n")
        let forced = try tracectl(["diff", Self.state, "rendering-cycle.inline.jsonl", "--force"])
        #expect(forced.status == 0)
        #expect(forced.stderr == "tracectl: warning: the traces record different scenarios: \(Self.state) is 'scroll-offset',"
            + " rendering-cycle.inline.jsonl is 'rendering-cycle'\n")
        #expect(forced.stdout.contains("\nMyView "))
        #expect(forced.stdout.contains("(only in state)"))
    }

    @Test("-o on a bad trace: exit 2, and the file is neither created nor overwritten", arguments: [
        ["export", "--format", "chrome"], ["export", "--format", "speedscope"], ["flame", "--format", "speedscope"],
        ["flame", "--format", "svg"], ["diff", "--format", "html"], ["report", "--format", "html"],
    ])
    func outputFileOnFailure(command: [String]) throws {
        let (directory, bad) = try badTrace()
        let traces = command[0] == "diff" ? [bad, Self.scenarios + "/" + Self.state] : [bad]
        let fresh = directory + "/fresh.out", existing = directory + "/existing.out"
        try Data("previous contents\n".utf8).write(to: URL(fileURLWithPath: existing))
        for output in [fresh, existing] {
            let run = try TracectlProcess.run([command[0]] + traces + Array(command.dropFirst()) + ["-o", output])
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("tracectl: error: \(bad):2:"), "stderr: \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: fresh))
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "previous contents\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["bad.jsonl", "existing.out"])
    }

    @Test("-o replaces an existing file with the whole output")
    func outputFileOnSuccess() throws {
        let directory = temporaryDirectory()
        let output = directory + "/trace.chrome.json"
        try Data("previous contents\n".utf8).write(to: URL(fileURLWithPath: output))
        let run = try TracectlProcess.run(["export", Self.scenarios + "/" + Self.viewStorage, "-o", output])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty)
        let written = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(try JSONSerialization.jsonObject(with: written) is [String: Any])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["trace.chrome.json"])
    }
}
