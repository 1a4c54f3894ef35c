import Foundation
import Testing
import TraceSupport
import TracerTestSupport
@testable import TracectlCommands

@Suite("tracectl mcp: the tools", .temporaryDirectory)
struct MCPToolTests {
    static let state = PackagePaths.trace("scenarios/scroll-offset.state.jsonl")
    static let storage = PackagePaths.trace("scenarios/scroll-offset.view-storage.jsonl")
    static let budget = PackagePaths.root.appendingPathComponent("Fixtures/Budgets/scroll-offset.json").path

    /// Each tool's arguments and the CLI arguments they mirror (the subcommand's fixed ones aside).
    static let calls: [(tool: String, arguments: String, cli: [String])] = [
        ("report", #"{"trace":"\#(state)","top":3,"sort":"wasted"}"#, [state, "--top", "3", "--sort", "wasted"]),
        ("graph", #"{"trace":"\#(state)","min_count":1}"#, [state, "--min-count", "1"]),
        ("why", #"{"trace":"\#(state)","view":"MyView","top":2}"#, [state, "MyView", "--top", "2"]),
        ("diff", #"{"base":"\#(state)","variant":"\#(storage)"}"#, [state, storage]),
        ("advise", #"{"trace":"\#(state)"}"#, [state]),
        ("check", #"{"traces":["\#(state)"],"budget":"\#(budget)"}"#, [state, "--budget", budget]),
        ("validate", #"{"trace":"\#(PackagePaths.trace("bad/wrong-type-seq.jsonl"))"}"#, [PackagePaths.trace("bad/wrong-type-seq.jsonl")]),
    ]

    @Test("structuredContent is the CLI's JSON document, and it conforms to the tool's outputSchema", arguments: calls.indices)
    func matchesCLI(index: Int) throws {
        let (name, arguments, cli) = Self.calls[index]
        let tool = try #require(MCPToolCatalog.tool(named: name))
        let result = try #require(MCPSession.response(1, in: try MCPSession.exchange([MCPSession.call(1, name, arguments)]))?["result"])
        let document = try #require(result["structuredContent"], "\(MCPSession.text(result))")
        #expect(result["isError"]?.value == .bool(false))
        #expect(MCPSession.text(document) == MCPSession.cliDocument(tool, cli))
        #expect(SchemaSubset.problems(document.value, try Self.outputSchema(tool)) == [])
    }

    @Test("a document with one required key removed fails the outputSchema", arguments: MCPToolCatalog.tools.map(\.name))
    func schemaRejectsMissingKey(name: String) throws {
        let tool = try #require(MCPToolCatalog.tool(named: name))
        let schema = try Self.outputSchema(tool)
        func document(_ keys: [MCPRequiredKey]) throws -> JSONValue {
            let members = keys.map { "\(JSONText.quoted($0.name)):\(Self.sample($0.types[0]))" }
            return try JSONDocumentParser.parse(Array("{\(members.joined(separator: ","))}".utf8)).value
        }
        #expect(SchemaSubset.problems(try document(tool.requiredKeys), schema) == [])
        for removed in tool.requiredKeys {
            let rest = tool.requiredKeys.filter { $0.name != removed.name }
            #expect(SchemaSubset.problems(try document(rest), schema) == ["$: missing required key '\(removed.name)'"])
        }
    }

    @Test("check over budget is a result (isError false) with the failed rules")
    func checkOverBudget() throws {
        let call = MCPSession.call(1, "check", #"{"traces":["\#(Self.state)"],"budget":"\#(Self.budget)"}"#)
        let result = try #require(MCPSession.response(1, in: try MCPSession.exchange([call]))?["result"])
        #expect(result["isError"]?.value == .bool(false))
        #expect(result["structuredContent"]?["status"]?.value == .string("fail"))
        guard case .array(let rules)? = result["structuredContent"]?["results"]?.value else {
            Issue.record("no results")
            return
        }
        #expect(rules.contains { $0["status"]?.value == .string("fail") })
    }

    @Test("bad input is isError true with the CLI's message: a missing trace, an invalid trace, a bad budget", arguments: [
        ("report", #"{"trace":"missing.jsonl"}"#, ["report", "missing.jsonl"]),
        ("report", #"{"trace":"Fixtures/Traces/bad/invalid-json-mid.jsonl"}"#, ["report", "Fixtures/Traces/bad/invalid-json-mid.jsonl"]),
        ("check", #"{"traces":["Fixtures/Traces/scenarios/scroll-offset.state.jsonl"],"budget":"Fixtures/Traces/analysis-basic.jsonl"}"#,
         ["check", "Fixtures/Traces/scenarios/scroll-offset.state.jsonl", "--budget", "Fixtures/Traces/analysis-basic.jsonl"]),
    ])
    func badInput(name: String, arguments: String, cli: [String]) throws {
        let result = try #require(MCPSession.response(1, in: try MCPSession.exchange([MCPSession.call(1, name, arguments)]))?["result"])
        #expect(result["isError"]?.value == .bool(true))
        #expect(result["structuredContent"] == nil)
        let expected = try TracectlProcess.run(cli, currentDirectory: PackagePaths.root.path).stderr
        #expect(expected.hasPrefix("tracectl: error: "))
        #expect(result["content"]?.value.firstItem?["text"]?.value == .string(expected))
    }

    @Test("the first text content is the document's JSON; a warning the CLI prints on standard error is a second, naming the path given")
    func warningsInText() throws {
        let call = MCPSession.call(1, "report", #"{"trace":"Fixtures/Traces/bad/truncated-final-line.jsonl"}"#)
        let result = try #require(MCPSession.response(1, in: try MCPSession.exchange([call]))?["result"])
        #expect(result["isError"]?.value == .bool(false))
        guard case .array(let content)? = result["content"]?.value, content.count == 2,
              case .string(let json)? = content[0]["text"]?.value, case .string(let warnings)? = content[1]["text"]?.value
        else {
            Issue.record("not two text contents: \(MCPSession.text(result))")
            return
        }
        #expect(MCPSession.text(try JSONDocumentParser.parse(Array(json.utf8))) == MCPSession.text(result["structuredContent"]))
        #expect(warnings.hasPrefix("tracectl: warning: Fixtures/Traces/bad/truncated-final-line.jsonl:"), "\(warnings)")
    }

    @Test("a document over the limit is cut to it, with a truncated member saying how to narrow the request")
    func truncation() throws {
        let call = MCPSession.call(1, "report", #"{"trace":"\#(Self.state)"}"#)
        let full = try #require(MCPSession.response(1, in: try MCPSession.exchange([call]))?["result"]?["structuredContent"])
        let limit = MCPSession.text(full).utf8.count * 2 / 3
        let cutResult = try #require(MCPSession.response(1, in: try MCPSession.exchange([call], documentLimit: limit))?["result"])
        let cut = try #require(cutResult["structuredContent"])
        #expect(MCPSession.text(cut).utf8.count <= limit)
        let first = cut["truncated"]?["cut"]?.value.firstItem
        #expect(first?["member"]?.value == .string("views"))
        guard case .number(let kept)? = first?["kept"]?.value, case .number(let total)? = first?["total"]?.value else {
            Issue.record("no counts: \(MCPSession.text(cut))")
            return
        }
        #expect(kept < total)
        #expect(SchemaSubset.problems(cut.value, try Self.outputSchema(MCPToolCatalog.report)) == [])
    }

    @Test("list_traces lists the traces under a directory with their headers")
    func listTraces() throws {
        let call = MCPSession.call(1, "list_traces", #"{"directory":"Fixtures/Traces/scenarios"}"#)
        let document = try #require(MCPSession.response(1, in: try MCPSession.exchange([call]))?["result"]?["structuredContent"])
        guard case .array(let traces)? = document["traces"]?.value else {
            Issue.record("no traces")
            return
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: PackagePaths.trace("scenarios")).filter { $0.hasSuffix(".jsonl") }.sorted()
        #expect(traces.map { MCPSession.text($0["path"]) } == names.map { "\"Fixtures/Traces/scenarios/\($0)\"" })
        let state = traces.first { $0["path"]?.value == .string("Fixtures/Traces/scenarios/scroll-offset.state.jsonl") }
        #expect(state?["scenario"]?.value == .string("scroll-offset"))
        #expect(SchemaSubset.problems(document.value, try Self.outputSchema(MCPToolCatalog.listTraces)) == [])
    }

    /// `tool`'s output schema, as `tools/list` gives it.
    static func outputSchema(_ tool: MCPTool) throws -> JSONNode {
        var writer = JSONWriter()
        tool.writeOutputSchema(to: &writer)
        return try JSONDocumentParser.parse(Array(writer.text.utf8))
    }

    /// The JSON text of a value of JSON type `type`.
    static func sample(_ type: String) -> String {
        switch type {
        case "string": #""x""#
        case "integer", "number": "1"
        case "boolean": "true"
        case "array": "[]"
        case "object": "{}"
        default: "null"
        }
    }
}
