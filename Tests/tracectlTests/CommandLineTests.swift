import Foundation
import Testing

@Suite("tracectl command line")
struct CommandLineTests {
    @Test("help pages", arguments: [
        (["--help"], "help/overview.txt"),
        ([], "help/overview.txt"),
        (["help"], "help/overview.txt"),
        (["help", "help"], "help/help.txt"),
        (["help", "record"], "help/record.txt"),
        (["record", "--help"], "help/record.txt"),
    ] + ["demo", "import", "report", "validate", "flame", "graph", "why", "diff", "advise", "export", "check", "mcp", "completion"].map { (["\($0)", "--help"], "help/\($0).txt") })
    func helpPages(arguments: [String], golden: String) throws {
        let run = TracectlInProcess.run(arguments)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        Golden.check(run.stdout, named: golden)
    }

    @Test("usage errors: Error line, usage on stderr, exit 2", arguments: [
        (["frobnicate"], "Error: unknown subcommand 'frobnicate'; see 'tracectl --help'"),
        (["reprot", "t.jsonl"], "Error: unknown subcommand 'reprot' (did you mean 'report'?); see 'tracectl --help'"),
        (["--frobnicate"], "Error: unknown option '--frobnicate'; see 'tracectl --help'"),
        (["--verison"], "Error: unknown option '--verison' (did you mean '--version'?); see 'tracectl --help'"),
        (["help", "chek"], "Error: unknown subcommand 'chek' (did you mean 'check'?); see 'tracectl --help'"),
        (["record", "--lisen", "1"], "Error: unknown option '--lisen' (did you mean '--listen'?)"),
        (["record", "--listen"], "Error: missing value for '--listen': expected host:port"),
        (["record", "--list=yes"], "Error: '--list' is a flag and takes no value"),
        (["record", "a", "b"], "Error: unexpected argument 'b'"),
        (["record"], "Error: expected a scenario, '--listen [HOST:]PORT' or '-- CMD ARGS...'"),
        (["record", "-o", "x", "--"], "Error: expected a command after '--'"),
        (["help", "nope"], "Error: unknown subcommand 'nope'; see 'tracectl --help'"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let run = TracectlInProcess.run(arguments)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix(message + "\n"), "stderr was: \(run.stderr)")
        #expect(run.stderr.contains("USAGE: tracectl"))
    }

    @Test("options that do not apply to what was asked are usage errors naming the conflict")
    func ignoredOptions() throws {
        let transcript = Self.transcript([
            ["record", "--list", "extra"],
            ["record", "--list", "-o", "x.jsonl"],
            ["record", "scroll-offset", "--listen", "7440", "-o", "q.jsonl"],
            ["record", "scroll-offset", "-o", "f.jsonl", "--", "tracer-app"],
            ["record", "--listen", "7440", "-o", "f.jsonl", "--", "tracer-app"],
            ["record", "scroll-offset", "--variant", "state", "--duration", "30"],
            ["record", "scroll-offset", "--variant", "state", "--allow-remote"],
            ["record", "-o", "f.jsonl", "--duration", "30", "--", "tracer-app"],
            ["record", "--listen", "7440", "--variant", "state"],
            ["record", "scroll-offset", "-o", "y.jsonl"],
            ["check", "t.jsonl", "--budget", "b.json", "--headroom", "10%"],
            ["why", "t.jsonl", "MyView", "--eval", "3", "--mark", "scroll"],
            ["check", "t.jsonl", "--budget", "b.json", "--write-budget", "w.json"],
            ["record", "--listen", "7440", "-o", "f.jsonl", "--duration", "0"],
        ])
        Golden.check(transcript, named: "errors/ignored-options.txt")
    }

    /// Each invocation with its standard error and exit status, as a shell session would show them.
    static func transcript(_ invocations: [[String]]) -> String {
        invocations.map { arguments in
            let run = TracectlInProcess.run(arguments)
            #expect(run.stdout.isEmpty, "\(arguments): \(run.stdout)")
            return "$ tracectl \(arguments.joined(separator: " "))\n\(run.stderr)exit \(run.status)\n"
        }.joined(separator: "\n")
    }

    @Test("--version prints the version and the commit (or that it is unknown) on standard output")
    func version() throws {
        let run = TracectlInProcess.run(["--version"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "tracectl 0.1.0 (tracer/1)")
        #expect(lines.count == 3 && lines.last == "")
        #expect(lines.dropFirst().first.map { $0.wholeMatch(of: /commit ([0-9a-f]{7,40}(-dirty)?|unknown \(built without TRACER_COMMIT\))/) != nil } == true)
    }
}
