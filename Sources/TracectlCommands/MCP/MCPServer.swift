import Foundation
import Synchronization
import TraceSupport

/// The MCP server over one input descriptor: reads newline-framed JSON-RPC messages, answers
/// each request once (tool calls on worker threads, so that `ping` and others answer meanwhile),
/// never a notification, and returns at the end of input once calls in flight finish (at most
/// `drainSeconds` later).
final class MCPServer: Sendable {
    /// The longest line read as a message: 16 MiB; a longer one is refused.
    static let lineLimit = 16 << 20
    /// How long the end of input waits for calls in flight before returning anyway.
    static let drainSeconds = 1.5

    let context: MCPContext
    private let send: @Sendable (String) -> Void
    private let sending = Mutex(())
    private let calls = DispatchGroup()
    /// The requests in flight and whether each was cancelled.
    private let inFlight = Mutex([RPCID: Bool]())

    /// A server in `context` that writes each outgoing line with `send`.
    init(context: MCPContext, send: @escaping @Sendable (String) -> Void) {
        self.context = context
        self.send = send
    }

    /// Serves the messages read from `descriptor` until its end, then waits for the calls in
    /// flight at most `drainSeconds`.
    func serve(descriptor: Int32, drainSeconds: Double = MCPServer.drainSeconds) {
        var reader = MCPLineReader(descriptor: descriptor, limit: Self.lineLimit)
        while let line = reader.next() {
            switch line {
            case .oversized:
                write(RPCReply.error(nil, RPCError(.invalidRequest, "a line of more than \(Self.lineLimit) bytes is refused; reading resumes at the next line")))
            case .message(let bytes):
                guard bytes.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\t") }) else { continue }
                handle(RPCMessage.parse(bytes))
            }
        }
        _ = calls.wait(timeout: .now() + drainSeconds)
    }

    /// Answers one message (tool calls later, from a worker).
    func handle(_ message: RPCMessage) {
        switch message {
        case .invalid(let id, let error):
            write(RPCReply.error(id, error))
        case .response:
            break
        case .notification(let method, let params):
            if method == "notifications/cancelled", case .number(let number)? = params?["requestId"]?.value {
                cancel(.number(Int64(exactly: number) ?? -1))
            } else if method == "notifications/cancelled", case .string(let text)? = params?["requestId"]?.value {
                cancel(.string(text))
            }
        case .request(let id, let method, let params):
            if method == "tools/call" {
                call(id, params)
            } else {
                do { write(RPCReply.result(id, try MCPMethods.answer(method, params, context: context))) } catch { write(RPCReply.error(id, error)) }
            }
        }
    }

    /// Runs a `tools/call` on a worker, its reading progress sent when the request asks for it;
    /// a cancelled call stops reading and its answer is not sent.
    private func call(_ id: RPCID, _ params: JSONNode?) {
        let tool: MCPTool
        do { tool = try MCPMethods.tool(params) } catch { return write(RPCReply.error(id, error)) }
        inFlight.withLock { $0[id] = false }
        let progress = MCPProgress(token: params?["_meta"]?["progressToken"]?.value, send: { [weak self] in self?.write($0) })
        DispatchQueue.global().async(group: calls) { [self] in
            let outcome = MCPToolRunner.run(tool, arguments: params?["arguments"], context: context) { read, total in
                progress?.report(read, of: total, message: "\(tool.name): \(read) bytes read")
                return !self.isCancelled(id)
            }
            let cancelled = inFlight.withLock { $0.removeValue(forKey: id) ?? false }
            guard !cancelled else { return }
            write(RPCReply.result(id) { MCPMethods.writeResult(outcome, to: &$0) })
        }
    }

    /// Whether the client cancelled request `id`.
    private func isCancelled(_ id: RPCID) -> Bool { inFlight.withLock { $0[id] ?? false } }

    /// Marks request `id` cancelled (its result is not sent).
    private func cancel(_ id: RPCID) {
        inFlight.withLock { calls in
            if calls[id] != nil { calls[id] = true }
        }
    }

    /// Sends one line (whole lines only, one writer at a time).
    func write(_ line: String) {
        sending.withLock { _ in send(line) }
    }
}
