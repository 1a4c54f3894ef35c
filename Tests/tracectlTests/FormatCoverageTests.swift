import Foundation
import Testing
import TraceSupport
import TracerTestSupport
@testable import TracectlCommands

/// Every `--format` a command lists is one it writes, and no other is taken.
@Suite("every command writes each --format it lists, and refuses any other", .temporaryDirectory)
struct FormatCoverageTests {
    static let state = PackagePaths.trace("scenarios/scroll-offset.state.jsonl")
    static let storage = PackagePaths.trace("scenarios/scroll-offset.view-storage.jsonl")
    static let budget = PackagePaths.root.appendingPathComponent("Fixtures/Budgets/scroll-offset.json").path

    /// Each command line that takes `--format` (without it), and the exit statuses its output comes with.
    static let commands: [(arguments: [String], statuses: Set<Int32>)] = [
        (["report", state], [0]), (["validate", PackagePaths.trace("analysis-basic.jsonl")], [0]), (["flame", state], [0]), (["graph", state], [0]),
        (["why", state, "MyView"], [0]), (["why", state, "MyView/MyScrollView", "--eval", "11"], [0]),
        (["diff", state, storage], [0]), (["advise", state], [0]), (["export", state], [0]),
        (["check", storage, "--budget", budget], [0]),
    ]

    /// Every (command line, format) pair the specs list.
    static var cases: [(Int, String)] {
        commands.indices.flatMap { index in
            let spec = Tracectl.subcommands.first { $0.spec.name == commands[index].arguments[0] }!.spec
            return spec.option(named: "--format")!.choices.map { (index, $0) }
        }
    }

    @Test("each listed format writes output (json: one JSON document)", arguments: cases)
    func listedFormatWrites(index: Int, format: String) throws {
        let (arguments, statuses) = Self.commands[index]
        let spec = try #require(Tracectl.subcommands.first { $0.spec.name == arguments[0] }?.spec)
        let file = temporaryDirectory() + "/out." + format
        let console = Console.capturing()
        let writesFile = spec.option(named: "-o") != nil
        let status = Tracectl.main(arguments + ["--format", format] + (writesFile ? ["-o", file] : []), console: console)
        #expect(statuses.contains(status), "\(arguments) --format \(format): \(console.captured.err)")
        let output = writesFile ? try String(contentsOfFile: file, encoding: .utf8) : console.captured.out
        #expect(!output.isEmpty)
        if format == "json" {
            #expect(throws: Never.self, "\(arguments) --format json") { try JSONDocumentParser.parse(Array(output.utf8)) }
        }
    }

    @Test("a format no command lists exits 2", arguments: commands.indices)
    func unlistedFormatRefused(index: Int) {
        let console = Console.capturing()
        #expect(Tracectl.main(Self.commands[index].arguments + ["--format", "yaml"], console: console) == 2)
        #expect(console.captured.err.contains("'yaml'"), "\(console.captured.err)")
    }
}
