#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// `tracer-bench scale [--views N] [--runs R]`: `tracectl` on traces of many distinct views (a long
/// list scrolled through, each row `Root/List/Row[i]` evaluated once), the way a user runs it: a
/// child `tracectl` process (built beside `tracer-bench`), its output to `/dev/null`, timed wall
/// clock, its peak resident memory from `wait4`. Without `--views`: 100,000 and 1,000,000 views.
enum ScaleBenchmark {
    /// The commands measured, by figure name; `TRACE` and `BUDGET` stand for the files.
    static let commands: [(name: String, arguments: [String])] = [
        ("report", ["report", "TRACE", "--format", "json"]),
        ("check", ["check", "TRACE", "--budget", "BUDGET"]),
        ("flame", ["flame", "TRACE", "--format", "folded"]),
        ("export", ["export", "TRACE", "--format", "chrome"]),
        ("graph", ["graph", "TRACE", "--top", "50"]),
        ("why", ["why", "TRACE", "Root/List/Row[7]", "--format", "json"]),
    ]

    /// A budget with a glob rule over every row, a whole-trace rule and one row's rule.
    static let budget = """
        {"schema": "tracer-budget/1", "rules": [
          {"view": "Root/List/*", "metric": "body-evals", "max": 10},
          {"view": "**", "metric": "total-body-evals", "max": 100000000},
          {"view": "Root/List/Row[7]", "metric": "body-time-p95", "max": "1ms", "level": "warn"}
        ]}
        """

    static func run(_ arguments: [String]) -> [BenchFigure] {
        let runs = option("--runs", in: arguments, default: 3)
        let counts = arguments.contains("--views") ? [option("--views", in: arguments, default: 1_000_000)] : [100_000, 1_000_000]
        let tracectl = MeasuredChild.builtTracectl()
        let directory = NSTemporaryDirectory() + "tracer-bench-scale-\(getpid())"
        mkdir(directory, 0o700)
        let budgetPath = directory + "/budget.json"
        defer {
            unlink(budgetPath)
            rmdir(directory)
        }
        guard FileManager.default.createFile(atPath: budgetPath, contents: Data(budget.utf8)) else { exit(1) }
        var figures: [BenchFigure] = []
        for views in counts {
            let tracePath = directory + "/views-\(views).jsonl"
            defer { unlink(tracePath) }
            let bytes = writeTrace(views: views, to: tracePath)
            _ = ParseBenchmark.lineCount(tracePath)
            let label = views >= 1_000_000 && views % 1_000_000 == 0 ? "\(views / 1_000_000)m" : "\(views / 1000)k"
            for command in commands {
                let arguments = command.arguments.map { $0 == "TRACE" ? tracePath : $0 == "BUDGET" ? budgetPath : $0 }
                // NB: exit 1 is a budget exceeded, a result of `check` like any other.
                let measured = (0..<runs).map { _ in MeasuredChild.tracectl(tracectl, arguments, expected: 0...1) }
                let note = "\(views) views (\(bytes / 1_000_000) MB), median of \(runs)"
                figures.append(BenchFigure(name: "scale.\(label).\(command.name)_s", value: median(measured.map(\.wall)), unit: "s", note: note))
                figures.append(BenchFigure(name: "scale.\(label).\(command.name)_peak_mb", value: median(measured.map(\.peakMB)), unit: "MB"))
            }
        }
        return figures
    }

    /// Writes a header and one body evaluation of each of `views` distinct rows; returns the bytes.
    static func writeTrace(views: Int, to path: String) -> Int {
        let handle = fopen(path, "w")!
        defer { fclose(handle) }
        var bytes = 0
        func put(_ line: String) {
            bytes += line.utf8.count
            _ = fputs(line, handle)
        }
        put(#"{"kind":"meta","schema":"tracer/1","tool":"tracer-bench","scenario":"scale","variant":"state","unit":"ns","pid":1}"# + "\n")
        var random = SplitMix(seed: 5)
        for row in 0..<views {
            let seq = row + 1
            put(#"{"seq":\#(seq),"ts":\#(seq * 1000),"tid":1,"tx":\#(seq),"kind":"body-eval","view":"Root/List/Row[\#(row)]","reason":"inputs-changed","dur":\#(random.next(in: 300...20000)),"changed":1}"# + "\n")
        }
        return bytes
    }
}
