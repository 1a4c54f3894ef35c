#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceFormat
import TracerCore

/// The lines of an import's input — a file, standard input or bytes in memory — read in blocks;
/// a file it opened is closed with it.
package struct ImportLines: ~Copyable {
    private var lines: LineSource
    private let owned: Int32?
    /// The input's name in diagnostics.
    private let name: String

    /// Opens `input` (a file through `PathAccess`).
    ///
    /// - Throws: `TraceError` when the file cannot be opened.
    package init(_ input: TraceInput) throws(TraceError) {
        switch input {
        case .file(let path):
            let descriptor = try TraceReader.open(path)
            owned = descriptor
            lines = LineSource(descriptor: descriptor, range: nil)
        case .standardInput:
            owned = nil
            lines = LineSource(descriptor: STDIN_FILENO, range: nil)
        case .bytes(let bytes, _):
            owned = nil
            lines = LineSource(bytes: bytes)
        }
        name = input.displayName
    }

    deinit {
        if let owned { close(owned) }
    }

    /// The next line (valid until the next call), or nil at the end of the input.
    ///
    /// - Throws: `TraceError` at the end of an input whose reading failed.
    package mutating func next() throws(TraceError) -> Line? {
        if let line = lines.next() { return line }
        guard lines.readError == 0 else {
            let reason = String(cString: strerror(lines.readError))
            throw TraceError(TraceDiagnostic(file: name, line: lines.lineCount, column: 0, message: "cannot read: \(reason)", severity: .error))
        }
        return nil
    }
}
