import Foundation
import ScenarioTestSupport
import Testing
import TracerTestSupport
@testable import TracectlCommands

@Suite("tracectl completion and colour", .temporaryDirectory)
struct ShellIntegrationTests {
    @Test("completion scripts match their goldens", arguments: ["bash", "zsh", "fish"])
    func completionScripts(shell: String) {
        let run = TracectlInProcess.run(["completion", shell])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        Golden.check(run.stdout, named: "completion/tracectl.\(shell)")
    }

    @Test("completion of an unknown shell is a usage error with a near miss")
    func unknownShell() {
        let run = TracectlInProcess.run(["completion", "bsh"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Error: unknown shell 'bsh' (did you mean 'bash'?): expected one of bash, zsh, fish\n"))
    }

    @Test("the bash script completes subcommands, options and choices in a real bash", arguments: [
        (["rep"], "report"),
        (["c"], "check completion"),
        (["--ver"], "--version"),
        (["report", "--fo"], "--format"),
        (["report", "--format", "ma"], "markdown"),
        (["check", "t.jsonl", "--col"], "--color"),
        (["completion", "f"], "fish"),
        (["help", "ex"], "export"),
        (["record", "la"], "lazy-stack"),
    ])
    func bashCompletes(words: [String], expected: String) throws {
        let script = try Self.script("bash")
        let line = (["tracectl"] + words).map { "'\($0)'" }.joined(separator: " ")
        let run = try Self.shell("bash", [
            "--norc", "--noprofile", "-c",
            "source \"$1\"; COMP_WORDS=(\(line)); COMP_CWORD=\(words.count); _tracectl; echo \"${COMPREPLY[*]}\"",
            "bash", script,
        ])
        #expect(run.status == 0)
        #expect(run.output == expected + "\n")
    }

    @Test("the fish script completes subcommands, options and choices in a real fish", .enabled(if: shellExists("fish")), arguments: [
        ("tracectl rep", "report\tReport, per view, how often its body was evaluated, skipped or wasted, and why.\n"),
        ("tracectl report --fo", "--format\tThe output format.\n"),
        ("tracectl check t.jsonl --color al", "always\tColour PASS/FAIL/WARN and warnings: auto (on a terminal, unless NO_COLOR is set), always or never.\n"),
        ("tracectl record la", "lazy-stack\n"),
    ])
    func fishCompletes(line: String, expected: String) throws {
        let run = try Self.shell("fish", ["--no-config", "-c", "source $argv[1]; complete -C\"$argv[2]\"", try Self.script("fish"), line])
        #expect(run.status == 0)
        #expect(run.output == expected)
    }

    @Test("the zsh script is valid zsh and registers _tracectl for tracectl", .enabled(if: shellExists("zsh")))
    func zshLoads() throws {
        // NB: -D after -d: compinit's -d turns dumping back on, and a dump is written beside its
        // file and moved onto it (a `-d /dev/null` replaced the device with a file, as root).
        let run = try Self.shell("zsh", [
            "-fc", "autoload -U compinit; compinit -u -d ${1:h}/zcompdump -D; source $1 && print -r -- ${_comps[tracectl]}", "zsh",
            try Self.script("zsh"),
        ])
        #expect(run.status == 0)
        #expect(run.output == "_tracectl\n")
    }

    /// Writes `tracectl completion SHELL` to a temporary file; returns its path.
    private static func script(_ shell: String) throws -> String {
        let path = temporaryDirectory() + "/tracectl.\(shell)"
        try TracectlInProcess.run(["completion", shell]).stdout.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Runs `shell arguments…` (found on PATH) with no standard input; its status and standard output.
    private static func shell(_ shell: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [shell] + arguments
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("--color auto colours only a terminal, and never with NO_COLOR set", arguments: [
        (ColorMode.auto, true, [:], true),
        (ColorMode.auto, false, [:], false),
        (ColorMode.auto, true, ["NO_COLOR": "1"], false),
        (ColorMode.auto, true, ["NO_COLOR": ""], true),
        (ColorMode.always, false, ["NO_COLOR": "1"], true),
        (ColorMode.never, true, [:], false),
    ])
    func colorDecision(mode: ColorMode, isTerminal: Bool, environment: [String: String], expected: Bool) {
        #expect(mode.isEnabled(isTerminal: isTerminal, environment: environment) == expected)
    }

    /// The scroll-offset state trace as recorded, with its body times (the golden one has none:
    /// its body-time rule would be skipped, not passed).
    private func timedTrace() throws -> String {
        let path = temporaryPath("scroll-offset.state.jsonl")
        try (try ScenarioRecording("scroll-offset", "state").lines.map { $0 + "\n" }.joined()).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("check --color always colours PASS/FAIL/WARN and the summary; never and a pipe do not")
    func checkColours() throws {
        let arguments = ["check", try timedTrace(), "--budget", PackagePaths.root.appendingPathComponent("Fixtures/Budgets/scroll-offset.json").path]
        let coloured = TracectlInProcess.run(arguments + ["--color", "always"])
        #expect(coloured.status == 1)
        #expect(coloured.stdout.contains("\u{1B}[31mFAIL\u{1B}[0m    MyView "))
        #expect(coloured.stdout.contains("\u{1B}[33mWARN\u{1B}[0m    MyView/MyScrollView "))
        #expect(coloured.stdout.contains("\u{1B}[32mPASS\u{1B}[0m    MyView "))
        #expect(coloured.stdout.contains("\n\u{1B}[31mFAIL\u{1B}[0m: 4 failed"))
        let plain = TracectlInProcess.run(arguments + ["--color", "never"])
        #expect(!plain.stdout.contains("\u{1B}"))
        #expect(Highlight.statuses(in: coloured.stdout).replacing(/\x1B\[[0-9]+m/, with: "") == plain.stdout)
        let piped = try TracectlProcess.run(arguments, environment: ["NO_COLOR": ""])
        #expect(piped.stdout == plain.stdout)
    }

    @Test("on a real terminal (a pty from script(1)) check is coloured, unless NO_COLOR is set", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")), arguments: [
        (nil, true), ("1", false), ("", true),
    ] as [(String?, Bool)])
    func colourOnATerminal(noColor: String?, coloured: Bool) throws {
        let tracectl = BuiltProducts.executable("tracectl").path
        let command = "'\(tracectl)' check '\(try timedTrace())' --budget '"
            + PackagePaths.root.appendingPathComponent("Fixtures/Budgets/scroll-offset.json").path + "'"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = noColor
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text.contains("FAIL    MyView") != coloured, "\(text)")
        #expect(text.contains("\u{1B}[31mFAIL\u{1B}[0m    MyView") == coloured, "\(text)")
    }

    @Test("errors on standard error are coloured with --color always, not without")
    func colouredErrors() {
        let coloured = TracectlInProcess.run(["check", "missing.jsonl", "--budget", "missing.json", "--color", "always"])
        #expect(coloured.status == 2)
        #expect(coloured.stderr.hasPrefix("tracectl: \u{1B}[31merror\u{1B}[0m: missing.json: "), "stderr: \(coloured.stderr)")
        let plain = TracectlInProcess.run(["check", "missing.jsonl", "--budget", "missing.json"])
        #expect(plain.stderr.hasPrefix("tracectl: error: missing.json: "))
    }
}

@Suite("tracectl progress line", .temporaryDirectory)
struct ProgressLineTests {
    @Test("the progress text: read of total and percent; read alone without a total; never past 100%", arguments: [
        (57_300_000, 210_000_000 as Int?, "57.3 MB of 210.0 MB (27%)"),
        (0, 210_000_000, "0.0 MB of 210.0 MB (0%)"),
        (420_000_000, 210_000_000, "210.0 MB of 210.0 MB (100%)"),
        (1_500_000, nil, "1.5 MB"),
    ])
    func text(read: Int, total: Int?, expected: String) {
        #expect(ReadProgressLine.text(read: read, of: total) == expected)
    }

    @Test("standard error that is not a terminal gets no progress line")
    func noProgressOffTerminal() throws {
        let run = try TracectlProcess.run(["report", try ScenarioTraces.file("lazy-stack.state-object")])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(ReadProgressLine.start(console: .capturing(), reading: []) == nil)
    }
}

/// Whether `shell` is on PATH (the fish and zsh tests run only where it is).
func shellExists(_ shell: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/\(shell)")
    }
}
