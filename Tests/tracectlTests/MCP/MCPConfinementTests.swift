import Foundation
import Testing
import TraceSupport
import TracerTestSupport
@testable import TracectlCommands

@Suite("tracectl mcp: paths stay under --root", .temporaryDirectory)
struct MCPConfinementTests {
    /// A root holding `inside/t.jsonl`, a link to a trace outside it, a link to a directory outside
    /// it and a link that stays inside; the outside trace beside the root.
    static func makeRoot() throws -> (root: String, outside: String) {
        let base = temporaryDirectory()
        let root = base + "/root", outside = base + "/outside"
        let files = FileManager.default
        try files.createDirectory(atPath: root + "/inside", withIntermediateDirectories: true)
        try files.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try files.copyItem(atPath: PackagePaths.trace("analysis-basic.jsonl"), toPath: root + "/inside/t.jsonl")
        try files.copyItem(atPath: PackagePaths.trace("analysis-basic.jsonl"), toPath: outside + "/secret.jsonl")
        try files.createSymbolicLink(atPath: root + "/escape.jsonl", withDestinationPath: outside + "/secret.jsonl")
        try files.createSymbolicLink(atPath: root + "/escape-dir", withDestinationPath: outside)
        try files.createSymbolicLink(atPath: root + "/relative-escape.jsonl", withDestinationPath: "../outside/secret.jsonl")
        return (root, outside)
    }

    @Test("a path inside the root is read, relative or absolute")
    func inside() throws {
        let (root, _) = try Self.makeRoot()
        for path in ["inside/t.jsonl", "./inside//t.jsonl", root + "/inside/t.jsonl"] {
            let result = try #require(MCPSession.response(1, in: try MCPSession.exchange([MCPSession.call(1, "report", #"{"trace":"\#(path)"}"#)], root: root))?["result"])
            #expect(result["isError"]?.value == .bool(false), "\(path): \(MCPSession.text(result))")
            #expect(result["structuredContent"]?["trace"]?["file"]?.value == .string(path))
        }
    }

    @Test("'..', absolute paths outside, symbolic links leading out (file or directory) and '-' are refused", arguments: [
        ("../outside/secret.jsonl", "'..' is refused"),
        ("inside/../../outside/secret.jsonl", "'..' is refused"),
        ("/etc/passwd", "outside the root"),
        ("escape.jsonl", "symbolic link"),
        ("relative-escape.jsonl", "symbolic link"),
        ("escape-dir/secret.jsonl", "symbolic link"),
        ("-", "standard input is the protocol"),
        ("", "not a path"),
    ])
    func refused(path: String, reason: String) throws {
        let (root, _) = try Self.makeRoot()
        for (tool, arguments) in [("report", #"{"trace":"\#(path)"}"#), ("check", #"{"traces":["inside/t.jsonl"],"budget":"\#(path)"}"#),
                                  ("import", #"{"log":"inside/t.jsonl","output":"\#(path)"}"#)] {
            let result = try #require(MCPSession.response(1, in: try MCPSession.exchange([MCPSession.call(1, tool, arguments)], root: root))?["result"])
            #expect(result["isError"]?.value == .bool(true), "\(tool) \(path)")
            let text = MCPSession.text(result["content"]?.value.firstItem?["text"])
            #expect(text.contains(reason) || (tool == "import" && path.hasPrefix("escape-dir")), "\(tool) \(path): \(text)")
            #expect(result["structuredContent"] == nil)
        }
    }

    @Test("resources/read refuses a link leading out; list_traces and resources/list skip links")
    func linksNotListed() throws {
        let (root, outside) = try Self.makeRoot()
        let linkURI = URL(fileURLWithPath: root + "/escape.jsonl").absoluteString
        let sent = try MCPSession.exchange([
            MCPSession.request(1, "resources/read", #"{"uri":"\#(linkURI)"}"#),
            MCPSession.call(2, "list_traces", "{}"),
        ], root: root)
        #expect(MCPSession.response(1, in: sent)?["error"]?["code"]?.value == .number(-32002))
        let listed = MCPSession.text(MCPSession.response(2, in: sent)?["result"]?["structuredContent"]?["traces"])
        #expect(listed.contains("inside/t.jsonl") && !listed.contains("secret") && !listed.contains("escape"), "\(listed)")
        #expect(!listed.contains(outside))
    }

    @Test("import writes under the root, returns the CLI's import summary, and never replaces a file unless asked")
    func importOverwrite() throws {
        let (root, _) = try Self.makeRoot()
        try FileManager.default.copyItem(atPath: PackagePaths.root.appendingPathComponent("Fixtures/Imports/console-xcode.txt").path, toPath: root + "/console.txt")
        let log = root + "/console.txt"
        let first = MCPSession.call(1, "import", #"{"log":"\#(log)","output":"app.jsonl"}"#)
        let again = MCPSession.call(2, "import", #"{"log":"\#(log)","output":"app.jsonl"}"#)
        let forced = MCPSession.call(3, "import", #"{"log":"\#(log)","output":"app.jsonl","overwrite":true}"#)
        let sent = try MCPSession.exchange([first], root: root) + (try MCPSession.exchange([again, forced], root: root))
        let summary = try #require(MCPSession.response(1, in: sent)?["result"]?["structuredContent"])
        let cliTrace = root + "/../cli.jsonl"
        #expect(MCPSession.text(summary) == MCPSession.cliDocument(MCPToolCatalog.importLog, [log, "-o", cliTrace]))
        #expect(FileManager.default.contentsEqual(atPath: root + "/app.jsonl", andPath: cliTrace))
        let refused = MCPSession.response(2, in: sent)?["result"]
        #expect(refused?["isError"]?.value == .bool(true))
        let message = MCPSession.text(refused?["content"]?.value.firstItem?["text"])
        #expect(message.contains("exists; pass overwrite: true"))
        #expect(MCPSession.response(3, in: sent)?["result"]?["isError"]?.value == .bool(false))
    }
}
