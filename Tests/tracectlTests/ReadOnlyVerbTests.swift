import Testing
@testable import TracectlCommands

/// What `swift package tracectl` (the reading plugin, which sets `TRACECTL_READ_ONLY`) refuses:
/// every option naming a file to write; standard output (`-o -`) and reading options pass.
@Suite("tracectl under the reading plugin verb")
struct ReadOnlyVerbTests {
    @Test("an option naming a file to write is refused with the writing verb named", arguments: [
        (["report", "t.jsonl", "-o", "report.html"], "--output"),
        (["check", "t.jsonl", "--budget", "b.json", "--junit", "budget.xml"], "--junit"),
        (["check", "t.jsonl", "--budget", "b.json", "--summary", "summary.md"], "--summary"),
        (["import", "log.txt", "-o", "t.jsonl"], "--output"),
        (["record", "-o", "t.jsonl", "--", "app"], "--output"),
    ])
    func refused(arguments: [String], option: String) throws {
        let command = try #require(Tracectl.subcommand(named: arguments[0]))
        let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), spec: command.spec)
        let error = #expect(throws: UsageError.self) {
            try Tracectl.refuseWriting(parsed, environment: [Tracectl.readOnlyVariable: "tracectl-write"])
        }
        #expect(error?.message.hasPrefix("'\(option)' writes a file") == true)
        #expect(error?.message.contains("--allow-writing-to-package-directory tracectl-write \(arguments[0])") == true)
        // Without the variable (tracectl itself, or the writing verb) the same arguments run.
        try Tracectl.refuseWriting(parsed, environment: [:])
    }

    @Test("reading arguments and standard output pass", arguments: [
        ["report", "t.jsonl", "--format", "json"],
        ["report", "t.jsonl", "-o", "-"],
        ["check", "t.jsonl", "--budget", "b.json", "--github"],
        ["diff", "a.jsonl", "b.jsonl"],
    ])
    func allowed(arguments: [String]) throws {
        let command = try #require(Tracectl.subcommand(named: arguments[0]))
        let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), spec: command.spec)
        try Tracectl.refuseWriting(parsed, environment: [Tracectl.readOnlyVariable: "tracectl-write"])
    }
}
