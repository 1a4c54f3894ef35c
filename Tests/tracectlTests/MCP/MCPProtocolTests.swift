import Foundation
import Testing
import TraceSupport
import TracerTestSupport
@testable import TracectlCommands

@Suite("tracectl mcp: the protocol", .temporaryDirectory)
struct MCPProtocolTests {
    @Test("initialize answers the client's revision when supported", arguments: MCPMethods.protocolVersions)
    func negotiatesSupportedVersion(version: String) throws {
        let sent = try MCPSession.exchange([MCPSession.request(1, "initialize", #"{"protocolVersion":"\#(version)","capabilities":{}}"#)])
        let result = try #require(MCPSession.response(1, in: sent)?["result"])
        #expect(result["protocolVersion"]?.value == .string(version))
        #expect(result["serverInfo"]?["name"]?.value == .string("tracectl"))
        #expect(result["capabilities"]?["tools"] != nil)
        #expect(result["capabilities"]?["resources"] != nil)
    }

    @Test("initialize offers the newest revision for one it does not know; without a version it is -32602")
    func negotiatesUnknownVersion() throws {
        let sent = try MCPSession.exchange([
            MCPSession.request(1, "initialize", #"{"protocolVersion":"2099-01-01"}"#),
            MCPSession.request(2, "initialize", #"{"capabilities":{}}"#),
        ])
        #expect(MCPSession.response(1, in: sent)?["result"]?["protocolVersion"]?.value == .string("2025-11-25"))
        #expect(MCPSession.response(2, in: sent)?["error"]?["code"]?.value == .number(-32602))
    }

    @Test("ping answers {}; notifications get no answer; server/discover and unknown methods are -32601")
    func lifecycle() throws {
        let sent = try MCPSession.exchange([
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            MCPSession.request(1, "ping"),
            MCPSession.request(2, "server/discover", "{}"),
            #"{"jsonrpc":"2.0","method":"notifications/whatever","params":{}}"#,
            MCPSession.request(3, "tools/frobnicate"),
        ])
        #expect(sent.count == 3, "\(sent.map { MCPSession.text($0) })")
        #expect(MCPSession.text(MCPSession.response(1, in: sent)?["result"]) == "{}")
        #expect(MCPSession.response(2, in: sent)?["error"]?["code"]?.value == .number(-32601))
        #expect(MCPSession.response(3, in: sent)?["error"]?["code"]?.value == .number(-32601))
    }

    @Test("protocol mistakes: -32700 with id null, -32600 for a message that is no request, -32602 for bad tools/call params")
    func errorCodes() throws {
        let cases: [(String, Double, Bool)] = [
            ("{not json", -32700, true),
            ("[1,2]", -32600, true),
            (#"{"jsonrpc":"1.0","id":7,"method":"ping"}"#, -32600, false),
            (#"{"jsonrpc":"2.0","id":7,"method":42}"#, -32600, false),
            (#"{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}"#, -32600, true),
            (#"{"jsonrpc":"2.0","id":7,"method":"ping","params":"x"}"#, -32600, false),
            (MCPSession.request(7, "tools/call", "{}"), -32602, false),
            (MCPSession.request(7, "tools/call", #"{"name":"nope"}"#), -32602, false),
            (MCPSession.request(7, "tools/call", #"{"name":"report","arguments":[1]}"#), -32602, false),
            (MCPSession.request(7, "resources/read", "{}"), -32602, false),
        ]
        for (message, code, idIsNull) in cases {
            let sent = try MCPSession.exchange([message])
            #expect(sent.count == 1, "\(message)")
            #expect(sent.first?["error"]?["code"]?.value == .number(code), "\(message): \(sent.map { MCPSession.text($0) })")
            #expect(sent.first?["id"]?.value == (idIsNull ? .null : .number(7)), "\(message)")
        }
    }

    @Test("tools/list: every tool has an object input schema and an output schema listing its required keys")
    func toolList() throws {
        let sent = try MCPSession.exchange([MCPSession.request(1, "tools/list")])
        guard case .array(let tools)? = MCPSession.response(1, in: sent)?["result"]?["tools"]?.value else {
            Issue.record("no tools: \(sent.map { MCPSession.text($0) })")
            return
        }
        #expect(tools.compactMap { if case .string(let name)? = $0["name"]?.value { name } else { nil } } == MCPToolCatalog.tools.map(\.name))
        for tool in tools {
            #expect(tool["inputSchema"]?["type"]?.value == .string("object"))
            #expect(tool["outputSchema"]?["type"]?.value == .string("object"))
            guard case .array(let required)? = tool["outputSchema"]?["required"]?.value else {
                Issue.record("\(MCPSession.text(tool["name"])): no required keys")
                continue
            }
            #expect(required.contains { $0.value == .string("schema") })
        }
    }

    @Test("resources/list lists the traces under the root with their headers; a read is bounded and says where to go on")
    func resources() throws {
        let uri = PackagePaths.root.appendingPathComponent("Fixtures/Traces/scenarios/scroll-offset.state.jsonl").absoluteString
        let sent = try MCPSession.exchange([
            MCPSession.request(1, "resources/list"),
            MCPSession.request(2, "resources/read", #"{"uri":"\#(uri)","length":300}"#),
            MCPSession.request(3, "resources/read", #"{"uri":"file:///etc/passwd"}"#),
        ])
        guard case .array(let resources)? = MCPSession.response(1, in: sent)?["result"]?["resources"]?.value else {
            Issue.record("no resources")
            return
        }
        let entry = resources.first { $0["uri"]?.value == .string(uri) }
        #expect(entry?["name"]?.value == .string("Fixtures/Traces/scenarios/scroll-offset.state.jsonl"))
        let description = MCPSession.text(entry?["description"])
        #expect(description.contains("scenario: scroll-offset; variant: state"))
        let read = MCPSession.response(2, in: sent)?["result"]
        guard case .string(let text)? = read?["contents"]?.value.firstItem?["text"]?.value else {
            Issue.record("no text: \(MCPSession.text(read))")
            return
        }
        let file = try String(contentsOf: URL(string: uri)!, encoding: .utf8)
        #expect(text.utf8.count <= 300 && text.hasSuffix("\n") && file.hasPrefix(text))
        #expect(read?["_meta"]?["truncated"]?.value == .bool(true))
        #expect(read?["_meta"]?["bytes"]?.value == .number(Double(text.utf8.count)))
        #expect(MCPSession.response(3, in: sent)?["error"]?["code"]?.value == .number(-32002))
    }

    /// A trace of `marks` marks under a new root (reading it takes a while): the root's path.
    static func largeTraceRoot(marks: Int) throws -> String {
        let root = temporaryDirectory()
        var text = #"{"kind":"meta","schema":"tracer/1","scenario":"large","unit":"ns"}"# + "\n"
        text.reserveCapacity(marks * 56)
        for seq in 1...marks { text += #"{"seq":\#(seq),"ts":\#(seq),"tid":1,"kind":"mark","name":"m"}"# + "\n" }
        try text.write(toFile: root + "/large.jsonl", atomically: false, encoding: .utf8)
        return root
    }

    @Test("a long read reports progress (bytes read of the file's size) before its result")
    func progress() throws {
        let root = try Self.largeTraceRoot(marks: 50_000)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: root + "/large.jsonl")[.size] as? Int)
        let sent = try MCPSession.exchange([
            MCPSession.request(1, "tools/call", #"{"name":"report","arguments":{"trace":"large.jsonl"},"_meta":{"progressToken":"p1"}}"#),
        ], root: root)
        let notes = sent.filter { $0["method"]?.value == .string("notifications/progress") }
        #expect(notes.count >= 1)
        #expect(notes.allSatisfy { $0["params"]?["progressToken"]?.value == .string("p1") && $0["params"]?["total"]?.value == .number(Double(size)) })
        #expect(MCPSession.response(1, in: sent)?["result"]?["isError"]?.value == .bool(false))
    }

    @Test("a cancelled call gets no answer, and the server goes on answering")
    func cancellation() throws {
        let root = try Self.largeTraceRoot(marks: 50_000)
        let sent = try MCPSession.exchange([
            MCPSession.call(1, "report", #"{"trace":"large.jsonl"}"#),
            #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"user"}}"#,
            MCPSession.request(2, "ping"),
        ], root: root)
        #expect(sent.allSatisfy { $0["id"]?.value != .number(1) }, "\(sent.map { MCPSession.text($0) })")
        #expect(MCPSession.text(MCPSession.response(2, in: sent)?["result"]) == "{}")
    }
}

extension JSONValue {
    /// The first item of an array (nil for anything else).
    var firstItem: JSONNode? {
        if case .array(let items) = self { return items.first }
        return nil
    }
}
