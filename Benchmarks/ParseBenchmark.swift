#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TraceAnalysis

/// `tracer-bench parse [--events N] [--runs R]`: the trace reader and per-view aggregation
/// (`tracectl report`'s work) on a generated trace shaped like `gen_trace.py`'s, against one
/// `memchr` pass over the same bytes (what `wc -l` does) measured in the same run.
enum ParseBenchmark {
    static func run(_ arguments: [String]) -> [BenchFigure] {
        let events = option("--events", in: arguments, default: 2_000_000)
        let runs = option("--runs", in: arguments, default: 5)
        let path = NSTemporaryDirectory() + "tracer-bench-parse-\(getpid()).jsonl"
        defer { unlink(path) }
        let bytes = TraceGenerator.write(events: events, to: path)
        let megabytes = Double(bytes) / 1e6
        // NB: one untimed pass first, so every timed run reads from the page cache.
        let lines = lineCount(path)
        precondition(lines == events + 1, "the generated trace has a header and \(events) events")
        let analysis = median((0..<runs).map { _ in
            let start = nowNanoseconds()
            let summary = try! TraceAnalyzer.analyze(source: .file(path))
            precondition(summary.totals.events == events)
            return Double(nowNanoseconds() - start)
        })
        let scan = median((0..<runs).map { _ in
            let start = nowNanoseconds()
            _ = lineCount(path)
            return Double(nowNanoseconds() - start)
        })
        return [
            BenchFigure(name: "parse.mb_per_s", value: megabytes / (analysis / 1e9), unit: "MB/s",
                        note: "read + aggregate \(events) events (\(Int(megabytes)) MB), median of \(runs)"),
            BenchFigure(name: "parse.events_per_s", value: Double(events) / (analysis / 1e9), unit: "events/s"),
            BenchFigure(name: "parse.line_scan_mb_per_s", value: megabytes / (scan / 1e9), unit: "MB/s",
                        note: "one memchr pass over the same file (the wc -l floor)"),
            BenchFigure(name: "parse.time_vs_line_scan", value: analysis / scan, unit: "x"),
        ]
    }

    /// Lines in the file at `path`, counted with `memchr` over 1 MiB reads.
    static func lineCount(_ path: String) -> Int {
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 64)
        defer { buffer.deallocate() }
        var lines = 0
        while true {
            let got = read(descriptor, buffer, 1 << 20)
            guard got > 0 else { return lines }
            var cursor = buffer
            var left = got
            while let found = memchr(cursor, 0x0A, left) {
                lines += 1
                let consumed = cursor.distance(to: found) + 1
                cursor = found + 1
                left -= consumed
            }
        }
    }
}

/// Writes a deterministic synthetic trace: transactions of a write, its invalidation, the owner's
/// body evaluation and a fan-out of child evaluations and skips (as `gen_trace.py` does).
enum TraceGenerator {
    /// Writes a header and `events` events to `path`; returns the bytes written.
    static func write(events: Int, to path: String) -> Int {
        var random = SplitMix(seed: 7)
        let owners = ["MyView", "MyView/Content", "MyView/Content/List", "Settings/Form"]
        let props = ["scrollContentOffset", "isNavigationBarVisible", "selectedItem", "query"]
        let wrappers = ["State", "State", "ViewStorage", "Published"]
        var text = #"{"kind":"meta","schema":"tracer/1","tool":"tracer-bench","scenario":"synthetic","variant":"state","unit":"ns","pid":1}"# + "\n"
        var (seq, ts, tx) = (0, 0, 0)
        func emit(_ body: String) -> Int {
            seq += 1
            ts += random.next(in: 50...4000)
            text += "{\"seq\":\(seq),\"ts\":\(ts),\"tid\":1,\(body)}\n"
            return seq
        }
        while seq < events {
            tx += 1
            let owner = owners[random.next(in: 0...3)]
            let write = emit(#""tx":\#(tx),"kind":"write","view":"\#(owner)","prop":"\#(props[random.next(in: 0...3)])","wrapper":"\#(wrappers[random.next(in: 0...3)])","changed":\#(random.next(in: 0...9) < 9),"site":"Screens/\#(owner.split(separator: "/").last!).swift:\#(random.next(in: 5...300))""#)
            guard seq < events else { break }
            let invalidation = emit(#""tx":\#(tx),"kind":"invalidate","view":"\#(owner)","cause":\#(write)"#)
            guard seq < events else { break }
            let body = emit(#""tx":\#(tx),"kind":"body-eval","view":"\#(owner)","cause":\#(invalidation),"reason":"state","dur":\#(random.next(in: 800...90000)),"changed":\#(random.next(in: 0...3))"#)
            for _ in 0..<random.next(in: 1...6) where seq < events {
                let child = "\(owner)/Row[\(random.next(in: 0...499))]"
                if random.next(in: 0...9) < 6 {
                    _ = emit(#""tx":\#(tx),"kind":"skip","view":"\#(child)","cause":\#(body),"reason":"inputs-equal""#)
                } else {
                    _ = emit(#""tx":\#(tx),"kind":"body-eval","view":"\#(child)","cause":\#(body),"reason":"inputs-changed","dur":\#(random.next(in: 300...20000)),"changed":\#(random.next(in: 0...2))"#)
                }
            }
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            FileHandle.standardError.write(Data("tracer-bench: cannot write the generated trace to \(path)\n".utf8))
            exit(1)
        }
        return text.utf8.count
    }
}

/// A small deterministic generator (SplitMix64).
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A number in `range`.
    mutating func next(in range: ClosedRange<Int>) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        return range.lowerBound + Int(mixed % UInt64(range.count))
    }
}
