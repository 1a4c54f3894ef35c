#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Tracer

/// `tracer-bench values [--writes N] [--rounds R]`: ns per recorded write on the writing thread,
/// with values off and with values on for a small value, opted-in arrays of 100 and 10,000
/// elements and opted-in strings of 1 KB and 1 MB (describing is bounded: the large ones cost
/// what the small ones do).
///
/// Each write does what a `@State` write adds to the user's code: describing the old and new
/// values (only when the recorder records values) and recording the event.
enum ValuesBenchmark {
    static func run(_ arguments: [String]) -> [BenchFigure] {
        let writes = option("--writes", in: arguments, default: 20_000)
        let rounds = max(option("--rounds", in: arguments, default: 7), 5)
        let arrays = { (count: Int) in (Array(0..<count), Array(1...count)) }
        let strings = { (bytes: Int) in (String(repeating: "ab", count: bytes / 2), String(repeating: "ba", count: bytes / 2)) }
        let (array100, otherArray100) = arrays(100), (array10k, otherArray10k) = arrays(10_000)
        let (string1k, otherString1k) = strings(1_000), (string1m, otherString1m) = strings(1_000_000)
        return [
            figure("values.off_ns_per_write", "values off, Int", writes, rounds, values: false, 1, 2, .allowedTypes),
            figure("values.small_ns_per_write", "values on, Int", writes, rounds, values: true, 1, 2, .allowedTypes),
            figure("values.array100_ns_per_write", "values on, opted-in 100-element [Int]", writes, rounds, values: true,
                   array100, otherArray100, .recorded),
            figure("values.array10k_ns_per_write", "values on, opted-in 10,000-element [Int]", writes, rounds, values: true,
                   array10k, otherArray10k, .recorded),
            figure("values.string1kb_ns_per_write", "values on, opted-in 1 KB String", writes, rounds, values: true,
                   string1k, otherString1k, .recorded),
            figure("values.string1mb_ns_per_write", "values on, opted-in 1 MB String", writes, rounds, values: true,
                   string1m, otherString1m, .recorded),
        ]
    }

    /// The median ns per write of `rounds` rounds of `writes` writes alternating between `first`
    /// and `second`, with the min–max in the note.
    private static func figure<Value>(
        _ name: String, _ what: String, _ writes: Int, _ rounds: Int, values: Bool, _ first: Value, _ second: Value,
        _ recording: ValueRecording
    ) -> BenchFigure {
        let recorder = TraceRecorder(sink: FileDescriptorSink(descriptor: open("/dev/null", O_WRONLY), ownsDescriptor: true), values: values)
        defer { recorder.close() }
        let view = recorder.intern("MyView"), prop = recorder.intern("value"), site = recorder.intern("Values.swift:1")
        let perWrite = (0..<rounds).map { _ in
            recorder.flush()
            let start = nowNanoseconds()
            for index in 0..<writes {
                let (old, new) = index % 2 == 0 ? (first, second) : (second, first)
                let event = TraceEvent.write(view: view, prop: prop, wrapper: .state, changed: true, site: site, tx: UInt64(index))
                // NB: as `NodeStorage.write` does: describe only when the recorder records values.
                let described = recorder.recordsValues ? ValueDescriber.values(old: old, new: new, recording: recording) : .none
                recorder.record(event, values: described)
            }
            return Double(nowNanoseconds() - start) / Double(writes)
        }.sorted()
        return BenchFigure(
            name: name, value: median(perWrite), unit: "ns",
            note: "\(what); min–max \(BenchFigure.format(perWrite.first!))–\(BenchFigure.format(perWrite.last!)), \(rounds) rounds of \(writes)")
    }
}
