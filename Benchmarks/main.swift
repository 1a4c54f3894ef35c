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
]

guard let suite = arguments.first, suite == "all" || suites[suite] != nil else {
    let names = (suites.keys.sorted() + ["all"]).joined(separator: "|")
    print("usage: tracer-bench \(names) [options]")
    exit(2)
}
let chosen = suite == "all" ? suites.keys.sorted() : [suite]
var figures: [BenchFigure] = []
for name in chosen {
    figures += suites[name]!(Array(arguments.dropFirst()))
}
BenchFigure.printTable(figures)
