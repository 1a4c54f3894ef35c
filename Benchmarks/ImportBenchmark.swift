#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TraceAnalysis
import TraceImport

/// `tracer-bench import [--megabytes N] [--runs R]`: `tracectl import` of a generated Xcode-style
/// console log (`_printChanges()` lines with timestamp and process prefixes among other output),
/// the trace written to `/dev/null`. Wall-clock and CPU time are both given: on a machine shared
/// with other work, CPU time says what the importer itself costs.
enum ImportBenchmark {
    static func run(_ arguments: [String]) -> [BenchFigure] {
        let megabytes = option("--megabytes", in: arguments, default: 1_000)
        let runs = option("--runs", in: arguments, default: 3)
        let path = NSTemporaryDirectory() + "tracer-bench-import-\(getpid()).txt"
        defer { unlink(path) }
        let (bytes, records) = ConsoleLogGenerator.write(megabytes: megabytes, to: path)
        // NB: one untimed pass first, so every timed run reads from the page cache.
        _ = ParseBenchmark.lineCount(path)
        let times = (0..<runs).map { _ in
            let (start, startCPU) = (nowNanoseconds(), cpuNanoseconds())
            var output = try! FileOutputStream.create(path: "/dev/null")
            let summary = try! TraceImporter.run(source: .file(path), into: &output)
            try! output.close()
            precondition(summary.records == records)
            return (wall: Double(nowNanoseconds() - start) / 1e9, cpu: Double(cpuNanoseconds() - startCPU) / 1e9)
        }
        let seconds = median(times.map(\.wall))
        return [
            BenchFigure(name: "import.mb_per_s", value: Double(bytes) / 1e6 / seconds, unit: "MB/s",
                        note: "console log of \(bytes / 1_000_000) MB, \(records) records, median of \(runs)"),
            BenchFigure(name: "import.records_per_s", value: Double(records) / seconds, unit: "records/s"),
            BenchFigure(name: "import.cpu_mb_per_s", value: Double(bytes) / 1e6 / median(times.map(\.cpu)), unit: "MB/s",
                        note: "the same per second of process CPU time"),
        ]
    }
}

/// Writes a deterministic console log: a 4 MiB block of varied lines, repeated.
enum ConsoleLogGenerator {
    /// Writes about `megabytes` MB to `path`; returns the bytes and change records written.
    static func write(megabytes: Int, to path: String) -> (bytes: Int, records: Int) {
        var random = SplitMix(seed: 11)
        let views = ["ContentView", "App.Screen.Row<Int>", "Row<Dictionary<String, Int>>", "Settings.Form", "ListView", "Cell<[String: Int]>"]
        let changes = ["@self", "@identity", "@dependencies", "_count", "_model", "_scrollOffset", "@self, _count", "@self, @identity, _number"]
        var block = ""
        var blockRecords = 0
        var micros = 0
        while block.utf8.count < 4 << 20 {
            micros += random.next(in: 0...2) * 8_333
            let stamp = "2025-05-01 12:\(10 + micros / 60_000_000):\(String(format: "%02d.%06d", micros / 1_000_000 % 60, micros % 1_000_000))+0200 App[4242:\(random.next(in: 0...9) < 9 ? "1a03" : "2b7f")] "
            switch random.next(in: 0...9) {
            case 0: block += stamp + "Fetched \(random.next(in: 1...500)) items from the network\n"
            case 1: block += stamp + "\(views[random.next(in: 0...5)]): unchanged.\n"; blockRecords += 1
            default: block += stamp + "\(views[random.next(in: 0...5)]): \(changes[random.next(in: 0...7)]) changed.\n"; blockRecords += 1
            }
        }
        let repeats = max(1, megabytes * 1_000_000 / block.utf8.count)
        let handle = fopen(path, "w")!
        defer { fclose(handle) }
        for _ in 0..<repeats { _ = fputs(block, handle) }
        return (block.utf8.count * repeats, blockRecords * repeats)
    }
}
