import Foundation
import Testing
import TraceSupport
import TracerTestSupport
@testable import TracectlCommands

@Suite("tracectl mcp: hostile messages", .temporaryDirectory)
struct MCPHostileTests {
    /// What the server must answer to one message.
    enum Expected: Equatable {
        /// A JSON-RPC error with this code, to the message's id (or to `null`).
        case error(Double, idIsNull: Bool)
        /// A tool result with this `isError`.
        case result(isError: Bool)
        /// Nothing (a notification).
        case none
    }

    /// 200 hostile messages, the n-th (from 1) using id n where it has one.
    static func messages() -> [(String, Expected)] {
        let huge = String(repeating: "x", count: 1 << 18)
        let kinds: [(Int) -> (String, Expected)] = [
            { _ in ("{", .error(-32700, idIsNull: true)) },
            { n in (#"{"jsonrpc":"2.0","id":\#(n),"method":"ping""#, .error(-32700, idIsNull: true)) },
            { _ in ("\u{1}\u{7f}nul", .error(-32700, idIsNull: true)) },
            { n in (#"{"jsonrpc":"2.0","id":\#(n).5,"method":"ping"}"#, .error(-32600, idIsNull: true)) },
            { n in (#"{"jsonrpc":"2.0","id":[\#(n)],"method":"ping"}"#, .error(-32600, idIsNull: true)) },
            { n in (#"{"jsonrpc":"2.0","id":\#(n),"method":["ping"]}"#, .error(-32600, idIsNull: false)) },
            { n in (#"{"id":\#(n),"method":"ping"}"#, .error(-32600, idIsNull: false)) },
            { n in (#"{"jsonrpc":"2.0","id":\#(n),"method":"ping","params":7}"#, .error(-32600, idIsNull: false)) },
            { n in (#"[{"jsonrpc":"2.0","id":\#(n),"method":"ping"}]"#, .error(-32600, idIsNull: true)) },
            { n in (MCPSession.request(n, "no/such/method\(n)"), .error(-32601, idIsNull: false)) },
            { n in (MCPSession.request(n, huge), .error(-32601, idIsNull: false)) },
            { n in (MCPSession.request(n, "tools/call", #"{"name":"\#(huge)"}"#), .error(-32602, idIsNull: false)) },
            { n in (MCPSession.request(n, "tools/call", #"{"name":7}"#), .error(-32602, idIsNull: false)) },
            { n in (MCPSession.request(n, "initialize", #"{"protocolVersion":1}"#), .error(-32602, idIsNull: false)) },
            { n in (MCPSession.call(n, "report", #"{"trace":"\#(huge)"}"#), .result(isError: true)) },
            { n in (MCPSession.call(n, "report", #"{"trace":"../../../../etc/passwd"}"#), .result(isError: true)) },
            { n in (MCPSession.call(n, "report", #"{"trace":"/etc/passwd"}"#), .result(isError: true)) },
            { n in (MCPSession.call(n, "diff", #"{"base":"-","variant":"/etc/hostname"}"#), .result(isError: true)) },
            { n in (MCPSession.call(n, "report", #"{"trace":"Fixtures/Traces/analysis-basic.jsonl","top":"seven"}"#), .result(isError: true)) },
            { n in (MCPSession.call(n, "report", #"{"trace":"Fixtures/Traces/analysis-basic.jsonl","frobnicate":1}"#), .result(isError: true)) },
            { n in (MCPSession.call(n, "check", #"{"traces":[],"budget":"Fixtures/Budgets/scroll-offset.json"}"#), .result(isError: true)) },
            { n in (#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":\#(n)}}"#, .none) },
            { n in (#"{"jsonrpc":"2.0","method":"no/such/notification\#(n)"}"#, .none) },
            { _ in (#"{"jsonrpc":"2.0","method":"notifications/initialized","params":{"x":"\#(huge)"}}"#, .none) },
            { n in (#"{"jsonrpc":"2.0","id":\#(n),"result":{}}"#, .none) },
        ]
        return (1...200).map { n in kinds[(n - 1) % kinds.count](n) }
    }

    @Test("200 hostile messages: each request one response with the right code, notifications none, and a ping answers after each")
    func hostileSet() throws {
        let cases = Self.messages()
        let pingBase = 100_000
        let lines = cases.enumerated().flatMap { index, item in [item.0, MCPSession.request(pingBase + index + 1, "ping")] }
        let sent = try MCPSession.sent(for: Data((lines.joined(separator: "\n") + "\n").utf8)).map { try JSONDocumentParser.parse(Array($0.utf8)) }
        for (index, (message, expected)) in cases.enumerated() {
            let id = index + 1
            let answers = sent.filter { $0["id"]?.value == .number(Double(id)) }
            switch expected {
            case .error(let code, let idIsNull):
                #expect(answers.count == (idIsNull ? 0 : 1), "\(message.prefix(80))")
                #expect(idIsNull || answers.first?["error"]?["code"]?.value == .number(code), "\(message.prefix(80))")
            case .result(let isError):
                #expect(answers.count == 1, "\(message.prefix(80))")
                #expect(answers.first?["result"]?["isError"]?.value == .bool(isError), "\(message.prefix(80))")
            case .none:
                #expect(answers.isEmpty, "\(message.prefix(80))")
            }
            #expect(MCPSession.response(pingBase + id, in: sent)?["result"] != nil, "no ping answer after \(message.prefix(80))")
        }
        let nullAnswers = sent.filter { $0["id"]?.value == .null }
        let nullExpected = cases.filter { if case .error(_, true) = $0.1 { true } else { false } }
        #expect(nullAnswers.count == nullExpected.count)
        #expect(nullAnswers.allSatisfy { $0["error"]?["code"]?.value == .number(-32700) || $0["error"]?["code"]?.value == .number(-32600) })
        let answered = cases.filter { $0.1 != .none }.count + cases.count
        #expect(sent.count == answered)
    }

    @Test("a 64 MiB line is refused with -32600 and the next message is served")
    func oversizedLine() throws {
        var input = Data(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":""#.utf8)
        input.append(Data(repeating: UInt8(ascii: "a"), count: 64 << 20))
        input.append(Data("\"}}\n\(MCPSession.request(2, "ping"))\n".utf8))
        let sent = try MCPSession.sent(for: input).map { try JSONDocumentParser.parse(Array($0.utf8)) }
        #expect(sent.count == 2)
        #expect(sent.first?["id"]?.value == .null)
        #expect(sent.first?["error"]?["code"]?.value == .number(-32600))
        #expect(MCPSession.text(MCPSession.response(2, in: sent)?["result"]) == "{}")
    }
}
