import Foundation
import Testing
import TracerTestSupport

@Suite("tracectl import", .temporaryDirectory)
struct ImportCommandTests {
    static let imports = PackagePaths.root.appendingPathComponent("Fixtures/Imports").path

    /// Standard output, then standard error and the exit status, as one golden text.
    static func transcript(_ run: TracectlRun) -> String {
        run.stdout + "--- stderr (exit \(run.status))\n" + run.stderr
    }

    @Test("each fixture imports to its golden trace and messages", arguments: [
        (["console-plain.txt"], "import/console-plain.txt"),
        (["console-xcode.txt"], "import/console-xcode.txt"),
        (["oslog.ndjson"], "import/oslog.ndjson.txt"),
        (["oslog-array.json"], "import/oslog-array.json.txt"),
        (["oslog-crlf-cut.ndjson"], "import/oslog-crlf-cut.ndjson.txt"),
        (["bad/malformed.txt"], "import/bad-malformed.txt"),
        (["bad/malformed.txt", "--strict"], "import/bad-malformed.strict.txt"),
        (["bad/bad-record.ndjson"], "import/bad-record.ndjson.txt"),
        (["bad/no-records.txt"], "import/bad-no-records.txt"),
        (["bad/empty.txt"], "import/bad-empty.txt"),
        (["console-plain.txt", "--from", "oslog"], "import/console-plain.from-oslog.txt"),
    ])
    func fixtures(arguments: [String], golden: String) throws {
        let run = try TracectlProcess.run(["import"] + arguments, currentDirectory: Self.imports)
        Golden.check(Self.transcript(run), named: golden)
    }

