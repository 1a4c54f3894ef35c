import Foundation
import Synchronization
import Testing
import TraceAnalysis
@testable import TracectlCommands
import TracerTestSupport

/// One way of reading a trace that the commands must not tell apart: the file by one reader,
/// its bytes on standard input, or the file split into pieces that two threads share.
enum ReadVariant: Sendable, CustomStringConvertible {
    case file
    case standardInput
    /// Split as `splits` says, the thread that starts second waiting until the first has taken
    /// over part of its piece (a steal), or found none to take.
    case split(ReadHook.Splits)

    var description: String {
        switch self {
        case .file: "file"
        case .standardInput: "stdin"
        case .split(let splits): "split \(splits.first)‰/\(splits.steal)‰"
        }
    }

    /// Five split sets for `seed`: first splits and steals between a fifth and four fifths in.
    static func splits(seed: UInt64) -> [ReadVariant] {
        var random = SeededRandom(seed: seed ^ 0x5EED_5EED)
        return (0..<5).map { _ in .split(ReadHook.Splits(first: 200 + random.below(601), steal: 200 + random.below(601))) }
    }
}

/// What a command run in process gave: its exit status and its output (`-o` or standard output).
struct InProcessRun: Equatable {
    var status: Int32
    var output: String
    var stderr: String

    /// The run with the name of the trace at `path` (its path, its file name in labels) and
    /// standard input's (`<stdin>`, escaped or not) written `TRACE`.
    func named(_ path: String) -> InProcessRun {
        let names = [path, String(path.split(separator: "/").last ?? ""), "<stdin>", #"\u003cstdin\u003e"#]
        func renamed(_ text: String) -> String { names.reduce(text) { Self.replacing($1, with: "TRACE", in: $0) } }
        return InProcessRun(status: status, output: renamed(output), stderr: renamed(stderr))
    }

    /// `text` with every occurrence of `name` replaced by `replacement`, compared byte by byte.
    ///
    /// NB: on the bytes (`memchr` for the first, `memcmp` for the rest): Foundation's
    /// `replacingOccurrences` took a tenth of the property test's time.
    static func replacing(_ name: String, with replacement: String, in text: String) -> String {
        let bytes = Array(text.utf8), needle = Array(name.utf8)
        guard !needle.isEmpty else { return text }
        var result: [UInt8] = []
        var from = 0
        bytes.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { needle in
                var at = from
                while haystack.count - at >= needle.count,
                      let found = memchr(haystack.baseAddress! + at, Int32(needle[0]), haystack.count - needle.count + 1 - at) {
                    at = haystack.baseAddress!.distance(to: UnsafeRawPointer(found))
                    guard memcmp(haystack.baseAddress! + at, needle.baseAddress!, needle.count) == 0 else {
                        at += 1
                        continue
                    }
                    result += haystack[from..<at]
                    result += replacement.utf8
                    at += needle.count
                    from = at
                }
            }
        }
        guard from > 0 else { return text }
        result += bytes[from...]
        return String(decoding: result, as: UTF8.self)
    }

    /// Runs `tracectl arguments…` in this process with `trace` read as `variant`: the argument
    /// `TRACE` is the trace's path, or `-` with its bytes on a pipe as standard input. Output goes
    /// to `outputPath` with `-o` when given, else it is standard output; `faulty` puts in the fault
    /// `ReadHook.countsWastedOffByOne`. Returns the run and the steals the split threads made.
    static func run(
        _ arguments: [String], trace: String, as variant: ReadVariant, outputPath: String?, faulty: Bool = false
    ) throws -> (run: InProcessRun, steals: Int) {
        var hook = ReadHook()
        hook.countsWastedOffByOne = faulty
        let forcer = StealForcer()
        var input: (read: Int32, write: Int32)?
        switch variant {
        case .file:
            break
        case .standardInput:
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            input = (ends[0], ends[1])
            hook.standardInput = ends[0]
            let bytes = try Data(contentsOf: URL(fileURLWithPath: trace))
            let writeEnd = ends[1]
            // NB: a command that stops reading early makes the writer's pipe break: an error, not
            // a SIGPIPE that ends the test runner.
            signal(SIGPIPE, SIG_IGN)
            DispatchQueue.global().async {
                let handle = FileHandle(fileDescriptor: writeEnd, closeOnDealloc: true)
                try? handle.write(contentsOf: bytes)
                try? handle.close()
            }
        case .split(let splits):
            hook.splits = splits
            hook.observe = { forcer.observe($0) }
        }
        defer { if let input { close(input.read) } }
        let path = input == nil ? trace : "-"
        var full = arguments.map { $0 == "TRACE" ? path : $0 }
        if let outputPath { full += ["-o", outputPath] }
        let result = ReadHook.$current.withValue(hook) { TracectlInProcess.run(full) }
        let output = try outputPath.map { try String(contentsOfFile: $0, encoding: .utf8) } ?? result.stdout
        return (InProcessRun(status: result.status, output: output, stderr: result.stderr), forcer.steals)
    }
}

/// Makes a steal happen in every read of a split file: the thread that starts reading second
/// waits until the first is done with its first piece and has taken over part of the second's
/// (or found nothing to take); and counts the steals.
///
/// NB: the first thread never waits, so this cannot deadlock; one thread running both halves
/// one after the other steals from the piece not yet begun. The wait has a generous bound, after
/// which the read goes on unforced (and the test finds no steal).
final class StealForcer: Sendable {
    private struct State {
        var began = [false, false]
        var moved = [false, false]
        var done = 0
        var steals = 0
    }

    private let state = Mutex(State())
    private let condition = NSCondition()

    /// The steals made so far.
    var steals: Int { state.withLock { $0.steals } }

    /// Told what a reading thread does (`ReadHook.observe`).
    func observe(_ event: ReadHook.Event) {
        switch event {
        case .reading(let thread, _, let stolen):
            let waitFor: Int? = state.withLock { state in
                if stolen { state.steals += 1 }
                guard !state.began[thread] else {
                    state.moved[thread] = true
                    return nil
                }
                state.began[thread] = true
                return state.began[1 - thread] && !state.moved[1 - thread] ? 1 - thread : nil
            }
            if let other = waitFor {
                let deadline = Date(timeIntervalSinceNow: 60)
                condition.lock()
                while !state.withLock({ $0.moved[other] }) && condition.wait(until: deadline) {}
                condition.unlock()
            } else {
                signal()
            }
        case .done(let thread):
            state.withLock { state in
                state.moved[thread] = true
                state.done += 1
                // NB: both threads done: the next events are the next file's (diff reads two).
                if state.done == 2 { (state.began, state.moved, state.done) = ([false, false], [false, false], 0) }
            }
            signal()
        }
    }

    /// Wakes the thread waiting for the other, if any.
    private func signal() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }
}
