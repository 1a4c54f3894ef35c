#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Tracer

/// Where a capture writes its trace: a file or standard output, buffered, whole lines only.
public final class CaptureOutput {
    /// Bytes gathered before they are written.
    static let flushThreshold = 256 << 10

    /// The name for messages: the path, or `standard output`.
    public let name: String
    /// Whether this is standard output (a child's own output then goes to standard error).
    public let isStandardOutput: Bool
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private(set) var failure: CaptureError?
    private var closed = false

    /// Opens `path` for writing (created or truncated); `-` is standard output.
    public init(path: String) throws(CaptureError) {
        if path == "-" {
            descriptor = STDOUT_FILENO
            name = "standard output"
            isStandardOutput = true
        } else {
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw CaptureError("cannot write '\(path)': \(String(cString: strerror(errno)))")
            }
            name = path
            isStandardOutput = false
        }
        buffer.reserveCapacity(Self.flushThreshold + (1 << 20))
    }

    deinit { close() }

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
        buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = CaptureError("cannot write \(name): \(String(cString: strerror(errno)))")
                    return
                }
                offset += written
            }
        }
    }

    /// Flushes and closes a file (standard output stays open).
    public func close() {
        flush()
        if !isStandardOutput, !closed { POSIX.close(descriptor) }
        closed = true
    }
}
