import Foundation
import Synchronization
import TraceAnalysis
import TraceSupport

/// `reading: 57.3 MB of 210.0 MB (27%)` on standard error while a command has been reading its
/// traces for more than a second, on a terminal only; erased when the command ends. An in-process
/// run's console with a progress handler gets the counts instead (and may stop the reading).
///
/// NB: the readers add to `progress` once per block they read (see `LineSource`); this line's own
/// thread looks at it four times a second, so the reading loop pays nothing for it.
final class ReadProgressLine: Sendable {
    /// What the command's readers count their bytes into.
    let progress = ReadProgress()
    private let console: Console
    /// The size of the files read, if known.
    private let totalBytes: Int?
    private let stopRequested = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)
    private let isStopping = Atomic<Bool>(false)

    private init(console: Console, totalBytes: Int?) {
        self.console = console
        self.totalBytes = totalBytes
    }

    /// A line for a command reading `paths` (those that are regular files give the total), its
    /// thread started; nil when standard error is not a terminal.
    static func start(console: Console, reading paths: [String]) -> ReadProgressLine? {
        guard console.stderrIsTerminal || console.progressHandler != nil else { return nil }
        let sizes = paths.compactMap { path -> Int? in
            guard let info = PathAccess.status(path), (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return Int(info.st_size)
        }
        let line = ReadProgressLine(console: console, totalBytes: sizes.isEmpty ? nil : sizes.reduce(0, +))
        Thread.detachNewThread { line.run() }
        return line
    }

    /// Stops the thread and erases the line if it was shown; once, whoever calls first.
    func stop() {
        guard !isStopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        stopRequested.signal()
        stopped.wait()
    }

    private func run() {
        var shown = false
        // NB: the first look is after a second (a shorter command never shows the line); a
        // handler's after a quarter.
        var deadline = DispatchTime.now() + (console.progressHandler == nil ? 1.0 : 0.25)
        while stopRequested.wait(timeout: deadline) == .timedOut {
            let read = progress.bytesRead
            if let handler = console.progressHandler {
                if !handler(read, totalBytes) { progress.cancel() }
            } else if read > 0 {
                // NB: a command that counts nothing here (it reads no trace) shows nothing.
                console.progress("reading: " + Self.text(read: read, of: totalBytes))
                shown = true
            }
            deadline = DispatchTime.now() + 0.25
        }
        // NB: a handler hears the bytes read once more at the end, so that a read shorter than
        // the first look still reports its progress before its result.
        if let handler = console.progressHandler, progress.bytesRead > 0 { _ = handler(progress.bytesRead, totalBytes) }
        if shown { console.clearProgress() }
        stopped.signal()
    }

    /// `57.3 MB of 210.0 MB (27%)`, or `57.3 MB` without a total.
    static func text(read: Int, of total: Int?) -> String {
        func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }
        guard let total, total > 0 else { return megabytes(read) }
        // NB: a trace read a second time (see README, "read again on one thread") counts twice.
        let percent = min(100, read * 100 / total)
        return "\(megabytes(min(read, total))) of \(megabytes(total)) (\(percent)%)"
    }
}
