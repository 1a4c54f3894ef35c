#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A buffered `TextOutputStream` over a file descriptor: standard output or a created file.
///
/// Writes go out in 64 KiB blocks, so streaming exporters cost one system call per block, not per
/// event. Call `close()` at the end: it flushes and reports the first write error.
public struct FileOutputStream: TextOutputStream {
    private var buffer: [UInt8] = []
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var failure: Int32 = 0
    /// Where the output goes, for messages (a path or `<stdout>`).
    public let displayName: String

    /// A stream to standard output.
    public static func standardOutput() -> FileOutputStream {
        FileOutputStream(descriptor: STDOUT_FILENO, ownsDescriptor: false, displayName: "<stdout>")
    }

    /// A stream to a new (or truncated) file at `path`; `-` is standard output.
    ///
    /// - Throws: `OutputError` when the file cannot be created.
    public static func create(path: String) throws(OutputError) -> FileOutputStream {
        if path == "-" { return standardOutput() }
        let descriptor = openForWriting(path)
        guard descriptor >= 0 else { throw OutputError(path: path, code: errno) }
        return FileOutputStream(descriptor: descriptor, ownsDescriptor: true, displayName: path)
    }

    private init(descriptor: Int32, ownsDescriptor: Bool, displayName: String) {
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
        self.displayName = displayName
        buffer.reserveCapacity(1 << 16)
    }

    /// Appends `string`, writing a block when the buffer is full.
    public mutating func write(_ string: String) {
        buffer.append(contentsOf: string.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes what is buffered.
    public mutating func flush() {
        guard failure == 0 else { buffer.removeAll(keepingCapacity: true); return }
        buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = writeBytes(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { failure = errno == 0 ? EIO : errno; return }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, closes a created file and reports the first write error.
    public mutating func close() throws(OutputError) {
        flush()
        if ownsDescriptor && closeDescriptor(descriptor) != 0 && failure == 0 { failure = errno }
        if failure != 0 { throw OutputError(path: displayName, code: failure) }
    }
}

/// An output file that could not be created or written.
public struct OutputError: Error, Sendable, CustomStringConvertible {
    public var path: String
    /// The `errno` value.
    public var code: Int32

    /// An error for `path` with `errno` `code`.
    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }

    /// `PATH: cannot write: REASON`.
    public var description: String { "\(path): cannot write: \(String(cString: strerror(code)))" }
}

private func openForWriting(_ path: String) -> Int32 {
    #if canImport(Glibc)
    Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    #else
    Darwin.open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    #endif
}

private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}

private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.close(descriptor)
    #else
    Darwin.close(descriptor)
    #endif
}
