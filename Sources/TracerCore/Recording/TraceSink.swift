#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Where a recorder's JSON lines go. Called from the recorder's writer, one call at a time.
public protocol TraceSink: AnyObject, Sendable {
    /// Writes `bytes` (whole lines) completely, or throws.
    func write(_ bytes: UnsafeRawBufferPointer) throws(TraceSinkError)
    /// Releases the destination; later writes are not made.
    func close()
    /// A short name for diagnostics: a path, `fd:3`, `memory`.
    var name: String { get }
}

/// A sink that failed: what it was writing to and the system's reason.
public struct TraceSinkError: Error, Sendable, CustomStringConvertible {
    /// The sink's name (a path, `fd:N`, `tcp://HOST:PORT`).
    public var sink: String
    /// What failed.
    public var reason: String

    /// The failure `reason` of `sink`.
    public init(sink: String, reason: String) {
        self.sink = sink
        self.reason = reason
    }

    /// An error for `sink` from the current `errno`.
    static func fromErrno(_ sink: String, _ code: Int32 = errno) -> TraceSinkError {
        TraceSinkError(sink: sink, reason: String(cString: strerror(code)))
    }

    public var description: String { "\(sink): \(reason)" }
}

/// Writes to an open file descriptor (a file, a pipe, `fd:3` from the environment).
public final class FileDescriptorSink: TraceSink {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    public let name: String

    /// A sink on `descriptor`; it is closed by `close()` only when `ownsDescriptor`.
    public init(descriptor: Int32, ownsDescriptor: Bool, name: String? = nil) {
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
        self.name = name ?? "fd:\(descriptor)"
    }

    /// A sink writing to a new or truncated file at `path`.
    public static func file(atPath path: String) throws(TraceSinkError) -> FileDescriptorSink {
        let descriptor = POSIX.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .fromErrno(path) }
        return FileDescriptorSink(descriptor: descriptor, ownsDescriptor: true, name: path)
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws(TraceSinkError) {
        let failure = POSIX.writeAll(descriptor, bytes)
        if failure != 0 { throw .fromErrno(name, failure) }
    }

    public func close() {
        if ownsDescriptor { POSIX.close(descriptor) }
    }
}

/// Keeps every byte in memory: for tests and in-process analysis.
public final class MemorySink: TraceSink {
    private let storage = LockedBox<[UInt8]>([])
    public let name = "memory"

    /// An empty sink.
    public init() {}

    public func write(_ bytes: UnsafeRawBufferPointer) throws(TraceSinkError) {
        storage.withLock { $0.append(contentsOf: bytes) }
    }

    public func close() {}

    /// Everything written so far.
    public var bytes: [UInt8] { storage.withLock { $0 } }

    /// Everything written so far, as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The lines written so far, without their `\n`.
    public var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
}
