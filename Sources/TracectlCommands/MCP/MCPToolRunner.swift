import Foundation
import TraceSupport

/// What the server works with: the root paths are confined to, a scratch directory for the
/// documents commands write, and the size a document is cut to.
struct MCPContext: Sendable {
    let root: ConfinedRoot
    /// A private directory (outside the root) where commands write their documents.
    let scratch: ConfinedRoot
    /// The most bytes of JSON a result's `structuredContent` holds; a larger document is cut.
    var documentLimit: Int

    /// The default `documentLimit`: 4 MiB.
    static let defaultDocumentLimit = 4 << 20

    /// A context for `root` with a new scratch directory.
    init(root: ConfinedRoot, documentLimit: Int = defaultDocumentLimit) throws(CommandError) {
        var template = Array((NSTemporaryDirectory() + "/tracectl-mcp.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw CommandError("cannot create a scratch directory: \(String(cString: strerror(errno)))") }
        self.root = root
        do { self.scratch = try ConfinedRoot(path: String(cString: made)) } catch { throw CommandError(error.description) }
        self.documentLimit = documentLimit
    }

    /// Removes the scratch directory (empty once every call is over).
    func removeScratch() { rmdir(scratch.path) }
}

/// What a tool call produced: the document, whether the result is an error, and its text.
struct MCPToolOutcome: Sendable {
    var isError: Bool
    /// The JSON object `structuredContent` holds (nil for an error).
    var document: String?
    /// The result's first text content: the document's JSON, or the error.
    var text: String
    /// What the command printed on standard error beside a document (its warnings): a second text
    /// content when not empty.
    var warnings = ""

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
        if tool.name == MCPToolCatalog.listTraces.name {
            guard case .string(let directory)? = prepared.serverValues["directory"] ?? .string(".") else { return .failure("bad directory") }
            do { return finish(tool, try MCPTraceList.document(root: context.root, directory: directory), stderr: "", context: context) } catch {
                return .failure(error.description)
            }
        }
        var command = prepared.command
        let scratchFile = context.scratch.path + "/" + UUID().uuidString + ".json"
        if let option = tool.documentOption { command += [option, scratchFile] }
        let console = Console.capturing(progress: progress, usage: false)
        let status = PathAccess.confined(to: [context.root, context.scratch]) { Tracectl.main(command, console: console) }
        let (stdout, stderr) = console.captured
        let written = tool.documentOption == nil ? stdout : (try? String(contentsOfFile: scratchFile, encoding: .utf8))
        unlink(scratchFile)
        guard tool.documentStatuses.contains(status), let written, !written.isEmpty else {
            return MCPToolOutcome(isError: true, document: nil, text: stderr.isEmpty ? "tracectl \(tool.command[0]): exit status \(status)\n" : stderr)
        }
        let document: String
        do { document = try oneLine(written, of: tool) } catch {
            return .failure("tracectl \(tool.command[0]) wrote no \(tool.documentSchema) document: \(error.message)\n\(stderr)")
        }
        return finish(tool, document, stderr: stderr, context: context)
    }

    /// `written` on one line, once checked to be one JSON document, an object whose `schema` is the
    /// tool's; the failure says what it is instead.
    ///
    /// NB: what a result carries is parsed before it is sent, so that no output of a command — text,
    /// several documents — can break the protocol's framing. A line break in a valid document is
    /// whitespace between tokens (a string holds it escaped): dropping it changes nothing else.
    static func oneLine(_ written: String, of tool: MCPTool) throws(MCPArguments.Failure) -> String {
        let bytes = Array(written.utf8)
        let opening = String(written.prefix(80)).debugDescription
        let document: JSONNode
        do { document = try JSONDocumentParser.parse(bytes) } catch {
            throw .init(message: "not one JSON document: \(error) (it begins \(opening))")
        }
        guard case .string(tool.documentSchema)? = document["schema"]?.value else {
            throw .init(message: "a document without \"schema\":\"\(tool.documentSchema)\" (it begins \(opening))")
        }
        return String(decoding: bytes.filter { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }, as: UTF8.self)
    }

    /// The outcome of a command that succeeded: the document (cut to the limit), as structured
    /// content and as text, and what the command wrote on standard error.
    private static func finish(_ tool: MCPTool, _ document: String, stderr: String, context: MCPContext) -> MCPToolOutcome {
        let cut = MCPTruncation.fit(document, limit: context.documentLimit)
        return MCPToolOutcome(isError: false, document: cut, text: cut, warnings: stderr)
    }
}
