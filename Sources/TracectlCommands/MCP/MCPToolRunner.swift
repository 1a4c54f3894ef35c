import Foundation
import TraceSupport

/// What the server works with: the root paths are confined to, a scratch directory for the
/// documents commands write, and the size a document is cut to.
struct MCPContext: Sendable {
    let root: ConfinedRoot
    /// A private directory (outside the root) where commands write their documents.
    let scratch: String
    /// The most bytes of JSON a result's `structuredContent` holds; a larger document is cut.
    var documentLimit: Int

    /// The default `documentLimit`: 4 MiB.
    static let defaultDocumentLimit = 4 << 20

    /// A context for `root` with a new scratch directory.
    init(root: ConfinedRoot, documentLimit: Int = defaultDocumentLimit) throws(CommandError) {
        var template = Array((NSTemporaryDirectory() + "/tracectl-mcp.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw CommandError("cannot create a scratch directory: \(String(cString: strerror(errno)))") }
        self.root = root
        self.scratch = String(cString: made)
        self.documentLimit = documentLimit
    }

    /// Removes the scratch directory (empty once every call is over).
    func removeScratch() { rmdir(scratch) }
}

/// What a tool call produced: the document, whether the result is an error, and its text.
struct MCPToolOutcome: Sendable {
    var isError: Bool
    /// The JSON object `structuredContent` holds (nil for an error).
    var document: String?
    /// The short text rendering, with what the command printed on standard error.
    var text: String

    /// An error result with `message`, worded as `tracectl` words its errors.
    static func failure(_ message: String) -> MCPToolOutcome {
        MCPToolOutcome(isError: true, document: nil, text: "tracectl: error: \(message)\n")
    }
}

/// Runs a tool: its command in process, with a capturing console, on the confined paths.
enum MCPToolRunner {
    /// Runs `tool` with `arguments` (a JSON object or nil), its reading progress given to `progress`
    /// (which returns false to stop the reading).
    static func run(
        _ tool: MCPTool, arguments: JSONNode?, context: MCPContext, progress: Console.ProgressHandler? = nil
    ) -> MCPToolOutcome {
        let prepared: MCPArguments
        do { prepared = try MCPArguments(tool: tool, arguments: arguments, root: context.root) } catch { return .failure(error.message) }
        defer { prepared.close() }
        if tool.name == MCPToolCatalog.listTraces.name {
            guard case .string(let directory)? = prepared.serverValues["directory"] ?? .string(".") else { return .failure("bad directory") }
            do { return finish(tool, try MCPTraceList.document(root: context.root, directory: directory), stderr: "", context: context) } catch {
                return .failure(error.description)
            }
        }
        var command = prepared.command
        let scratchFile = context.scratch + "/" + UUID().uuidString + ".json"
        if let option = tool.documentOption { command += [option, scratchFile] }
        let console = Console.capturing(progress: progress)
        let status = Tracectl.main(command, console: console)
        let (stdout, stderr) = console.captured
        let messages = prepared.naming(stderr)
        let written = tool.documentOption == nil ? stdout : (try? String(contentsOfFile: scratchFile, encoding: .utf8))
        unlink(scratchFile)
        guard tool.documentStatuses.contains(status), let written, !written.isEmpty else {
            return MCPToolOutcome(isError: true, document: nil, text: messages.isEmpty ? "tracectl \(tool.command[0]): exit status \(status)\n" : messages)
        }
        let document = prepared.naming(written) { String(JSONText.quoted($0, embeddable: true).dropFirst().dropLast()) }
        return finish(tool, document, stderr: messages, context: context)
    }

    /// The outcome of a command that succeeded: the document (cut to the limit) and the text.
    private static func finish(_ tool: MCPTool, _ document: String, stderr: String, context: MCPContext) -> MCPToolOutcome {
        let cut = MCPTruncation.fit(document, limit: context.documentLimit)
        var text = "\(tool.documentSchema): \(cut.utf8.count) bytes of JSON in structuredContent"
        if cut.utf8.count < document.utf8.count { text += " (cut to the limit of \(context.documentLimit) bytes; see its 'truncated' member)" }
        text += "\n" + stderr
        return MCPToolOutcome(isError: false, document: cut, text: text)
    }
}
