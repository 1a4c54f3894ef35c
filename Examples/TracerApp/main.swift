#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Tracer

/// A small app written against Tracer's runtime: a stopwatch that ticks at 120 Hz and records
/// laps. It records wherever `TRACER_OUTPUT` says (nothing when unset), as an instrumented app would.
///
/// `tracer-app [--frames N] [--rate HZ] [--lap-every N]`. The trace shows a classic waste:
/// `ElapsedLabel` is re-evaluated on every tick although its text changes once a second.

/// The ticking model: every tick is `@Published`, so every tick invalidates the screen.
final class Stopwatch: ObservableObject {
    @Published var ticks = 0
}

/// The screen: the elapsed time, a Lap button and the laps so far.
struct StopwatchScreen: View {
    @ObservedObject var stopwatch: Stopwatch
    @State private var laps: [Int] = []

    var body: some View {
        VStack {
            ElapsedLabel(ticks: stopwatch.ticks)
            Button("Lap") { laps.append(stopwatch.ticks) }
            LapList(laps: laps)
        }
    }
}

/// Whole seconds elapsed: its input changes on every tick, its output once a second.
struct ElapsedLabel: View {
    let ticks: Int

    var body: some View {
        Text("\(ticks / 120) s")
    }
}

/// The laps: skipped while no lap is added.
struct LapList: View {
    let laps: [Int]

    var body: some View {
        List {
            ForEach(laps, id: \.self) { lap in Text("Lap at \(lap / 120) s") }
        }
    }
}

/// Reads the options, or exits with status 2 and a clear message.
func options() -> (frames: Int, rate: Int, lapEvery: Int) {
    var result = (frames: 600, rate: 0, lapEvery: 60)
    var arguments = CommandLine.arguments.dropFirst().makeIterator()
    func number(after option: String) -> Int {
        guard let text = arguments.next(), let value = Int(text), value >= 0 else {
            FileHandle.standardError.write(Data("tracer-app: \(option) expects a whole number\n".utf8))
            exit(2)
        }
        return value
    }
    while let argument = arguments.next() {
        switch argument {
        case "--frames": result.frames = number(after: argument)
        case "--rate": result.rate = number(after: argument)
        case "--lap-every": result.lapEvery = max(number(after: argument), 1)
        default:
            FileHandle.standardError.write(Data("tracer-app: unknown argument '\(argument)'\n".utf8))
            exit(2)
        }
    }
    return result
}

let (frames, rate, lapEvery) = options()
let stopwatch = Stopwatch()
let graph = ViewGraph(recorder: TraceRecorder.shared)
graph.mount(StopwatchScreen(stopwatch: stopwatch))
for frame in 1...max(frames, 1) {
    // NB: the app's timer ticks the model, then the run loop turns: one frame.
    stopwatch.ticks += 1
    graph.flush()
    if frame % lapEvery == 0 {
        do { try graph.tap(buttonTitled: "Lap") } catch { fatalError("the Lap button is mounted: \(error)") }
    }
    if rate > 0 { usleep(UInt32(1_000_000 / rate)) }
}
