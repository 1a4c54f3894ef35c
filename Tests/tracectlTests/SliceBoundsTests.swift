import Foundation
import Testing
import TracerTestSupport

/// `--from` at or after `--to` is a usage mistake every command that slices reports (exit 2,
/// naming both), never a silent empty slice or a slice that runs to the trace's end.
@Suite("--from not before --to", .temporaryDirectory)
struct SliceBoundsTests {
    /// Marks `scroll-begin` (ts 99500) and `scroll-end` (ts 58333331), once each.
    static let trace = "Fixtures/Traces/visual/state.jsonl"

    static let commands: [[String]] = [
        ["export", trace, "--format", "chrome"], ["export", trace, "--format", "speedscope"], ["flame", trace],
        ["graph", trace], ["why", trace, "**"],
    ]

    /// Bounds in the wrong order, with the message's tail that names them.
    static let bounds: [([String], String)] = [
        (["--from", "900", "--to", "800"], "--from 900 is not before --to 800"),
        (["--from", "800", "--to", "800"], "--from 800 is not before --to 800"),
        (["--from", "scroll-end", "--to", "scroll-begin"], "--from 'scroll-end' is not before --to 'scroll-begin' (no mark 'scroll-begin' follows it)"),
        (["--from", "scroll-end", "--to", "1000"], "--from 'scroll-end' is not before --to 1000"),
        (["--from", "60000000", "--to", "scroll-end"], "--from 60000000 is not before --to 'scroll-end' (no mark 'scroll-end' follows it)"),
    ]

    @Test("every slicing command exits 2 naming both bounds", arguments: commands, bounds)
    func inverted(command: [String], bounds: ([String], String)) throws {
        let run = try TracectlProcess.run(command + bounds.0 + ["-o", temporaryPath("out")], currentDirectory: PackagePaths.root.path)
        #expect(run.status == 2)
        #expect(run.stderr == "tracectl: error: \(Self.trace): \(bounds.1)\n", "stderr: \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: temporaryPath("out")))
    }

    @Test("bounds in order still slice", arguments: commands)
    func ordered(command: [String]) throws {
        let run = try TracectlProcess.run(command + ["--from", "scroll-begin", "--to", "scroll-end", "-o", temporaryPath("out")],
                                          currentDirectory: PackagePaths.root.path)
        #expect(run.status == 0, "stderr: \(run.stderr)")
    }

    @Test("the MCP tools that slice answer isError with the CLI's message", arguments: ["graph", "why"])
    func mcp(tool: String) throws {
        let view = tool == "why" ? #","view":"**""# : ""
        let call = MCPSession.call(1, tool, #"{"trace":"\#(Self.trace)","from":"scroll-end","to":"scroll-begin"\#(view)}"#)
        let result = try #require(MCPSession.response(1, in: try MCPSession.exchange([call]))?["result"])
        #expect(result["isError"]?.value == .bool(true))
        let expected = "tracectl: error: \(Self.trace): --from 'scroll-end' is not before --to 'scroll-begin' (no mark 'scroll-begin' follows it)\n"
        #expect(result["content"]?.value.firstItem?["text"]?.value == .string(expected))
    }
}
