#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TraceAnalysis
import TraceImport
import TraceSupport

/// `tracer-bench import [--megabytes N] [--short-megabytes N] [--runs R] [--keep]`: `tracectl import` of two
/// generated Xcode-style console logs (`_printChanges()` lines with timestamp and process prefixes),
/// the trace written to `/dev/null`, to a new file and over the previous run's trace. Wall-clock and CPU time are both given: on a
/// machine shared with other work, CPU time says what the importer itself costs, and the importing
/// thread's CPU time what bounds its wall clock on an idle machine (the output's blocks are written
/// on a second thread). `--keep` leaves the logs in the temporary directory
/// (`tracer-bench-import-mixed.txt`, `…-short.txt`).
///
/// - `import.*`: a 4 MiB block of varied lines (nine in ten change records, one in ten other
///   output), repeated.
/// - `import.short.*`: short change lines only, a few views with one or two properties each, every
///   line different (the trace is several times the log).
enum ImportBenchmark {
    static func run(_ arguments: [String]) -> [BenchFigure] {
        let runs = option("--runs", in: arguments, default: 3)
        let keep = arguments.contains("--keep")
        return measure(.mixed, megabytes: option("--megabytes", in: arguments, default: 1_000), runs: runs, keep: keep)
            + measure(.shortChanges, megabytes: option("--short-megabytes", in: arguments, default: 160), runs: runs, keep: keep)
    }

    /// The figures of one log shape, into `/dev/null` and into a file.
    private static func measure(_ shape: ConsoleLogGenerator.Shape, megabytes: Int, runs: Int, keep: Bool) -> [BenchFigure] {
        let name = shape == .mixed ? "mixed" : "short"
        let path = NSTemporaryDirectory() + (keep ? "tracer-bench-import-\(name).txt" : "tracer-bench-import-\(getpid()).txt")
        let tracePath = NSTemporaryDirectory() + "tracer-bench-import-\(getpid()).jsonl"
        defer {
            if !keep { unlink(path) }
            unlink(tracePath)
        }
        let (bytes, records) = ConsoleLogGenerator.write(shape, megabytes: megabytes, to: path)
        // NB: one untimed pass first, so every timed run reads from the page cache.
        _ = ParseBenchmark.lineCount(path)
        let prefix = shape == .mixed ? "import" : "import.short"
        var figures: [BenchFigure] = []
        // NB: `.file` writes a new trace each run (the previous one removed, untimed); `.replace`
        // writes over the previous run's, which adds the kernel's freeing of the old file.
        for (output, suffix, fresh) in [("/dev/null", "", false), (tracePath, ".file", true), (tracePath, ".replace", false)] {
            var traceBytes = 0
            let times = (0..<runs).map { _ in
                if fresh { unlink(output) }
                let (start, startCPU, startThread) = (nowNanoseconds(), cpuNanoseconds(), cpuNanoseconds(CLOCK_THREAD_CPUTIME_ID))
                var stream = try! FileOutputStream.create(path: output)
                let summary = try! TraceImporter.run(source: .file(path), into: &stream)
                try! stream.close()
                precondition(summary.records == records)
                traceBytes = stream.byteCount
                return (
                    wall: Double(nowNanoseconds() - start) / 1e9, cpu: Double(cpuNanoseconds() - startCPU) / 1e9,
                    thread: Double(cpuNanoseconds(CLOCK_THREAD_CPUTIME_ID) - startThread) / 1e9)
            }
            let seconds = median(times.map(\.wall))
            let into = output == "/dev/null" ? "into /dev/null" : fresh ? "into a new file" : "over the previous run's trace"
            figures += [
                BenchFigure(name: "\(prefix)\(suffix).mb_per_s", value: Double(bytes) / 1e6 / seconds, unit: "MB/s",
                            note: "console log of \(bytes / 1_000_000) MB, \(records) records, \(into) (\(traceBytes / 1_000_000) MB), median of \(runs)"),
                BenchFigure(name: "\(prefix)\(suffix).records_per_s", value: Double(records) / seconds, unit: "records/s"),
                BenchFigure(name: "\(prefix)\(suffix).cpu_mb_per_s", value: Double(bytes) / 1e6 / median(times.map(\.cpu)), unit: "MB/s",
                            note: "the same per second of process CPU time"),
                BenchFigure(name: "\(prefix)\(suffix).thread_cpu_mb_per_s", value: Double(bytes) / 1e6 / median(times.map(\.thread)), unit: "MB/s",
                            note: "the same per second of the importing thread's CPU time (a large trace is written on another)"),
            ]
        }
        return figures
    }
}

