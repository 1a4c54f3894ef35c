import Foundation
import Tracer

/// One measured figure: printed in the table and as a machine-readable `BENCH name value` line.
struct BenchFigure {
    var name: String
    var value: Double
    var unit: String
    var note: String = ""

    /// Prints an aligned table, then one `BENCH name value` line per figure.
    static func printTable(_ figures: [BenchFigure]) {
        let width = max(figures.map(\.name.count).max() ?? 0, 6)
        print("figure".padding(toLength: width + 2, withPad: " ", startingAt: 0) + "value".leftPad(14) + "  unit      note")
        for figure in figures {
            print(figure.name.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                + format(figure.value).leftPad(14) + "  " + figure.unit.padding(toLength: 8, withPad: " ", startingAt: 0)
                + "  " + figure.note)
        }
        for figure in figures { print("BENCH \(figure.name) \(format(figure.value))") }
    }

    static func format(_ value: Double) -> String {
        if value >= 1000 || value == value.rounded() { return String(Int(value.rounded())) }
        let scaled = (value * 100).rounded() / 100
        return String(scaled)
    }
}

extension String {
    func leftPad(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}

/// Wall-clock nanoseconds on the monotonic clock.
func nowNanoseconds() -> UInt64 {
    TraceClock.monotonicNow()
}

/// CPU time `clock` has counted (this process's, or with `CLOCK_THREAD_CPUTIME_ID` the calling
/// thread's), in nanoseconds: what work costs on a machine busy with other processes.
func cpuNanoseconds(_ clock: clockid_t = CLOCK_PROCESS_CPUTIME_ID) -> UInt64 {
    var time = timespec()
    clock_gettime(clock, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// The median of `values`.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

/// The integer value of `--name N` in `arguments`, or `fallback`.
func option(_ name: String, in arguments: [String], default fallback: Int) -> Int {
    textOption(name, in: arguments).flatMap { Int($0) } ?? fallback
}

/// The text after `name` in `arguments`, or nil.
func textOption(_ name: String, in arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