    @Test("bad input: a positioned error and exit 2, nothing on stdout", arguments: [
        (["bad/empty.txt"], "bad/empty.txt:1:1: no SwiftUI change record found"),
        (["bad/malformed.txt", "--strict"], "bad/malformed.txt:2:14: expected @self, @identity, @dependencies or a _property"),
        (["bad/bad-record.ndjson", "--strict"], "bad/bad-record.ndjson:2:189: expected a string key"),
        (["missing.txt"], "missing.txt: cannot open: No such file or directory"),
    ])
    func badInput(arguments: [String], message: String) throws {
        let run = try TracectlProcess.run(["import"] + arguments, currentDirectory: Self.imports)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("tracectl: error: \(message)"), "stderr: \(run.stderr)")
    }

    @Test("imported traces conform to tracer/1 and every reading command accepts them", arguments: [
        "console-plain.txt", "console-xcode.txt", "oslog.ndjson", "oslog-array.json", "oslog-crlf-cut.ndjson",
    ])
    func importedTracesAreRead(fixture: String) throws {
        let directory = temporaryDirectory()
        let trace = directory + "/imported.jsonl"
        let imported = try TracectlProcess.run(["import", Self.imports + "/" + fixture, "-o", trace])
        #expect(imported.status == 0, "stderr: \(imported.stderr)")
        let validate = try TracectlProcess.run(["validate", trace])
        #expect(validate.stdout == "\(trace): conforms to tracer/1\n")
        let budget = directory + "/budget.json"
        for command in [
            ["report", trace], ["flame", trace], ["diff", trace, trace], ["export", trace, "--format", "speedscope"],
            ["check", "--write-budget", budget, trace], ["check", trace, "--budget", budget],
        ] {
            let run = try TracectlProcess.run(command)
            #expect(run.status == 0, "\(command): \(run.stderr)")
        }
        // NB: what an imported trace cannot have is not available, never a measured 0.
        let report = try TracectlProcess.run(["report", trace])
        #expect(report.stdout.contains("body time n/a"))
    }

    @Test("reads standard input; -o replaces the file only on success")
    func standardInputAndOutputFile() throws {
        let directory = temporaryDirectory()
        let trace = directory + "/out.jsonl"
        let input = try Data(contentsOf: URL(fileURLWithPath: Self.imports + "/console-plain.txt"))
        let fromStdin = try TracectlProcess.run(["import", "-", "-o", trace], stdin: input)
        #expect(fromStdin.status == 0)
        #expect(fromStdin.stdout.isEmpty)
        let fromFile = try TracectlProcess.run(["import", Self.imports + "/console-plain.txt"])
        let written = try String(contentsOfFile: trace, encoding: .utf8)
        #expect(written == fromFile.stdout)
        let failed = try TracectlProcess.run(["import", Self.imports + "/bad/malformed.txt", "--strict", "-o", trace])
        #expect(failed.status == 2)
        #expect(try String(contentsOfFile: trace, encoding: .utf8) == written)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["out.jsonl"])
    }

    @Test("a write error while the trace is written (a full device) is an error, exit 2",
          .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func writeError() throws {
        let line = "2025-05-01 12:00:00.000001+0000 App[1:2] App.Screen.Row: @self, _value changed.\n"
        let log = temporaryPath("console.txt")
        try String(repeating: line, count: 20_000).write(toFile: log, atomically: false, encoding: .utf8)
        let run = try TracectlProcess.run(["import", log, "-o", "/dev/full"])
        #expect(run.status == 2)
        #expect(run.stderr == "tracectl: error: /dev/full: cannot write: \(String(cString: strerror(ENOSPC)))\n")
    }

    @Test("_printChanges: every _property a line names is a write of its view, in the line's order, before the evaluation it causes; why shows the one hop and no values")
    func printChangesNamesTheChangedProperties() throws {
        let trace = temporaryDirectory() + "/console.jsonl"
        let run = try TracectlProcess.run(["import", Self.imports + "/console-plain.txt", "-o", trace])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
        // NB: "ContentView: _number, _isOn changed." is the fixture's only line naming two properties.
        let isOn = try #require(lines.firstIndex { $0["prop"] as? String == "isOn" })
        let (number, evaluation) = (lines[isOn - 1], lines[isOn + 1])
        #expect(number["kind"] as? String == "write" && number["prop"] as? String == "number" && number["view"] as? String == "ContentView")
        #expect(lines[isOn]["changed"] as? Bool == true && lines[isOn]["view"] as? String == "ContentView")
        #expect(evaluation["kind"] as? String == "body-eval" && evaluation["cause"] as? Int == number["seq"] as? Int)
        #expect(lines.allSatisfy { $0["old"] == nil && $0["new"] == nil && $0["values"] == nil })
        let why = try TracectlProcess.run(["why", trace, "ContentView"])
        #expect(why.status == 0, "\(why.stderr)")
        Golden.check(why.stdout.replacingOccurrences(of: trace, with: "console.jsonl"), named: "import/console-plain.why.txt")
    }

    @Test("_printChanges: a line naming several properties gives the writes of all of them as its evaluation's causes; why counts it once on each of their paths", arguments: [
        ("text", "txt"), ("markdown", "md"), ("json", "json"),
    ])
    func severalPropertiesAreAllCauses(format: String, suffix: String) throws {
        let trace = temporaryDirectory() + "/multi.jsonl"
        let run = try TracectlProcess.run(["import", Self.imports + "/console-multi.txt", "-o", trace])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").dropFirst().map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
        var writes: [Int] = []
        var listed = 0
        for line in lines {
            let seq = try #require(line["seq"] as? Int)
            guard line["kind"] as? String == "body-eval" else {
                writes.append(seq)
                continue
            }
            #expect(line["cause"] as? Int == writes.first)
            #expect(line["causes"] as? [Int] == (writes.count > 1 ? writes : nil), "seq \(seq)")
            if writes.count > 1 { listed += 1 }
            writes = []
        }
        #expect(listed == 3)
        #expect(try TracectlProcess.run(["validate", trace]).status == 0)
        let why = try TracectlProcess.run(["why", trace, "ContentView", "--format", format])
        #expect(why.status == 0, "\(why.stderr)")
        Golden.check(why.stdout.replacingOccurrences(of: trace, with: "multi.jsonl"), named: "import/console-multi.why.\(suffix)")
    }
}
