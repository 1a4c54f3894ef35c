import TraceSupport

/// `notifications/progress` for a request that gave a `progressToken` (a string or an integer).
struct MCPProgress: Sendable {
    private let token: JSONValue
    private let send: @Sendable (String) -> Void

    /// Progress for `token`, or nil when the request gave none (or one of another type).
    init?(token: JSONValue?, send: @escaping @Sendable (String) -> Void) {
        switch token {
        case .string?, .number?: self.token = token!
        default: return nil
        }
        self.send = send
    }

    /// Sends `progress` (of `total`, when known) with `message`.
    func report(_ progress: Int, of total: Int?, message: String) {
        send(RPCReply.notification("notifications/progress") { writer in
            writer.beginObject()
            writer.key("progressToken")
            writer.value(token)
            writer.field("progress", progress)
            if let total { writer.field("total", total) }
            writer.field("message", message)
            writer.endObject()
        })
    }
}
