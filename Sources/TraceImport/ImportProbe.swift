#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceFormat
import TraceSupport

/// What `--from auto` shows each importer of the input: its path, whether it is a directory, and
/// the first bytes of a regular file.
///
/// NB: only a regular file is read ahead: the first bytes of a pipe or of standard input would be
/// gone for the importer that reads it then.
package struct ImportProbe: Sendable {
    /// The input's path as given; nil for standard input or bytes in memory.
    package var path: String?
    /// Whether `path` names a directory.
    package var isDirectory = false
    /// The first `headLength` bytes of a regular file (fewer when it is shorter); empty otherwise.
    package var head: [UInt8] = []

    /// How many bytes `head` holds at most: enough for an XML prologue and comments, or a header line.
    static let headLength = 4096

    /// The probe of `input`, opened through `PathAccess` (confined under `tracectl mcp`).
    package init(_ input: TraceInput) {
        guard case .file(let path) = input else { return }
        self.path = path
        guard let status = PathAccess.status(path) else { return }
        isDirectory = status.st_mode & S_IFMT == S_IFDIR
        if status.st_mode & S_IFMT == S_IFREG { head = Self.head(of: path) ?? [] }
    }

    /// The first `headLength` bytes of the file at `path`; nil when it cannot be read or is empty.
    static func head(of path: String) -> [UInt8]? {
        let descriptor = PathAccess.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: headLength)
        let got = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard got > 0 else { return nil }
        return Array(head[0..<got])
    }
}
