import Testing
import TraceSupport
import TracerTestSupport
@testable import TracectlCommands

/// `--top N|all` is one option, declared once (`Option.top`): every command that ranks takes
/// `all`, rejects `0` and `x` with the same message, and MCP's `top` does as the command line does.
@Suite("--top N|all: the same in every command and in MCP", .temporaryDirectory)
struct TopOptionTests {
    static let state = PackagePaths.trace("scenarios/scroll-offset.state.jsonl")
    static let storage = PackagePaths.trace("scenarios/scroll-offset.view-storage.jsonl")

    /// Each command with `--top`, with what it reads.
    static let commands: [[String]] = [
        ["report", state], ["graph", state], ["why", state, "MyView"], ["diff", state, storage, "--format", "mermaid"],
    ]

    @Test("every command with --top takes it from the one declaration")
    func oneDeclaration() {
        let tops = Tracectl.specs.compactMap { $0.option(named: "--top") }
        #expect(tops.count == Self.commands.count)
        #expect(tops.allSatisfy { $0.kind == .countOrAll(1...1_000_000) && $0.valueName == "n|all" })
    }

    @Test("--top 0 and --top x: exit 2, the same message everywhere", arguments: commands, ["0", "x", "-1", "1000001"])
    func badValue(command: [String], value: String) {
        let run = TracectlInProcess.run(command + ["--top", value])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error: invalid value '\(value)' for '--top': expected 'all' or a whole number from 1 to 1000000\n"), "\(run.stderr)")
    }

    @Test("--top all: every item, as the largest count gives", arguments: commands)
    func all(command: [String]) throws {
        // NB: a process: the documents go to standard output itself, which the in-process console does not capture.
        let all = try TracectlProcess.run(command + ["--top", "all"])
        let largest = try TracectlProcess.run(command + ["--top", "1000000"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stdout == largest.stdout)
        #expect(!all.stdout.isEmpty)
    }

    /// Each tool with `top`: its required arguments, and the command line they are.
    static let tools: [(tool: String, arguments: String, cli: [String])] = [
        ("report", #""trace":"\#(state)""#, [state]),
        ("graph", #""trace":"\#(state)""#, [state]),
        ("why", #""trace":"\#(state)","view":"MyView""#, [state, "MyView"]),
    ]

    @Test("MCP top: 'all' gives the command's --top all document; 0 and 'x' the command's message, naming the argument", arguments: tools.indices)
    func mcp(index: Int) throws {
        let (name, arguments, cli) = Self.tools[index]
        let tool = try #require(MCPToolCatalog.tool(named: name))
        let all = try Self.result(name, "{\(arguments),\"top\":\"all\"}")
        #expect(all["isError"]?.value == .bool(false), "\(MCPSession.text(all))")
        #expect(MCPSession.text(all["structuredContent"]) == MCPSession.cliDocument(tool, cli + ["--top", "all"]))
        for (value, text) in [("0", "0"), (#""x""#, "x")] {
            let refused = try Self.result(name, "{\(arguments),\"top\":\(value)}")
            #expect(refused["isError"]?.value == .bool(true))
            let message = "tracectl: error: invalid value '\(text)' for 'top': expected 'all' or a whole number from 1 to 1000000\n"
            #expect(refused["content"]?.value.firstItem?["text"]?.value == .string(message))
        }
    }

    @Test("MCP why with eval: its server default top gives way (the command takes no --top with --eval)")
    func serverDefaultGivesWay() throws {
        let chain = try Self.result("why", #"{"trace":"\#(Self.state)","view":"MyView/MyScrollView","eval":11}"#)
        #expect(chain["isError"]?.value == .bool(false), "\(MCPSession.text(chain))")
        let both = TracectlInProcess.run(["why", Self.state, "MyView/MyScrollView", "--eval", "11", "--top", "3"])
        #expect(both.status == 2)
        #expect(both.stderr.hasPrefix("Error: '--top' cannot be used with '--eval'\n"), "\(both.stderr)")
    }

    static func result(_ tool: String, _ arguments: String) throws -> JSONNode {
        try #require(MCPSession.response(1, in: try MCPSession.exchange([MCPSession.call(1, tool, arguments)]))?["result"])
    }
}
