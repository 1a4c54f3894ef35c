#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TracerCore

/// Where a capture writes its trace: a file or standard output, buffered, whole lines only.
package final class CaptureOutput {
    /// Bytes gathered before they are written.
    static let flushThreshold = 256 << 10

    /// The name for messages: the path, or `standard output`.
    package let name: String
    /// Whether this is standard output (a child's own output then goes to standard error).
    package let isStandardOutput: Bool
    private let descriptor: Int32
    /// With `staged`, the temporary file beside `name` until `commit()` or `discard()`.
    private var stagingPath: String?
    private var buffer: [UInt8] = []
    private(set) var failure: CaptureError?
    private var closed = false

    /// Opens `path` for writing; `-` is standard output.
    ///
    /// Unstaged, `path` is created or truncated at once. `staged`, the trace goes to a temporary
    /// file beside `path`, renamed onto it when its first bytes are written (so it can be followed
    /// while recording) and removed if none are: a capture that cannot start or records nothing
    /// leaves an existing `path` as it was. A `path` that exists and is not a regular file (a
    /// device such as `/dev/null`, a FIFO, a symbolic link) is never staged: it is written in place.
    package init(path: String, staged: Bool = false) throws(CaptureError) {
        if path == "-" {
            descriptor = STDOUT_FILENO
            name = "standard output"
            isStandardOutput = true
        } else {
            // NB: renaming onto a device or a link would replace it (as root, /dev/null itself).
            if staged && Self.isNewOrRegularFile(path) {
                let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
                var template = Array("\(path[..<slash]).\(path[slash...]).tracectl-XXXXXX".utf8CString)
                descriptor = mkstemp(&template)
                // NB: mkstemp creates the file 0600 and inheritable; a trace is as readable as an
                // unstaged one, and a recorded child must not hold it open.
                if descriptor >= 0 {
                    fchmod(descriptor, 0o644)
                    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
                }
                stagingPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            } else {
                descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            }
            guard descriptor >= 0 else {
                throw CaptureError("cannot write '\(path)': \(String(cString: strerror(errno)))")
            }
            name = path
            isStandardOutput = false
        }
        buffer.reserveCapacity(Self.flushThreshold + (1 << 20))
    }

    deinit { discard() }

    /// Whether nothing is at `path`, or a regular file (not followed if a symbolic link).
    private static func isNewOrRegularFile(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return errno == ENOENT }
        return status.st_mode & S_IFMT == S_IFREG
    }

    /// Closes the output; a staged file with nothing written is removed, the path left as it was.
    package func discard() {
        close()
        if let stagingPath { unlink(stagingPath) }
        stagingPath = nil
    }

    /// Appends `bytes`.
    func append(_ bytes: UnsafeBufferPointer<UInt8>) { buffer.append(contentsOf: bytes) }

    /// Bytes appended and not yet written.
    var pendingCount: Int { buffer.count }

    /// Writes out when enough is gathered; call between lines.
    func flushIfFull() {
        if buffer.count >= Self.flushThreshold { flush() }
    }

    /// Appends `bytes` (small pieces of a line being built).
    func append(_ bytes: [UInt8]) { buffer.append(contentsOf: bytes) }

    /// Appends one byte.
    func append(_ byte: UInt8) { buffer.append(byte) }

    /// Appends `value` in decimal.
    func appendDecimal(_ value: Int64) { JSONLineEncoder.appendDecimal(value, to: &buffer) }

    /// Writes out everything appended; after a failure, later bytes are discarded.
    func flush() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil, !closed, !buffer.isEmpty else { return }
        let code = buffer.withUnsafeBytes { POSIX.writeAll(descriptor, $0) }
        if code != 0 { failure = CaptureError("cannot write \(name): \(String(cString: strerror(code)))") }
        if failure == nil, let stagingPath {
            self.stagingPath = nil
            if rename(stagingPath, name) != 0 {
                failure = CaptureError("cannot write '\(name)': \(String(cString: strerror(errno)))")
                unlink(stagingPath)
            }
        }
    }

    /// Flushes and closes a file (standard output stays open).
    package func close() {
        flush()
        if !isStandardOutput, !closed { POSIX.close(descriptor) }
        closed = true
    }
}
