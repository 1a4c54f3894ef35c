import TraceSupport

/// The answers to MCP's requests other than the tool calls' runs: the handshake, `ping`, the tool
/// and resource lists and reads, and the result a tool call returns.
enum MCPMethods {
    /// The protocol revisions the handshake accepts, oldest first; the last is offered otherwise.
    static let protocolVersions = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]

    /// What the server says of itself in `initialize`.
    static let instructions = """
        Tracer's redraw analyses of tracer/1 traces under the root: list_traces, then report (which \
        views evaluate most), why (their cause paths), advise (fixes), diff (two traces), check (a \
        budget; failed rules are a result, not an error), graph, validate, import. Paths are relative \
        to the root; symbolic links, '..' and '-' are refused. A document over the size limit is cut \
        (its 'truncated' member says how to narrow the request).
        """

    /// The result of request `method` (not `tools/call`), or the JSON-RPC error to answer with.
    static func answer(_ method: String, _ params: JSONNode?, context: MCPContext) throws(RPCError) -> (inout JSONWriter) -> Void {
        switch method {
        case "initialize": return try initialize(params)
        case "ping": return { $0.beginObject(); $0.endObject() }
        case "tools/list":
            return { writer in
                writer.beginObject()
                writer.key("tools")
                writer.beginArray()
                for tool in MCPToolCatalog.tools { tool.writeDefinition(to: &writer) }
                writer.endArray()
                writer.endObject()
            }
        case "resources/list": return try MCPResources.list(context: context)
        case "resources/read": return try MCPResources.read(params, context: context)
        case "resources/templates/list": return { $0.beginObject(); $0.key("resourceTemplates"); $0.beginArray(); $0.endArray(); $0.endObject() }
        default: throw RPCError(.methodNotFound, "method not found: \(clipped(method))")
        }
    }

    /// `initialize`: the client's protocol version when supported, else the newest; the server's
    /// capabilities and identity.
    private static func initialize(_ params: JSONNode?) throws(RPCError) -> (inout JSONWriter) -> Void {
        guard case .string(let requested)? = params?["protocolVersion"]?.value else {
            throw RPCError(.invalidParams, "initialize needs params.protocolVersion, a string")
        }
        let version = protocolVersions.contains(requested) ? requested : protocolVersions.last!
        return { writer in
            writer.beginObject()
            writer.field("protocolVersion", version)
            writer.key("capabilities")
            writer.beginObject()
            for capability in ["tools", "resources"] {
                writer.key(capability)
                writer.beginObject()
                writer.key("listChanged")
                writer.bool(false)
                writer.endObject()
            }
            writer.endObject()
            writer.key("serverInfo")
            writer.beginObject()
            writer.field("name", "tracectl")
            writer.field("version", TracectlVersion.number)
            writer.endObject()
            writer.field("instructions", instructions)
            writer.endObject()
        }
    }

    /// The tool a `tools/call` names; a missing name or an unknown tool is -32602.
    static func tool(_ params: JSONNode?) throws(RPCError) -> MCPTool {
        guard case .string(let name)? = params?["name"]?.value else { throw RPCError(.invalidParams, "tools/call needs params.name, a string") }
        guard let tool = MCPToolCatalog.tool(named: name) else {
            throw RPCError(.invalidParams, "unknown tool '\(clipped(name))'; tools: \(MCPToolCatalog.tools.map(\.name).joined(separator: ", "))")
        }
        if let arguments = params?["arguments"], !arguments.isObjectOrNull {
            throw RPCError(.invalidParams, "params.arguments must be an object, not \(arguments.value.typeName)")
        }
        return tool
    }

    /// `text`, or its first 100 characters and an ellipsis: a name echoed in a message.
    static func clipped(_ text: String) -> String {
        text.count > 100 ? text.prefix(100) + "…" : text
    }

    /// A tool call's result: the text (the document's JSON, or the error), the command's warnings as
    /// a second text, the document as `structuredContent`, and `isError`.
    static func writeResult(_ outcome: MCPToolOutcome, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("content")
        writer.beginArray()
        for text in [outcome.text, outcome.warnings] where !text.isEmpty {
            writer.beginObject()
            writer.field("type", "text")
            writer.field("text", text)
            writer.endObject()
        }
        writer.endArray()
        if let document = outcome.document {
            writer.key("structuredContent")
            writer.value(json: document)
        }
        writer.key("isError")
        writer.bool(outcome.isError)
        writer.endObject()
    }
}

extension JSONNode {
    /// Whether the node is an object or `null`.
    fileprivate var isObjectOrNull: Bool {
        switch value {
        case .object, .null: true
        default: false
        }
    }
}
