#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Tracer

/// Standard output and error for a command: human output to stdout, diagnostics to stderr.
struct Console: Sendable {
    /// Writes `text` to standard output as is.
    func out(_ text: String) { write(text, to: 1) }

    /// Writes `text` and a newline to standard output.
    func line(_ text: String = "") { write(text + "\n", to: 1) }

    /// Writes `text` to standard error as is.
    func err(_ text: String) { write(text, to: 2) }

    /// Writes `tracectl: warning: MESSAGE` to standard error.
    func warning(_ message: String) { err("tracectl: warning: \(message)\n") }

    /// Writes `tracectl: error: MESSAGE` to standard error.
    func error(_ message: String) { err("tracectl: error: \(message)\n") }

    /// Whether standard error is a terminal (progress goes there only then).
    var stderrIsTerminal: Bool { isatty(2) != 0 }

    /// Whether standard output is a terminal.
    var stdoutIsTerminal: Bool { isatty(1) != 0 }

    /// The terminal's width in columns, or `fallback` when not a terminal.
    func terminalWidth(fallback: Int = 100) -> Int {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return fallback }
        return Int(size.ws_col)
    }

    /// Writes all of `text` to `descriptor`, retrying short writes.
    private func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = POSIX.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
