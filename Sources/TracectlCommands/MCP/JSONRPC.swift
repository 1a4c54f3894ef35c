import TraceSupport

/// A JSON-RPC 2.0 request's id: an integer or a string (MCP never uses `null` ids).
enum RPCID: Sendable, Hashable {
    case number(Int64)
    case string(String)

    /// Writes the id (or `null` for no id) as a JSON value.
    static func write(_ id: RPCID?, to writer: inout JSONWriter) {
        switch id {
        case .number(let value): writer.number(value)
        case .string(let value): writer.string(value)
        case nil: writer.null()
        }
    }
}

/// The JSON-RPC error codes the server answers with.
enum RPCErrorCode: Int64, Sendable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    /// MCP's code for a resource that does not exist (or may not be read).
    case resourceNotFound = -32002
}

/// A JSON-RPC error: its code and message, answered to the request's id (`null` when unknown).
struct RPCError: Error, Sendable {
    var code: RPCErrorCode
    var message: String

    init(_ code: RPCErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }
}

/// One line of input, classified: a request (answer once), a notification (never answer), a
/// response from the client (ignored) or a message that is no valid JSON-RPC (answer with an error).
enum RPCMessage: Sendable {
    case request(id: RPCID, method: String, params: JSONNode?)
    case notification(method: String, params: JSONNode?)
    case response
    case invalid(id: RPCID?, RPCError)

    /// Classifies one line's bytes (without its newline).
    static func parse(_ line: [UInt8]) -> RPCMessage {
        let root: JSONNode
        do { root = try JSONDocumentParser.parse(line) } catch {
            return .invalid(id: nil, RPCError(.parseError, "parse error at \(error.description)"))
        }
        guard case .object = root.value else {
            return .invalid(id: nil, RPCError(.invalidRequest, "a message is one JSON object (batches are not supported)"))
        }
        let id: RPCID?
        switch root["id"]?.value {
        case nil: id = nil
        case .string(let text): id = .string(text)
        case .number(let number) where number.rounded() == number && number.magnitude < 0x1p53: id = .number(Int64(number))
        default: return .invalid(id: nil, RPCError(.invalidRequest, "'id' must be a string or an integer"))
        }
        guard case .string("2.0") = root["jsonrpc"]?.value else {
            return .invalid(id: id, RPCError(.invalidRequest, "'jsonrpc' must be \"2.0\""))
        }
        guard let methodNode = root["method"] else {
            if root["result"] != nil || root["error"] != nil, id != nil { return .response }
            return .invalid(id: id, RPCError(.invalidRequest, "a request needs a 'method'"))
        }
        guard case .string(let method) = methodNode.value else {
            return .invalid(id: id, RPCError(.invalidRequest, "'method' must be a string, not \(methodNode.value.typeName)"))
        }
        let params = root["params"]
        if let params, !params.isStructured {
            return .invalid(id: id, RPCError(.invalidRequest, "'params' must be an object, not \(params.value.typeName)"))
        }
        guard let id else { return .notification(method: method, params: params) }
        return .request(id: id, method: method, params: params)
    }
}

extension JSONNode {
    /// Whether the node is an object or an array (what JSON-RPC allows as `params`).
    fileprivate var isStructured: Bool {
        switch value {
        case .object, .array: true
        default: false
        }
    }
}

/// Writes JSON-RPC responses, one line each.
enum RPCReply {
    /// `{"jsonrpc":"2.0","id":ID,"result":RESULT}`, the result's JSON text written by `result`.
    static func result(_ id: RPCID, _ result: (inout JSONWriter) -> Void) -> String {
        envelope(id) { writer in
            writer.key("result")
            result(&writer)
        }
    }

    /// `{"jsonrpc":"2.0","id":ID,"error":{"code":…,"message":…}}`.
    static func error(_ id: RPCID?, _ error: RPCError) -> String {
        envelope(id) { writer in
            writer.key("error")
            writer.beginObject()
            writer.field("code", error.code.rawValue)
            writer.field("message", error.message)
            writer.endObject()
        }
    }

    /// A notification: `{"jsonrpc":"2.0","method":METHOD,"params":PARAMS}`.
    static func notification(_ method: String, _ params: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("jsonrpc", "2.0")
        writer.field("method", method)
        writer.key("params")
        params(&writer)
        writer.endObject()
        return writer.document()
    }

    private static func envelope(_ id: RPCID?, _ body: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("jsonrpc", "2.0")
        writer.key("id")
        RPCID.write(id, to: &writer)
        body(&writer)
        writer.endObject()
        return writer.document()
    }
}