/// Writes a deterministic console log of one of two shapes.
enum ConsoleLogGenerator {
    enum Shape {
        /// A 4 MiB block of varied lines, repeated.
        case mixed
        /// Short change lines only: a few views, one or two properties each.
        case shortChanges
    }

    /// Writes about `megabytes` MB of `shape` to `path`; returns the bytes and change records written.
    static func write(_ shape: Shape, megabytes: Int, to path: String) -> (bytes: Int, records: Int) {
        let handle = fopen(path, "w")!
        defer { fclose(handle) }
        switch shape {
        case .mixed:
            let (block, blockRecords) = mixedBlock()
            let repeats = max(1, megabytes * 1_000_000 / block.utf8.count)
            for _ in 0..<repeats { _ = fputs(block, handle) }
            return (block.utf8.count * repeats, blockRecords * repeats)
        case .shortChanges:
            return writeShortChanges(megabytes: megabytes, to: handle)
        }
    }

    /// The Xcode console prefix of a line `micros` µs after the log's start.
    private static func stamp(_ micros: Int, thread: String) -> String {
        let minutes = 10 + micros / 60_000_000
        return "2025-05-01 \(12 + minutes / 60):\(String(format: "%02d:%02d.%06d", minutes % 60, micros / 1_000_000 % 60, micros % 1_000_000))"
            + "+0200 App[4242:\(thread)] "
    }

    /// 4 MiB of varied lines and the change records among them.
    private static func mixedBlock() -> (String, Int) {
        var random = SplitMix(seed: 11)
        let views = ["ContentView", "App.Screen.Row<Int>", "Row<Dictionary<String, Int>>", "Settings.Form", "ListView", "Cell<[String: Int]>"]
        let changes = ["@self", "@identity", "@dependencies", "_count", "_model", "_scrollOffset", "@self, _count", "@self, @identity, _number"]
        var block = ""
        var blockRecords = 0
        var micros = 0
        while block.utf8.count < 4 << 20 {
            micros += random.next(in: 0...2) * 8_333
            let stamp = stamp(micros, thread: random.next(in: 0...9) < 9 ? "1a03" : "2b7f")
            switch random.next(in: 0...9) {
            case 0: block += stamp + "Fetched \(random.next(in: 1...500)) items from the network\n"
            case 1: block += stamp + "\(views[random.next(in: 0...5)]): unchanged.\n"; blockRecords += 1
            default: block += stamp + "\(views[random.next(in: 0...5)]): \(changes[random.next(in: 0...7)]) changed.\n"; blockRecords += 1
            }
        }
        return (block, blockRecords)
    }

    /// Short change lines until `megabytes` MB: four views, each line naming one or two of its
    /// view's properties, a frame (8,333 µs) every few lines.
    private static func writeShortChanges(megabytes: Int, to handle: UnsafeMutablePointer<FILE>) -> (bytes: Int, records: Int) {
        var random = SplitMix(seed: 13)
        let views: [(name: String, properties: [String])] = [
            ("ContentView", ["_count", "_isOn"]), ("RowView", ["_title", "_value"]),
            ("Counter", ["_count", "_step"]), ("Toolbar", ["_selection", "_query"]),
        ]
        var bytes = 0
        var records = 0
        var micros = 0
        var chunk = ""
        while bytes < megabytes * 1_000_000 {
            if random.next(in: 0...3) == 0 { micros += 8_333 }
            let view = views[random.next(in: 0...3)]
            let first = random.next(in: 0...1)
            let changes = random.next(in: 0...2) == 0 ? "\(view.properties[first]), \(view.properties[1 - first])" : view.properties[first]
            let line = stamp(micros, thread: "1a03") + "\(view.name): \(changes) changed.\n"
            bytes += line.utf8.count
            records += 1
            chunk += line
            if chunk.utf8.count >= 1 << 16 {
                _ = fputs(chunk, handle)
                chunk = ""
            }
        }
        _ = fputs(chunk, handle)
        return (bytes, records)
    }
}
