#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// `tracer-bench why --trace FILE [--view GLOB] [--rounds R]`: `tracectl why` on every view of a
/// trace (`'**'`) against `tracectl report` on the same trace, in the same format, each a child
/// process (built beside `tracer-bench`) with its output to `/dev/null`.
///
/// Each round runs every command once, in a fixed order, so that a burst of load on the machine
/// falls on all of them; a command's ratio is its time over `report`'s in the same round. Figures
/// are medians of the rounds, the min–max in the note. `--view` adds a one-view glob (json), the
/// same read without counting or writing the other views' paths.
enum WhyBenchmark {
    /// A command measured: its figure name, its `tracectl` arguments (`TRACE` stands for the file),
    /// and the figure of the `report` it is compared with (nil for a `report`).
    struct Command {
        var name: String
        var arguments: [String]
        var baseline: String?
    }

    /// The commands, in the order each round runs them (`report`s first).
    static func commands(view: String?) -> [Command] {
        [
            Command(name: "report.text", arguments: ["report", "TRACE"]),
            Command(name: "report.json", arguments: ["report", "TRACE", "--format", "json"]),
            Command(name: "every_view.text", arguments: ["why", "TRACE", "**"], baseline: "report.text"),
            Command(name: "every_view.json", arguments: ["why", "TRACE", "**", "--format", "json"], baseline: "report.json"),
            Command(name: "every_view.top1.text", arguments: ["why", "TRACE", "**", "--top", "1"], baseline: "report.text"),
        ] + (view.map { [Command(name: "one_view.json", arguments: ["why", "TRACE", $0, "--format", "json"], baseline: "report.json")] } ?? [])
    }

    static func run(_ arguments: [String]) -> [BenchFigure] {
        let rounds = option("--rounds", in: arguments, default: 7)
        guard let tracePath = textOption("--trace", in: arguments) else {
            FileHandle.standardError.write(Data("tracer-bench why: --trace FILE is required (e.g. python3 gen_trace.py 2000000 > FILE)\n".utf8))
            exit(2)
        }
        let tracectl = MeasuredChild.builtTracectl()
        // NB: one untimed pass first, so every timed run reads from the page cache.
        _ = ParseBenchmark.lineCount(tracePath)
        let commands = commands(view: textOption("--view", in: arguments))
        var seconds: [String: [Double]] = [:]
        var peaks: [String: [Double]] = [:]
        var ratios: [String: [Double]] = [:]
        for _ in 0..<rounds {
            var thisRound: [String: Double] = [:]
            for command in commands {
                let child = MeasuredChild.tracectl(tracectl, command.arguments.map { $0 == "TRACE" ? tracePath : $0 })
                thisRound[command.name] = child.wall
                seconds[command.name, default: []].append(child.wall)
                peaks[command.name, default: []].append(child.peakMB)
                if let baseline = command.baseline, let base = thisRound[baseline] { ratios[command.name, default: []].append(child.wall / base) }
            }
        }
        return commands.flatMap { command in
            var figures = [
                BenchFigure(name: "why.\(command.name)_s", value: median(seconds[command.name]!), unit: "s", note: spread(seconds[command.name]!, rounds)),
                BenchFigure(name: "why.\(command.name)_peak_mb", value: median(peaks[command.name]!), unit: "MB", note: spread(peaks[command.name]!, rounds)),
            ]
            if let baseline = command.baseline, let values = ratios[command.name] {
                figures.append(BenchFigure(name: "why.\(command.name)_x_report", value: median(values), unit: "×", note: spread(values, rounds) + " of \(baseline)"))
            }
            return figures
        }
    }

    /// "min–max, R rounds" of `values`.
    static func spread(_ values: [Double], _ rounds: Int) -> String {
        "\(BenchFigure.format(values.min()!))–\(BenchFigure.format(values.max()!)), \(rounds) rounds"
    }
}
