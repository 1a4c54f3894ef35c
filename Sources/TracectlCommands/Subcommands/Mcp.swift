import TraceSupport
import TracerCore

/// `tracectl mcp`: the analyses as tools for coding agents, over the Model Context Protocol.
enum Mcp: Subcommand {
    static let spec = CommandSpec(
        name: "mcp",
        abstract: "Serve the traces under a directory to coding agents over the Model Context Protocol (stdio).",
        discussion: """
            Reads JSON-RPC 2.0 messages from standard input, one per line, and answers on standard
            output until the input ends. Tools: list_traces, report, graph, why, diff, advise, check,
            validate, import; each returns the command's JSON document as structuredContent, with
            what the command printed on standard error in its text. Resources: the traces under the
            root, read in ranges of at most 1 MiB.
            Every path is opened under --root, one component at a time: '..', absolute paths
            elsewhere, symbolic links and '-' are refused. import never replaces a file unless its
            overwrite argument is true. A line over 16 MiB is refused; a document over 4 MiB is cut
            (its 'truncated' member says how to narrow the request).
            """,
        options: [Options.root],
        examples: [
            ("tracectl mcp --root .", "What an MCP client runs: {\"command\": \"tracectl\", \"args\": [\"mcp\", \"--root\", \".\"]}."),
        ])

    /// The options `mcp` reads.
    enum Options {
        static let root: Option<String> = .path(
            "--root", valueName: "dir", help: "The directory every path stays in (default: the current directory).", .reads)
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let root: ConfinedRoot
        do { root = try ConfinedRoot(path: arguments.value(Options.root) ?? ".") } catch { throw CommandError("--root \(error.description)") }
        let context = try MCPContext(root: root)
        defer { context.removeScratch() }
        let server = MCPServer(context: context) { line in
            var line = line
            line.withUTF8 { _ = POSIX.writeAll(1, UnsafeRawBufferPointer($0)) }
        }
        server.serve(descriptor: 0)
        return .success
    }
}
