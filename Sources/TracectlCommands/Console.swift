#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Tracer

import Tracer

/// Standard output and error for a command: human output to stdout, diagnostics to stderr.
package struct Console: Sendable {
    /// Where the output goes instead of the process's descriptors (an in-process run), if anywhere.
    private let capture: LockedBox<(out: String, err: String)>?

    /// The process's standard output and error.
    package init() { capture = nil }

    private init(capture: LockedBox<(out: String, err: String)>) { self.capture = capture }

    /// A console that keeps what is written, for running `tracectl` in process (tests, fuzzing).
    package static func capturing() -> Console { Console(capture: LockedBox((out: "", err: ""))) }

    /// What a capturing console was given on standard output and error so far.
    package var captured: (out: String, err: String) { capture?.withLock { $0 } ?? ("", "") }

    /// Writes `text` to standard output as is.
    func out(_ text: String) { write(text, to: 1) }

    /// Writes `text` and a newline to standard output.
    func line(_ text: String = "") { write(text + "\n", to: 1) }

    /// Writes `text` to standard error as is.
    func err(_ text: String) { write(text, to: 2) }

    /// Writes `tracectl: warning: MESSAGE` to standard error.
    func warning(_ message: String) { err("tracectl: \(errHighlighted("warning", .warn)): \(message)\n") }

    /// Writes `tracectl: error: MESSAGE` to standard error.
    func error(_ message: String) { err("tracectl: \(errHighlighted("error", .fail)): \(message)\n") }

    /// When output is coloured (`--color`; `auto` unless a command's option says otherwise).
    var colorMode = ColorMode.auto

    /// Whether standard output gets colour (see `ColorMode`).
    var colorsOut: Bool { colorMode.isEnabled(isTerminal: stdoutIsTerminal, environment: Self.colorEnvironment) }

    /// Whether standard error gets colour.
    var colorsErr: Bool { colorMode.isEnabled(isTerminal: stderrIsTerminal, environment: Self.colorEnvironment) }

    /// `word` in `highlight`'s colour when standard error is coloured.
    private func errHighlighted(_ word: String, _ highlight: Highlight) -> String {
        colorsErr ? highlight.paint(word) : word
    }

    /// The variables `ColorMode.auto` reads.
    private static var colorEnvironment: [String: String] {
        getenv("NO_COLOR").map { ["NO_COLOR": String(cString: $0)] } ?? [:]
    }

    /// Redraws the progress line on standard error (a terminal's) as `text`.
    func progress(_ text: String) { err("\r\u{1B}[K" + text) }

    /// Erases the progress line.
    func clearProgress() { err("\r\u{1B}[K") }

    /// Whether standard error is a terminal (progress goes there only then).
    var stderrIsTerminal: Bool { capture == nil && isatty(2) != 0 }

    /// Whether standard output is a terminal.
    var stdoutIsTerminal: Bool { capture == nil && isatty(1) != 0 }

    /// The terminal's width in columns, or `fallback` when not a terminal.
    func terminalWidth(fallback: Int = 100) -> Int {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return fallback }
        return Int(size.ws_col)
    }

    /// Writes all of `text` to `descriptor` (or to the capture), retrying short writes.
    private func write(_ text: String, to descriptor: Int32) {
        if let capture {
            capture.withLock { descriptor == 1 ? $0.out.append(text) : $0.err.append(text) }
            return
        }
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
