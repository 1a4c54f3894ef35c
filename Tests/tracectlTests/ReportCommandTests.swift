import Foundation
import Testing
import TracerTestSupport

@Suite("tracectl report, validate and demo", .temporaryDirectory)
struct ReportCommandTests {
    static let basic = PackagePaths.trace("analysis-basic.jsonl")
    static let badDirectory = PackagePaths.trace("bad")
    static let badTraces = FixtureFolder.names(in: badDirectory, suffix: ".jsonl")

    @Test("report in each format matches its golden", arguments: [
        (["--format", "text"], "report/basic.text.txt"),
        (["--format", "json"], "report/basic.json"),
        (["--format", "markdown"], "report/basic.markdown.md"),
        (["--sort", "wasted", "--top", "2"], "report/basic.sort-wasted.top-2.txt"),
        (["--view", "**/Row*", "--format", "json"], "report/basic.view-rows.json"),
    ])
    func reportFormats(options: [String], golden: String) throws {
        let run = try TracectlProcess.run(["report", "analysis-basic.jsonl"] + options, currentDirectory: PackagePaths.trace(""))
        #expect(run.status == 0, "stderr: \(run.stderr)")
        Golden.check(run.stdout, named: golden)
    }

    @Test("report reads standard input and writes -o files")
    func standardInputAndOutputFile() throws {
        let trace = try Data(contentsOf: URL(fileURLWithPath: Self.basic))
        let fromFile = try TracectlProcess.run(["report", Self.basic, "--format", "json"])
        let fromStdin = try TracectlProcess.run(["report", "-", "--format", "json"], stdin: trace)
        #expect(fromStdin.status == 0)
        #expect(fromStdin.stdout.replacingOccurrences(of: "<stdin>", with: Self.basic) == fromFile.stdout)
        let directory = temporaryDirectory()
        let page = directory + "/basic.html"
        let html = try TracectlProcess.run(["report", Self.basic, "--format", "html", "-o", page])
        #expect(html.status == 0)
        let text = try String(contentsOfFile: page, encoding: .utf8)
        #expect(text.hasPrefix("<!DOCTYPE html>"))
        // Self-contained: nothing is fetched (the SVG namespace URI is only a name).
        for reference in ["src=\"http", "href=\"http", "<link", "@import", "fetch("] {
            #expect(!text.contains(reference), "the page loads \(reference)")
        }
    }

    @Test("report on each bad trace: its diagnostic on stderr and exit 2 for errors, 0 for warnings", arguments: badTraces)
    func badTrace(name: String) throws {
        let expectedPath = Self.badDirectory + "/" + name.replacingOccurrences(of: ".jsonl", with: ".expected")
        let expected = try String(contentsOfFile: expectedPath, encoding: .utf8).trimmingCharacters(in: .newlines)
        let run = try TracectlProcess.run(["report", name], currentDirectory: Self.badDirectory)
        if expected.hasPrefix("error: ") {
            #expect(run.status == 2)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr == "tracectl: error: \(expected.dropFirst("error: ".count))\n")
        } else if expected.hasPrefix("warning: ") {
            #expect(run.status == 0)
            #expect(run.stderr.contains("tracectl: warning: \(expected.dropFirst("warning: ".count))"))
            #expect(run.stdout.contains("total:"))
        } else {
            #expect(run.status == 0)
            #expect(run.stdout.contains("unknown kinds"))
        }
    }

    @Test("report of a missing file and bad options exit 2 with a clear message")
    func missingFileAndBadOptions() throws {
        let missing = try TracectlProcess.run(["report", "/nonexistent/t.jsonl"])
        #expect(missing.status == 2)
        // NB: a file that cannot be opened has no position to name.
        #expect(missing.stderr == "tracectl: error: /nonexistent/t.jsonl: cannot open: No such file or directory\n")
        let badTop = try TracectlProcess.run(["report", Self.basic, "--top", "0"])
        #expect(badTop.status == 2)
        #expect(badTop.stderr.hasPrefix("Error: invalid value '0' for '--top'"))
        let badFormat = try TracectlProcess.run(["report", Self.basic, "--format", "yaml"])
        #expect(badFormat.status == 2)
    }

    @Test("validate accepts a conforming trace and lists what is wrong in a bad one")
    func validate() throws {
        let good = try TracectlProcess.run(["validate", Self.basic])
        #expect(good.status == 0)
        #expect(good.stdout.hasSuffix("conforms to tracer/1\n"))
        let bad = try TracectlProcess.run(["validate", "wrong-type-seq.jsonl"], currentDirectory: Self.badDirectory)
        #expect(bad.status == 2)
        #expect(bad.stdout.contains("wrong-type-seq.jsonl:2:8: error: expected an integer for \"seq\""))
        #expect(bad.stderr == "tracectl: error: wrong-type-seq.jsonl: 1 error(s), 0 warning(s)\n")
    }

    @Test("demo compares the three scroll-offset variants and writes the diff page")
    func demo() throws {
        let directory = temporaryDirectory()
        let run = try TracectlProcess.run(["demo", "--out", directory])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.hasPrefix("view ") })
        #expect(header.split(separator: " ", omittingEmptySubsequences: true) ==
                ["view", "measure", "state", "observable-object", "view-storage"])
        // seed 000: @State evaluates MyView once per offset write plus the initial evaluation;
        // the tracker and @ViewStorage only at each of the two threshold crossings plus the initial one.
        let myView = try #require(lines.first { $0.hasPrefix("MyView ") })
        #expect(myView.split(separator: " ", omittingEmptySubsequences: true).prefix(5) ==
                ["MyView", "body", "evals", "241", "3"])
        #expect(run.stdout.contains("Fewest body evaluations: observable-object and view-storage, 6 each"))
        let page = directory + "/scroll-offset.state-vs-view-storage.html"
        #expect(lines.contains("HTML:   \(page)"))
        // It ends with the advice for @State, its estimate beside the saving view-storage measures.
        #expect(run.stdout.contains("1. High-frequency write → @ViewStorage\n   MyView.scrollContentOffset (State) at Scenarios/ScrollOffset.swift:62"))
        #expect(lines.last == "Estimated by advise: 476 fewer body evaluations; measured with view-storage: 476 fewer.")
        #expect(FileManager.default.fileExists(atPath: page))
        for variant in ["state", "observable-object", "view-storage"] {
            #expect(FileManager.default.fileExists(atPath: "\(directory)/scroll-offset.\(variant).jsonl"))
        }
    }

    @Test("diff of the recorded scroll-offset state and view-storage traces names both views with their counts")
    func diffOfScrollOffset() throws {
        let directory = temporaryDirectory()
        let record = try TracectlProcess.run(["record", "scroll-offset", "-o", directory])
        #expect(record.status == 0, "stderr: \(record.stderr)")
        let run = try TracectlProcess.run([
            "diff", directory + "/scroll-offset.state.jsonl", directory + "/scroll-offset.view-storage.jsonl",
        ])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let rows = run.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        // 240 offset writes: @State evaluates both views 241 times; @ViewStorage 3 times (2 crossings + initial).
        #expect(rows.contains { $0.prefix(5) == ["MyView", "241", "3", "−238", "−98.8%"] })
        #expect(rows.contains { $0.prefix(5) == ["MyView/MyScrollView", "241", "3", "−238", "−98.8%"] })
        #expect(run.stdout.contains("view-storage re-evaluates 476 fewer bodies than state (−98.8%)"))
    }
}
