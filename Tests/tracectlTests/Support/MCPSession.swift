import Foundation
import Synchronization
import TraceSupport
import TracerTestSupport
@testable import TracectlCommands

/// Runs `tracectl mcp`'s server in process over a file of messages and hands back what it sent.
enum MCPSession {
    /// The lines the server sends for `messages` (one per line, then the end of input), parsed;
    /// paths are confined to `root`.
    static func exchange(_ messages: [String], root: String = PackagePaths.root.path, documentLimit: Int = MCPContext.defaultDocumentLimit) throws -> [JSONNode] {
        try sent(for: Data((messages.joined(separator: "\n") + "\n").utf8), root: root, documentLimit: documentLimit).map {
            try JSONDocumentParser.parse(Array($0.utf8))
        }
    }

    /// The raw lines the server sends for `input`.
    static func sent(for input: Data, root: String = PackagePaths.root.path, documentLimit: Int = MCPContext.defaultDocumentLimit) throws -> [String] {
        let file = temporaryPath("mcp-input-\(UUID().uuidString).jsonl")
        try input.write(to: URL(fileURLWithPath: file))
        let descriptor = open(file, O_RDONLY)
        defer { close(descriptor) }
        let context = try MCPContext(root: ConfinedRoot(path: root), documentLimit: documentLimit)
        defer { context.removeScratch() }
        let lines = Mutex([String]())
        let server = MCPServer(context: context) { line in lines.withLock { $0.append(line) } }
        // NB: every call in flight is waited for: a test sees every answer.
        server.serve(descriptor: descriptor, drainSeconds: 600)
        return lines.withLock { $0 }
    }

    /// A request line.
    static func request(_ id: Int, _ method: String, _ params: String? = nil) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)""# + (params.map { #","params":\#($0)"# } ?? "") + "}"
    }

    /// A `tools/call` request line for `tool` with `arguments` (a JSON object's text).
    static func call(_ id: Int, _ tool: String, _ arguments: String) -> String {
        request(id, "tools/call", #"{"name":"\#(tool)","arguments":\#(arguments)}"#)
    }

    /// The one response to request `id` among `sent` (nil if none; a test expecting one fails on two).
    static func response(_ id: Int, in sent: [JSONNode]) -> JSONNode? {
        let matching = sent.filter { $0["id"]?.value == .number(Double(id)) }
        return matching.count == 1 ? matching[0] : nil
    }

    /// The JSON text of `node`'s value (as the server's writer writes it).
    static func text(_ node: JSONNode?) -> String {
        guard let node else { return "(none)" }
        var writer = JSONWriter()
        writer.value(node.value)
        return writer.text
    }

    /// What the CLI writes for `tool` with `arguments` (its JSON document), run in process.
    static func cliDocument(_ tool: MCPTool, _ arguments: [String]) -> String {
        let output = temporaryPath("cli-\(UUID().uuidString).json")
        let console = Console.capturing()
        _ = Tracectl.main(tool.command + arguments + (tool.documentOption.map { [$0, output] } ?? []), console: console)
        let document = tool.documentOption == nil ? console.captured.out : ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
        return text(try? JSONDocumentParser.parse(Array(document.utf8)))
    }
}
