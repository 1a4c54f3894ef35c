#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TracerCore

/// A buffered `TextOutputStream` over a file descriptor: standard output or a file.
///
/// Writes go out in 256 KiB blocks, so streaming exporters cost one system call per block, not per
/// event. Once a first block is full, blocks are written on a thread of their own
/// (`BackgroundWriter`) while the next one fills: a large output costs the writer the formatting
/// only, not the wait on the kernel. A file is written whole or not at all: the bytes go to a
/// temporary file beside it, which `close()` renames over the destination once everything was
/// written; a stream dropped without a successful `close()` (a trace that turned out invalid, a
/// write error) removes its temporary and leaves the destination as it was.
package final class FileOutputStream: TextOutputStream {
    /// How much is gathered before it is written.
    package static let blockSize = 1 << 18
    /// The block being filled, and the one being written (allocated with the background writer).
    private var block: UnsafeMutableRawBufferPointer
    private var spare: UnsafeMutableRawBufferPointer?
    /// The bytes of `block` in use.
    private var used = 0
    /// Started when the first full block is written; short outputs never start it.
    private var background: BackgroundWriter?
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var isClosed = false
    private var failure: Int32 = 0
    /// The temporary file and the name it takes on a successful `close()`.
    private var pending: PendingFile?
    /// Where the output goes, for messages (a path or `<stdout>`).
    package let displayName: String
    /// The bytes written so far, buffered ones included.
    package private(set) var byteCount = 0

    /// A stream to standard output.
    package static func standardOutput() -> FileOutputStream {
        FileOutputStream(descriptor: STDOUT_FILENO, ownsDescriptor: false, displayName: "<stdout>")
    }

    /// A stream that replaces the file at `path` (or creates it) when closed; `-` is standard output.
    ///
    /// NB: only a regular file or a new one is replaced through a temporary; anything else at
    /// `path` (a device such as `/dev/null`, a FIFO, a symbolic link) is opened and written in place.
    ///
    /// - Throws: `OutputError` when the file cannot be created.
    package static func create(path: String) throws(OutputError) -> FileOutputStream {
        if path == "-" { return standardOutput() }
        guard let (directory, name) = PathAccess.parent(of: path) else { throw OutputError(path: path, code: errno) }
        var info = stat()
        let exists = fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0
        if exists && info.st_mode & S_IFMT != S_IFREG {
            POSIX.close(directory)
            let descriptor = PathAccess.open(path, O_WRONLY | O_TRUNC | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else { throw OutputError(path: path, code: errno) }
            return FileOutputStream(descriptor: descriptor, ownsDescriptor: true, displayName: path)
        }
        let descriptor: Int32, temporary: String
        do { (descriptor, temporary) = try createTemporary(in: directory, beside: name, path: path) } catch {
            POSIX.close(directory)
            throw error
        }
        if exists { _ = fchmod(descriptor, info.st_mode & 0o7777) }
        let stream = FileOutputStream(descriptor: descriptor, ownsDescriptor: true, displayName: path)
        stream.pending = PendingFile(directory: directory, temporary: temporary, destination: name)
        return stream
    }

    /// A new file named `.NAME.RANDOM.tmp` in `directory` (where `name`, the file `path` names,
    /// goes), created exclusively.
    private static func createTemporary(in directory: Int32, beside name: String, path: String) throws(OutputError) -> (Int32, String) {
        while true {
            let temporary = ".\(name).\(String(UInt32.random(in: .min ... .max), radix: 36)).tmp"
            let descriptor = openat(directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 { return (descriptor, temporary) }
            if errno != EEXIST { throw OutputError(path: path, code: errno) }
        }
    }

    private init(descriptor: Int32, ownsDescriptor: Bool, displayName: String) {
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
        self.displayName = displayName
        block = .allocate(byteCount: Self.blockSize, alignment: 16)
    }

    deinit {
        // NB: the thread is joined before the descriptor closes and the blocks are freed.
        background?.finish()
        block.deallocate()
        spare?.deallocate()
        guard !isClosed else { return }
        if ownsDescriptor { POSIX.close(descriptor) }
        _ = pending?.finish(keep: false)
    }

    /// Appends `string`, writing a block when the buffer is full.
    package func write(_ string: String) {
        var string = string
        string.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Appends the UTF-8 text `bytes`, writing each block as it fills.
    package func write(bytes: UnsafeRawBufferPointer) {
        byteCount += bytes.count
        var rest = bytes
        while !rest.isEmpty {
            let taken = min(rest.count, Self.blockSize - used)
            (block.baseAddress! + used).copyMemory(from: rest.baseAddress!, byteCount: taken)
            used += taken
            rest = UnsafeRawBufferPointer(rebasing: rest[taken...])
            if used == Self.blockSize { writeBlock() }
        }
    }

    /// Writes what is buffered, and waits until it is written.
    package func flush() {
        writeBlock()
        if let background, failure == 0 { failure = background.wait() }
    }

    /// Hands the filled part of `block` to the background writer (started here when the block is
    /// full) and goes on in the other block; a short block with no writer yet is written at once.
    /// Nothing is written after an error or once closed.
    private func writeBlock() {
        defer { used = 0 }
        guard used > 0, failure == 0, !isClosed else { return }
        let bytes = UnsafeRawBufferPointer(rebasing: block[..<used])
        if background == nil && used < Self.blockSize {
            failure = POSIX.writeAll(descriptor, bytes)
            return
        }
        if background == nil {
            background = BackgroundWriter(descriptor: descriptor)
            spare = .allocate(byteCount: Self.blockSize, alignment: 16)
        }
        failure = background!.write(bytes)
        swap(&block, &spare!)
    }

    /// Flushes, closes a file, puts it in place and reports the first write error (after which
    /// the destination is left as it was).
    package func close() throws(OutputError) {
        guard !isClosed else { return }
        flush()
        background?.finish()
        isClosed = true
        if ownsDescriptor && POSIX.close(descriptor) != 0 && failure == 0 { failure = errno }
        if let pending {
            let renameFailure = pending.finish(keep: failure == 0)
            if failure == 0 { failure = renameFailure }
            self.pending = nil
        }
        if failure != 0 { throw OutputError(path: displayName, code: failure) }
    }
}

/// A file written whole or not at all: a temporary in the destination's directory (held open, so
/// that the rename happens where the temporary was made), renamed over the destination.
private struct PendingFile {
    /// The destination's directory, owned.
    let directory: Int32
    let temporary: String
    let destination: String

    /// Renames the temporary over the destination when `keep` (else removes it) and closes the
    /// directory: 0, or the `errno` of a failed rename (the temporary then removed too).
    func finish(keep: Bool) -> Int32 {
        var failure: Int32 = 0
        if keep && renameat(directory, temporary, directory, destination) != 0 { failure = errno }
        if !keep || failure != 0 { _ = unlinkat(directory, temporary, 0) }
        POSIX.close(directory)
        return failure
    }
}

extension TextOutputStream {
    /// Writes the UTF-8 text `bytes`: to a `FileOutputStream` straight from memory, to any other
    /// stream as a `String`.
    package mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        if let file = self as? FileOutputStream {
            file.write(bytes: UnsafeRawBufferPointer(bytes))
        } else {
            write(String(decoding: bytes, as: UTF8.self))
        }
    }
}

/// An output file that could not be created or written.
package struct OutputError: Error, Sendable, CustomStringConvertible {
    /// The file that could not be written.
    package var path: String
    /// The `errno` value.
    package var code: Int32

    /// `PATH: cannot write: REASON`.
    package var description: String { "\(path): cannot write: \(String(cString: strerror(code)))" }
}
