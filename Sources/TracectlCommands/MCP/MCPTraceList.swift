#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceSupport

/// The trace files under the root (`*.jsonl`, hidden directories and symbolic links skipped), each
/// with its size and its header's scenario, variant, source and capabilities: `list_traces` and
/// `resources/list`.
enum MCPTraceList {
    /// The `schema` of the document `list_traces` returns.
    static let schema = "tracer-trace-list/1"
    /// At most this many traces are listed, and directories this deep searched.
    static let maximumTraces = 1000
    static let maximumDepth = 16

    /// One trace file and its header (nil fields: the header does not say).
    struct Entry: Sendable {
        var path: String
        var bytes: Int64
        var scenario: String?
        var variant: String?
        var source: String?
        var capabilities: [String]?
    }

    /// The `tracer-trace-list/1` document of the traces under `directory`.
    static func document(root: ConfinedRoot, directory: String) throws(ConfinementError) -> String {
        let found = try entries(root: root, directory: directory)
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("schema", schema)
        writer.field("root", root.path)
        writer.objects("traces", found) { writer, entry in
            writer.field("path", entry.path)
            writer.field("bytes", entry.bytes)
            writer.field("scenario", entry.scenario)
            writer.field("variant", entry.variant)
            writer.field("source", entry.source)
            writer.key("capabilities")
            if let capabilities = entry.capabilities {
                writer.beginArray()
                for capability in capabilities { writer.string(capability) }
                writer.endArray()
            } else {
                writer.null()
            }
        }
        writer.endObject()
        return writer.document()
    }

    /// The traces under `directory` (relative to the root), sorted by path.
    static func entries(root: ConfinedRoot, directory: String) throws(ConfinementError) -> [Entry] {
        let start = try root.openDirectory(directory)
        let prefix = try root.relativePath(directory)
        var found: [Entry] = []
        search(start.descriptor, prefix: prefix.isEmpty ? "" : prefix + "/", depth: 0, into: &found)
        start.close()
        return found.sorted { $0.path < $1.path }
    }

    /// Adds the traces in the directory open as `descriptor` (and below) to `found`.
    private static func search(_ descriptor: Int32, prefix: String, depth: Int, into found: inout [Entry]) {
        guard depth < maximumDepth, let directory = fdopendir(dup(descriptor)) else { return }
        defer { closedir(directory) }
        while found.count < maximumTraces, let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.hasPrefix(".") else { continue }
            var status = stat()
            guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard child >= 0 else { continue }
                search(child, prefix: prefix + name + "/", depth: depth + 1, into: &found)
                close(child)
            case S_IFREG where name.hasSuffix(".jsonl"):
                var entry = Entry(path: prefix + name, bytes: Int64(status.st_size))
                readHeader(descriptor, name, into: &entry)
                found.append(entry)
            default:
                continue
            }
        }
    }

    /// Fills `entry`'s header fields from the first line of `name` (if it is a `meta` line).
    private static func readHeader(_ directory: Int32, _ name: String, into entry: inout Entry) {
        let file = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else { return }
        defer { close(file) }
        var bytes = [UInt8](repeating: 0, count: 64 << 10)
        let count = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress!, $0.count) }
        guard count > 0, let end = bytes[..<count].firstIndex(of: UInt8(ascii: "\n")),
              let header = try? JSONDocumentParser.parse(Array(bytes[..<end])),
              case .string("meta")? = header["kind"]?.value
        else { return }
        func text(_ key: String) -> String? {
            if case .string(let value)? = header[key]?.value { return value }
            return nil
        }
        entry.scenario = text("scenario")
        entry.variant = text("variant")
        entry.source = text("source")
        if case .array(let items)? = header["capabilities"]?.value {
            entry.capabilities = items.compactMap { if case .string(let value) = $0.value { value } else { nil } }
        }
    }
}
