import Foundation
import Testing
import TracerTestSupport

@Suite("tracectl record SCENARIO", .temporaryDirectory)
struct RecordScenarioTests {
    static let scenarios = ["scroll-offset", "rendering-cycle", "dice-roll", "selection", "lazy-stack", "form-typing", "environment-theme"]

    @Test("--list names every scenario and each of its variants")
    func list() throws {
        let run = try TracectlProcess.run(["record", "--list"])
        #expect(run.status == 0)
        Golden.check(run.stdout, named: "record/list.txt")
        for scenario in Self.scenarios { #expect(run.stdout.contains("\(scenario) (")) }
    }

    @Test("an unknown scenario exits 2, names the valid ones and a near miss")
    func unknownScenario() throws {
        let run = try TracectlProcess.run(["record", "scroll-ofset", "-o", "-"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix(
            "Error: unknown scenario 'scroll-ofset'; expected one of: \(Self.scenarios.joined(separator: ", ")) (did you mean 'scroll-offset'?)\n"))
    }

    @Test("an unknown variant exits 2, names the scenario's variants and a near miss")
    func unknownVariant() throws {
        let run = try TracectlProcess.run(["record", "scroll-offset", "--variant", "viewstorage", "-o", "-"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix(
            "Error: scenario 'scroll-offset' has no variant 'viewstorage'; expected one of: state, observable-object, view-storage (did you mean 'view-storage'?)\n"))
    }

    @Test("without --variant, every variant goes to DIR/SCENARIO.VARIANT.jsonl, each opening with its meta header")
    func everyVariantIntoDirectory() throws {
        let directory = temporaryDirectory() + "/traces/"
        let run = try TracectlProcess.run(["record", "scroll-offset", "-o", directory])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        for variant in ["state", "observable-object", "view-storage"] {
            let path = "\(directory)scroll-offset.\(variant).jsonl"
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let header = try #require(text.split(separator: "\n").first)
            #expect(header.contains("\"kind\":\"meta\",\"schema\":\"tracer/1\""))
            #expect(header.contains("\"scenario\":\"scroll-offset\",\"variant\":\"\(variant)\""))
            #expect(text.contains("\"kind\":\"mark\",\"name\":\"scroll-down\""))
            #expect(run.stderr.contains("recorded scroll-offset \(variant) to \(path)"))
        }
    }

    @Test("a one-variant scenario and a chosen variant also go into an existing directory or one ending in /")
    func oneVariantIntoDirectory() throws {
        let existing = temporaryDirectory()
        let slashed = temporaryDirectory() + "/new/"
        for (arguments, path) in [
            (["record", "dice-roll", "-o", existing], existing + "/dice-roll.default.jsonl"),
            (["record", "scroll-offset", "--variant", "state", "-o", slashed], slashed + "scroll-offset.state.jsonl"),
        ] {
            let run = try TracectlProcess.run(arguments)
            #expect(run.status == 0, "stderr: \(run.stderr)")
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.hasPrefix(#"{"kind":"meta","schema":"tracer/1""#))
        }
    }

    @Test("one variant to standard output equals the same variant written to a file")
    func standardOutput() throws {
        let file = temporaryDirectory() + "/dice.jsonl"
        let toFile = try TracectlProcess.run(["record", "dice-roll", "-o", file])
        let toStdout = try TracectlProcess.run(["record", "dice-roll", "--variant", "default"])
        #expect(toFile.status == 0 && toStdout.status == 0)
        let fromFile = try String(contentsOfFile: file, encoding: .utf8)
        #expect(Golden.normalise(toStdout.stdout) == Golden.normalise(fromFile))
    }

    @Test("-o FILE for every variant is a usage error that creates nothing; -o DIR/ works")
    func severalVariantsNeedADirectory() throws {
        let directory = temporaryDirectory()
        let run = try TracectlProcess.run(["record", "scroll-offset", "-o", "y.jsonl"], currentDirectory: directory)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Error: '-o y.jsonl' must be a directory"), "stderr: \(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test("a directory to create below a file is an error naming the file, exit 2", arguments: [
        ["demo", "--out"], ["record", "scroll-offset", "-o"],
    ])
    func directoryBelowAFile(arguments: [String]) throws {
        let file = temporaryPath("file")
        try "".write(toFile: file, atomically: true, encoding: .utf8)
        let run = TracectlInProcess.run(arguments + [file + "/x/"])
        #expect(run.status == 2)
        #expect(run.stderr == "tracectl: error: cannot create the directory \(file)/x/: '\(file)' is a file, not a directory\n")
    }

    @Test("an unwritable output is an error with the path, exit 2")
    func unwritableOutput() throws {
        let run = try TracectlProcess.run(["record", "dice-roll", "-o", "/nonexistent/dir/t.jsonl"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("tracectl: error: /nonexistent/dir/t.jsonl"))
    }
}
