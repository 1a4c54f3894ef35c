import Foundation
import TraceSupport

/// The trace files under the root as MCP resources: listed with their headers, read in bounded
/// ranges.
enum MCPResources {
    /// The most bytes one `resources/read` returns: 1 MiB.
    static let readLimit = 1 << 20

    /// `resources/list`: every trace under the root, its header in the description.
    static func list(context: MCPContext) throws(RPCError) -> (inout JSONWriter) -> Void {
        let entries: [MCPTraceList.Entry]
        do { entries = try MCPTraceList.entries(root: context.root, directory: ".") } catch {
            throw RPCError(.resourceNotFound, error.description)
        }
        let root = context.root.path
        return { writer in
            writer.beginObject()
            writer.objects("resources", entries) { writer, entry in
                writer.field("uri", URL(fileURLWithPath: root + "/" + entry.path).absoluteString)
                writer.field("name", entry.path)
                writer.field("mimeType", "application/jsonl")
                writer.field("size", entry.bytes)
                let header = [("scenario", entry.scenario), ("variant", entry.variant), ("source", entry.source),
                              ("capabilities", entry.capabilities?.joined(separator: ","))]
                writer.field("description", "tracer/1 trace; " + header.map { "\($0.0): \($0.1 ?? "n/a")" }.joined(separator: "; "))
            }
            writer.endObject()
        }
    }

    /// `resources/read`: the text of `params.uri` (a file under the root) from `params.offset`
    /// (bytes, default 0) for at most `params.length` bytes (default and most: `readLimit`), cut at
    /// a line's end; `_meta` says the range and whether the file goes on.
    static func read(_ params: JSONNode?, context: MCPContext) throws(RPCError) -> (inout JSONWriter) -> Void {
        guard case .string(let uri)? = params?["uri"]?.value else { throw RPCError(.invalidParams, "resources/read needs params.uri, a string") }
        let offset = try integer(params?["offset"], "offset", default: 0)
        let length = min(try integer(params?["length"], "length", default: readLimit), readLimit)
        guard let url = URL(string: uri), url.isFileURL else { throw RPCError(.resourceNotFound, "\(uri): not a file: URI of a trace under the root") }
        let file: ConfinedRoot.Opened
        do { file = try context.root.open(url.path) } catch { throw RPCError(.resourceNotFound, error.description) }
        defer { file.close() }
        let handle = FileHandle(fileDescriptor: file.descriptor, closeOnDealloc: false)
        let total = (try? handle.seekToEnd()).map(Int.init) ?? 0
        try? handle.seek(toOffset: UInt64(min(offset, total)))
        var data = [UInt8]((try? handle.read(upToCount: length)) ?? Data())
        let cut = offset + data.count < total
        if cut, let lastNewline = data.lastIndex(of: UInt8(ascii: "\n")) { data.removeSubrange((lastNewline + 1)...) }
        let text = String(decoding: data, as: UTF8.self)
        return { writer in
            writer.beginObject()
            writer.key("contents")
            writer.beginArray()
            writer.beginObject()
            writer.field("uri", uri)
            writer.field("mimeType", "application/jsonl")
            writer.field("text", text)
            writer.endObject()
            writer.endArray()
            writer.key("_meta")
            writer.beginObject()
            writer.field("offset", offset)
            writer.field("bytes", data.count)
            writer.field("totalBytes", total)
            writer.key("truncated")
            writer.bool(cut)
            if cut { writer.field("note", "cut at a line's end; read on with offset \(offset + data.count)") }
            writer.endObject()
            writer.endObject()
        }
    }

    /// A non-negative integer parameter, or `fallback` when absent.
    private static func integer(_ node: JSONNode?, _ name: String, default fallback: Int) throws(RPCError) -> Int {
        guard let node else { return fallback }
        guard case .number(let number) = node.value, number >= 0, number.rounded() == number, number < 0x1p53 else {
            throw RPCError(.invalidParams, "params.\(name) must be a non-negative integer")
        }
        return Int(number)
    }
}
