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

    /// What an in-process run's reading progress goes to instead of a progress line: the bytes
    /// read so far and the files' total, if known; false asks the reading to stop.
    package typealias ProgressHandler = @Sendable (_ read: Int, _ total: Int?) -> Bool

    /// Where reading progress goes in an in-process run, if anywhere.
    let progressHandler: ProgressHandler?

    /// Whether a usage error is followed by the command's usage (false for an agent, which names
    /// arguments, not options: the error alone, as other errors are worded).
    let showsUsage: Bool

    /// The process's standard output and error.
    package init() { (capture, progressHandler, showsUsage) = (nil, nil, true) }

    private init(capture: LockedBox<(out: String, err: String)>, progressHandler: ProgressHandler?, showsUsage: Bool) {
        (self.capture, self.progressHandler, self.showsUsage) = (capture, progressHandler, showsUsage)
    }

    /// A console that keeps what is written, for running `tracectl` in process (tests, fuzzing,
    /// `tracectl mcp`), its reading progress given to `progress`; without `usage`, a usage error is
    /// worded as other errors are, with no usage after it.
    package static func capturing(progress: ProgressHandler? = nil, usage: Bool = true) -> Console {
        Console(capture: LockedBox((out: "", err: "")), progressHandler: progress, showsUsage: usage)
    }

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

    /// Whether a progress line stands on standard error now: other output erases it first, so
    /// that a warning never continues the progress line's text.
    private let progressShown = LockedBox(false)

    /// The bytes that take the cursor back to the line's start and erase the line.
    private static let eraseLine = "\r\u{1B}[K"

    /// Redraws the progress line on standard error (a terminal's) as `text`; a capturing console
    /// keeps no progress.
    func progress(_ text: String) {
        guard capture == nil else { return }
        progressShown.withLock { shown in
            writeAll(Self.eraseLine + text, to: 2)
            shown = true
        }
    }

    /// Erases the progress line, if one is shown.
    func clearProgress() {
        progressShown.withLock { shown in
            if shown { writeAll(Self.eraseLine, to: 2) }
            shown = false
        }
    }

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

    /// Writes `text` to `descriptor` (or to the capture), the progress line erased first.
    private func write(_ text: String, to descriptor: Int32) {
        if let capture {
            capture.withLock { descriptor == 1 ? $0.out.append(text) : $0.err.append(text) }
            return
        }
        clearProgress()
        writeAll(text, to: descriptor)
    }

    /// Writes all of `text` to `descriptor`, retrying short writes.
    private func writeAll(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { _ = POSIX.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
    }
}
