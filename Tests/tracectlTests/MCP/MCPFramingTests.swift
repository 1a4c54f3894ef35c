import Foundation
import Testing
import TraceSupport
import TracerTestSupport
@testable import TracectlCommands

@Suite("tracectl mcp: every answer is one line of JSON-RPC, and listings hold across calls", .temporaryDirectory)
struct MCPFramingTests {
    static let state = "Fixtures/Traces/scenarios/scroll-offset.state.jsonl"

    @Test("why with '**' (a document over several lines on the CLI) and with eval: one line each, the JSON in the text", arguments: [
        #"{"trace":"\#(state)","view":"**"}"#,
        #"{"trace":"\#(state)","view":"MyView/MyScrollView","eval":11}"#,
    ])
    func whyAnswersOnOneLine(arguments: String) throws {
        let lines = try MCPSession.sent(for: Data((MCPSession.call(1, "why", arguments) + "\n").utf8))
        #expect(lines.count == 1)
        #expect(lines.first?.split(separator: "\n", omittingEmptySubsequences: false).count == 2, "one line and its newline")
        let result = try #require(try JSONDocumentParser.parse(Array(lines[0].utf8))["result"])
        #expect(result["isError"]?.value == .bool(false), "\(MCPSession.text(result))")
        let document = try #require(result["structuredContent"])
        #expect(document["schema"]?.value == .string("tracer-why/1"))
        guard case .string(let text)? = result["content"]?.value.firstItem?["text"]?.value else {
            Issue.record("no text content")
            return
        }
        #expect(MCPSession.text(try JSONDocumentParser.parse(Array(text.utf8))) == MCPSession.text(document))
    }

    @Test("what a command writes is checked before it is sent: text, two documents or another schema are an error naming it", arguments: [
        ("chain of seq 11\n", "not one JSON document"),
        (#"{"schema":"tracer-why/1"}"# + "\n" + #"{"schema":"tracer-why/1"}"#, "not one JSON document"),
        (#"{"schema":"tracer-report/1"}"#, #"a document without "schema":"tracer-why/1""#),
    ])
    func commandOutputChecked(written: String, expected: String) throws {
        #expect(throws: MCPArguments.Failure.self) { try MCPToolRunner.oneLine(written, of: MCPToolCatalog.why) }
        do { _ = try MCPToolRunner.oneLine(written, of: MCPToolCatalog.why) } catch {
            #expect(error.message.hasPrefix(expected), "\(error.message)")
        }
    }

    @Test("a document over several lines is sent on one, its strings unchanged")
    func documentJoined() throws {
        let written = "{\"schema\":\"tracer-why/1\",\n\"views\":[\n{\"view\":\"A\\nB\"}]}\n\n"
        #expect(try MCPToolRunner.oneLine(written, of: MCPToolCatalog.why) == #"{"schema":"tracer-why/1","views":[{"view":"A\nB"}]}"#)
    }

    @Test("a bad argument is an error result with one line naming it, never the command's usage text", arguments: [
        ("report", #"{"trace":"\#(state)","top":-1}"#, "tracectl: error: invalid value '-1' for 'top': expected 'all' or a whole number from 1 to 1000000\n"),
        ("import", #"{"log":"Fixtures/Imports/console-xcode.txt","output":"never-written.jsonl","run":1}"#,
         "tracectl: error: '--run' applies to --from xctrace only\n"),
    ])
    func badArgumentWorded(tool: String, arguments: String, expected: String) throws {
        let result = try #require(MCPSession.response(1, in: try MCPSession.exchange([MCPSession.call(1, tool, arguments)]))?["result"])
        #expect(result["isError"]?.value == .bool(true))
        #expect(result["content"]?.value.firstItem?["text"]?.value == .string(expected))
    }

    @Test("list_traces and resources/list answer the same on every call of a session")
    func listingsAreStateless() throws {
        let messages = (1...3).map { MCPSession.call($0, "list_traces", "{}") } + (4...6).map { MCPSession.request($0, "resources/list") }
        let sent = try MCPSession.exchange(messages)
        let traces = (1...3).map { MCPSession.text(MCPSession.response($0, in: sent)?["result"]?["structuredContent"]?["traces"]) }
        let resources = (4...6).map { MCPSession.text(MCPSession.response($0, in: sent)?["result"]?["resources"]) }
        #expect(traces[0].contains(Self.state))
        #expect(Set(traces).count == 1)
        #expect(resources[0].contains(Self.state))
        #expect(Set(resources).count == 1)
    }

    @Test("no source names a descriptor path (Darwin's dev/fd, Linux's self/fd under procfs): paths are opened under a directory descriptor")
    func noDescriptorPaths() throws {
        let sources = PackagePaths.root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100)
        // NB: spelt in parts, so that this file does not name them either.
        let descriptorDirectories = ["/" + ["dev", "fd"].joined(separator: "/"), "/" + ["proc", "self", "fd"].joined(separator: "/")]
        let offending = try files.filter { file in
            let text = try String(contentsOfFile: sources.appendingPathComponent(file).path, encoding: .utf8)
            return descriptorDirectories.contains { text.contains($0) }
        }
        #expect(offending == [])
    }
}
