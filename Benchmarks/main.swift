#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `tracer-bench SUITE [options]`: release-mode measurements with peers measured in the same run.
let arguments = Array(CommandLine.arguments.dropFirst())
let suites: [String: ([String]) -> [BenchFigure]] = [
    "adapter": AdapterBenchmark.run,
    "emit": EmitBenchmark.run,
    "import": ImportBenchmark.run,
    "import-xctrace": XctraceImportBenchmark.run,
    "parse": ParseBenchmark.run,
    "runtime": RuntimeBenchmark.run,
    "scale": ScaleBenchmark.run,
    "values": ValuesBenchmark.run,
    "why": WhyBenchmark.run,
]

guard let suite = arguments.first, suite == "all" || suites[suite] != nil else {
    let names = (suites.keys.sorted() + ["all"]).joined(separator: "|")
    print("usage: tracer-bench \(names) [options]")
    exit(2)
}
/// The suites that read a file the user names (`why --trace FILE`): `all` leaves them out.
let suitesNeedingInput: Set<String> = ["why"]
let chosen = suite == "all" ? suites.keys.sorted().filter { !suitesNeedingInput.contains($0) } : [suite]
var figures: [BenchFigure] = []
for name in chosen {
    figures += suites[name]!(Array(arguments.dropFirst()))
}
BenchFigure.printTable(figures)
