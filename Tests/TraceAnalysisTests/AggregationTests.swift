import Foundation
import Testing
@testable import TraceAnalysis
@testable import TraceFormat
import TracerTestSupport
import TraceSupport

@Suite("TraceAnalysis aggregation", .temporaryDirectory)
struct AggregationTests {
    static func basic() throws -> TraceSummary {
        try TraceAnalyzer.analyze(source: .file(TestSupport.traces.appendingPathComponent("analysis-basic.jsonl").path))
    }

    @Test("counts per view")
    func counts() throws {
        let summary = try Self.basic()
        let screen = try #require(summary.stats(for: "Screen"))
        #expect(screen.bodyEvals == 3)
        #expect(screen.wastedEvals == 2)
        #expect(screen.invalidations == 2)
        #expect(screen.writes == 2)
        #expect(screen.writesByWrapper == ["State": 2])
        #expect(screen.writesByProperty == [OriginCount(origin: WriteOrigin(view: "Screen", prop: "scrollOffset", wrapper: "State", site: "Screen.swift:12"), count: 2)])
        let header = try #require(summary.stats(for: "Screen/Header"))
        #expect(header.bodyEvals == 1)
        #expect(header.skips == 2)
        let list = try #require(summary.stats(for: "Screen/List"))
        #expect(list.writes == 2)
        #expect(list.writesByWrapper == ["ViewStorage": 1, "Published": 1])
        #expect(summary.views.map(\.view) == ["Screen", "Screen/Header", "Screen/List", "Screen/List/Row[1]"])
    }

    @Test("causes follow chains to the root write")
    func causes() throws {
        let summary = try Self.basic()
        let scroll = WriteOrigin(view: "Screen", prop: "scrollOffset", wrapper: "State", site: "Screen.swift:12")
        let model = WriteOrigin(view: "Screen/List", prop: "model", wrapper: "Published", site: "List.swift:9")
        #expect(summary.stats(for: "Screen")?.causes == [OriginCount(origin: scroll, count: 2)])
        #expect(summary.stats(for: "Screen/List/Row[1]")?.causes == [OriginCount(origin: scroll, count: 2), OriginCount(origin: model, count: 1)])
        // Two writes of scrollOffset led to 4 evaluations (Screen twice, Row[1] twice).
        #expect(summary.stats(for: "Screen")?.evalsCausedByWrites == 4)
        #expect(summary.stats(for: "Screen")?.evalsPerWrite == 2)
        // The initial evaluation has no cause; Header's initial eval is caused by it, but no write.
        #expect(summary.stats(for: "Screen/Header")?.causes == [])
    }

    @Test("percentiles are exact nearest-rank for small traces")
    func percentiles() throws {
        let summary = try Self.basic()
        let row = try #require(summary.stats(for: "Screen/List/Row[1]")?.bodyTime)
        // Samples 2000, 4000, 1000.
        #expect(row == DurationStats(count: 3, total: 7000, mean: 2333, p50: 2000, p95: 4000, max: 4000, exact: true))
        let accumulator = Self.accumulator((1...100).reversed().map { Int64($0) })
        #expect(accumulator.stats.p50 == 50)
        #expect(accumulator.stats.p95 == 95)
    }

    /// The durations `values`, gathered as the aggregator gathers a view's.
    static func accumulator(_ values: [Int64]) -> DurationAccumulator {
        let table = DurationTable()
        for value in values { table.add(value, for: 1) }
        return table.accumulator(for: 1)
    }

    @Test("a duration table keeps each id's durations apart, exact up to the limit, then a histogram")
    func durationTable() {
        let table = DurationTable()
        let many = DurationAccumulator.exactLimit + 904
        for value in 1...many {
            table.add(Int64(value), for: 1)
            if value <= 3 { table.add(Int64([7, 3, 5][value - 1]), for: 3) }
        }
        table.add(-5, for: 4)
        let large = table.accumulator(for: 1).stats
        #expect(large.count == many && large.total == Int64(many * (many + 1) / 2) && large.max == Int64(many))
        #expect(!large.exact)
        #expect(abs(Double(large.p50) / Double(many / 2) - 1) < 0.04)
        #expect(table.accumulator(for: 3).stats == DurationStats(count: 3, total: 15, mean: 5, p50: 5, p95: 7, max: 7, exact: true))
        #expect(table.accumulator(for: 4).stats == DurationStats(count: 1, total: 0, mean: 0, p50: 0, p95: 0, max: 0, exact: true))
        #expect(table.accumulator(for: 2).count == 0)
        #expect(table.accumulator(for: 10_000).count == 0)
    }

    @Test("a view's 32-bit count that wraps is reported, and the carried 2^32 makes it exact again")
    func narrowCountsCarry() {
        var lanes = SIMD8<UInt32>()
        lanes[Metric.writes.rawValue] = .max - 1
        var counts = NarrowCounts(lanes: lanes)
        let steps = [counts.increment(.writes), counts.increment(.bodyEvals), counts.increment(.writes)]
        #expect(steps == [true, true, false])
        var carried = CountVector()
        carried[.writes] = 1 << 32
        let widened = counts.widened(carried: carried)
        #expect(widened.counts[.writes] == 1 << 32 && widened.counts[.bodyEvals] == 1 && widened.hasEvents)
        #expect(counts.widened(carried: nil).counts[.writes] == 0)
    }

    /// Sample shapes for the radix selection: sorted, reversed, all equal, few distinct values, an
    /// organ pipe, pseudo-random, and values spread over the whole `Int64` range (a round per
    /// byte); each of several lengths.
    static let sampleShapes: [(name: String, values: [Int64])] = [1, 2, 17, 100, 1001, 4096].flatMap(shapes)

    private static func shapes(count: Int) -> [(name: String, values: [Int64])] {
        let indices: [Int64] = (0..<Int64(count)).map { $0 }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(count)
        let random: [Int64] = indices.map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int64(state >> 40)
        }
        let organPipe: [Int64] = indices.map { min($0, Int64(count) - 1 - $0) }
        let wide: [Int64] = random.map { $0 << 39 | $0 >> 7 }
        return [
            ("sorted \(count)", indices),
            ("reversed \(count)", indices.reversed()),
            ("equal \(count)", Array(repeating: 7, count: count)),
            ("three values \(count)", indices.map { $0 % 3 }),
            ("organ pipe \(count)", organPipe),
            ("random \(count)", random),
            ("wide \(count)", wide),
        ]
    }

    @Test("exact percentiles are the nearest-rank samples of a sort", arguments: sampleShapes)
    func exactPercentilesMatchSort(_ name: String, _ values: [Int64]) {
        let accumulator = Self.accumulator(values)
        let sorted = values.sorted()
        let rank50 = max(1, Int((0.5 * Double(values.count)).rounded(.up)))
        let rank95 = max(1, Int((0.95 * Double(values.count)).rounded(.up)))
        let stats = accumulator.stats
        #expect(stats.exact)
        #expect(stats.p50 == sorted[rank50 - 1], "\(name)")
        #expect(stats.p95 == sorted[rank95 - 1], "\(name)")
        #expect(stats.max == sorted.last, "\(name)")
    }

    @Test("beyond the exact limit, percentiles come from the histogram within 4 %")
    func histogramPercentiles() {
        let count = DurationAccumulator.exactLimit * 3
        let accumulator = Self.accumulator((1...count).map { Int64($0 * 1000) })
        let stats = accumulator.stats
        #expect(!stats.exact)
        #expect(stats.max == Int64(count * 1000))
        #expect(abs(Double(stats.p50) / Double(count * 500) - 1) < 0.04)
        #expect(abs(Double(stats.p95) / Double(count * 950) - 1) < 0.04)
    }

    @Test("table memory is zeroed and writable, below and above the huge-page size",
          arguments: [64, 4096, (2 << 20) - 8, 2 << 20, (16 << 20) + 16])
    func zeroedMemory(byteCount: Int) {
        let memory = ZeroedMemory.allocate(byteCount: byteCount)
        defer { ZeroedMemory.deallocate(memory, byteCount: byteCount) }
        let words = memory.bindMemory(to: UInt64.self, capacity: byteCount / 8)
        var nonZero = 0
        for index in 0..<byteCount / 8 where words[index] != 0 { nonZero += 1 }
        #expect(nonZero == 0)
        for index in 0..<byteCount / 8 { words[index] = UInt64(index) }
        #expect(words[byteCount / 8 - 1] == UInt64(byteCount / 8 - 1))
    }

    @Test("totals, kind counts and mark intervals")
    func marks() throws {
        let summary = try Self.basic()
        #expect(summary.header?.scenario == "scroll-offset")
        #expect(summary.header?.variant == "state")
        #expect(summary.totals.events == 22)
        #expect(summary.totals.bodyEvals == 8)
        #expect(summary.totals.wastedEvals == 3)
        #expect(summary.totals.bodyTimeNs == 31000)
        #expect(summary.kindCounts["body-eval"] == 8)
        #expect(summary.kindCounts["meta"] == 1)
        #expect(summary.unknownKinds == ["gesture": 2])
        #expect(summary.marks.map(\.name) == ["scroll-start", "tap"])
        #expect(summary.beforeFirstMark.events == 3)
        #expect(summary.marks[0].counters.events == 12)
        #expect(summary.marks[0].counters.bodyEvals == 4)
        #expect(summary.marks[1].counters.writes == 2)
        #expect(summary.marks[1].ts == 3000)
    }

    @Test("counts match the orjson peer's notion on a synthetic trace")
    func peerCounts() throws {
        let text = TestSupport.syntheticTrace(transactions: 500)
        let summary = try TestSupport.analyze(text)
        var expected: [String: [Int]] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            guard let index = ["write", "invalidate", "body-eval", "skip"].firstIndex(of: object["kind"] as! String) else { continue }
            expected[object["view"] as! String, default: [0, 0, 0, 0, 0]][index] += 1
            if index == 2 && (object["changed"] as! Int) == 0 { expected[object["view"] as! String]![4] += 1 }
        }
        let actual = Dictionary(uniqueKeysWithValues: summary.views.map {
            ($0.view, [$0.writes, $0.invalidations, $0.bodyEvals, $0.skips, $0.wastedEvals])
        })
        #expect(actual == expected)
    }

    @Test("a two-thread parse equals a one-thread parse")
    func splitEqualsSingle() throws {
        let path = try TestSupport.temporaryTrace(TestSupport.syntheticTrace(transactions: 20_000))
        let single = try TraceAnalyzer.analyze(source: .file(path), options: .init(read: TraceReadOptions(threads: 1)))
        let split = try TraceAnalyzer.analyze(source: .file(path), options: .init(read: TraceReadOptions(threads: 2), minimumSplitSize: 1))
        #expect(single.lineCount > 100_000)
        #expect(split == single)
        let descriptor = try TraceReader.open(path)
        defer { close(descriptor) }
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as! NSNumber).intValue
        #expect(TraceAnalyzer.transactionBoundary(descriptor: descriptor, near: size / 2, end: size, displayName: path) != nil)
    }

    @Test("pieces taken over by a thread that is done merge to the one-thread parse, marks included")
    func stolenPiecesEqualSingle() throws {
        let path = try TestSupport.temporaryTrace(TestSupport.syntheticTrace(transactions: 20_000))
        let single = try TraceAnalyzer.analyze(
            source: .file(path), options: .init(read: TraceReadOptions(threads: 1), markViews: .countsAndBodyTimes))
        // NB: with a 1-byte minimum, a thread that is done takes half of any rest: a run splits the
        // trace into many pieces, wherever the threads happen to be.
        let options = TraceAnalyzer.AnalysisOptions(
            read: TraceReadOptions(threads: 2), minimumSplitSize: 1, minimumStolenSize: 1, markViews: .countsAndBodyTimes)
        for _ in 0..<5 {
            #expect(try TraceAnalyzer.analyze(source: .file(path), options: options) == single)
        }
    }

    @Test("a read range is given away only beyond what its reader has reserved")
    func readRangeHandOver() {
        let range = ReadRange(start: 100, end: 200)
        #expect(range.reserve(from: 100, count: 30) == 30)
        #expect(range.cede(from: 120) == nil)
        #expect(range.cede(from: 200) == nil)
        #expect(range.cede(from: 150) == 200)
        #expect(range.snapshot.end == 150 && range.snapshot.reserved == 130)
        #expect(range.reserve(from: 130, count: 100) == 20)
        #expect(range.reserve(from: 150, count: 10) == 0)
        #expect(range.cede(from: 140) == nil)
    }

    @Test("an error after the split point names its absolute line")
    func splitErrorLine() throws {
        var lines = TestSupport.syntheticTrace(transactions: 2000).split(separator: "\n").map(String.init)
        let badLine = lines.count - 3
        lines[badLine - 1] = #"{"seq":1,}"#
        let path = try TestSupport.temporaryTrace(lines.joined(separator: "\n") + "\n")
        let options = TraceAnalyzer.AnalysisOptions(read: TraceReadOptions(threads: 2), minimumSplitSize: 1)
        #expect(throws: TraceError.self) { try TraceAnalyzer.analyze(source: .file(path), options: options) }
        do {
            _ = try TraceAnalyzer.analyze(source: .file(path), options: options)
        } catch {
            #expect(error.diagnostic.line == badLine)
            #expect(error.diagnostic.column == 10)
        }
    }

    /// A write of `prop` on `view` in transaction `tx`, the invalidation and evaluation it causes.
    private static func chain(seq: Int, tx: Int, view: String, prop: String, writeCause: Int? = nil) -> [String] {
        let cause = writeCause.map { ",\"cause\":\($0)" } ?? ""
        return [
            #"{"seq":\#(seq),"tx":\#(tx),"kind":"write","view":"\#(view)","prop":"\#(prop)","wrapper":"State"\#(cause)}"#,
            #"{"seq":\#(seq + 1),"tx":\#(tx),"kind":"invalidate","view":"\#(view)","cause":\#(seq)}"#,
            #"{"seq":\#(seq + 2),"tx":\#(tx),"kind":"body-eval","view":"\#(view)","cause":\#(seq + 1),"dur":10,"changed":1}"#,
        ]
    }

    @Test("a write caused by another write counts its evaluations for the root write")
    func writeChains() throws {
        let lines = [TestSupport.meta,
                     #"{"seq":1,"tx":1,"kind":"write","view":"MyView","prop":"offset","wrapper":"ViewStorage"}"#]
            + Self.chain(seq: 2, tx: 1, view: "MyView", prop: "isBarVisible", writeCause: 1)
        let summary = try TestSupport.analyze(lines.joined(separator: "\n") + "\n")
        let stats = try #require(summary.stats(for: "MyView"))
        #expect(stats.causes.map(\.origin.prop) == ["offset"])
        #expect(stats.causes.map(\.origin.wrapper) == ["ViewStorage"])
        #expect(stats.writes == 2)
        #expect(stats.evalsCausedByWrites == 1)
    }

    @Test("transactions interleaved by threads keep their causes")
    func interleavedTransactions() throws {
        let lines = [
            TestSupport.meta,
            #"{"seq":1,"tx":1,"kind":"write","view":"A","prop":"a","wrapper":"State"}"#,
            #"{"seq":2,"tx":2,"kind":"write","view":"B","prop":"b","wrapper":"State"}"#,
            #"{"seq":3,"tx":1,"kind":"invalidate","view":"A","cause":1}"#,
            #"{"seq":4,"tx":2,"kind":"invalidate","view":"B","cause":2}"#,
            #"{"seq":5,"tx":1,"kind":"body-eval","view":"A","cause":3,"dur":10,"changed":1}"#,
            #"{"seq":6,"tx":2,"kind":"body-eval","view":"B","cause":4,"dur":10,"changed":1}"#,
        ]
        let summary = try TestSupport.analyze(lines.joined(separator: "\n") + "\n")
        #expect(summary.stats(for: "A")?.causes.map(\.origin.prop) == ["a"])
        #expect(summary.stats(for: "B")?.causes.map(\.origin.prop) == ["b"])
        #expect(summary.stats(for: "A")?.evalsPerWrite == 1)
    }

    @Test("a cause chain crossing the two-thread split is followed as in one pass")
    func chainAcrossSplit() throws {
        // Transaction 1 starts at the top and finishes after a long second transaction, so the split
        // (at a change of tx) falls between its write and its evaluation.
        var lines = [TestSupport.meta, #"{"seq":1,"tx":1,"kind":"write","view":"A","prop":"a","wrapper":"State"}"#]
        var seq = 1
        for _ in 0..<20_000 {
            lines += Self.chain(seq: seq + 1, tx: 2, view: "B", prop: "b")
            seq += 3
        }
        lines.append(#"{"seq":\#(seq + 1),"tx":1,"kind":"invalidate","view":"A","cause":1}"#)
        lines.append(#"{"seq":\#(seq + 2),"tx":1,"kind":"body-eval","view":"A","cause":\#(seq + 1),"dur":5,"changed":1}"#)
        let path = try TestSupport.temporaryTrace(lines.joined(separator: "\n") + "\n")
        let single = try TraceAnalyzer.analyze(source: .file(path), options: .init(read: TraceReadOptions(threads: 1)))
        let split = try TraceAnalyzer.analyze(source: .file(path), options: .init(read: TraceReadOptions(threads: 2), minimumSplitSize: 1))
        #expect(single.stats(for: "A")?.causes.map(\.origin.prop) == ["a"])
        #expect(split == single)
    }

    @Test("a cut-off final line after the split is reported at its absolute line")
    func cutOffLineAfterSplit() throws {
        let text = TestSupport.syntheticTrace(transactions: 2000) + #"{"seq":999999,"kind":"wri"#
        let lineCount = text.split(separator: "\n").count
        let path = try TestSupport.temporaryTrace(text)
        let split = try TraceAnalyzer.analyze(source: .file(path), options: .init(read: TraceReadOptions(threads: 2), minimumSplitSize: 1))
        #expect(split.warnings.map(\.line) == [lineCount])
        #expect(split.warnings.map(\.message) == ["cut-off final line ignored (no newline at end of file and not a complete event)"])
    }
}

/// The metric table: one row per metric, counted metrics in the lanes of `CountVector`.
@Suite(.temporaryDirectory) struct MetricTableTests {
    @Test("every metric has a row; the counted ones are the table's counts, each with a lane of CountVector")
    func tableShape() {
        #expect(Metric.allCases.map(\.definition.jsonKey).count == Set(Metric.allCases.map(\.definition.jsonKey)).count)
        #expect(
            CountedMetric.allCases.count <= CountVector.capacity,
            "CountVector has \(CountVector.capacity) lanes and \(CountedMetric.allCases.count) counted metrics: widen its lanes")
        #expect(Metric.allCases.filter { $0.definition.unit == .count } == CountedMetric.allCases.map(\.metric))
        #expect(CountedMetric.allCases.allSatisfy { $0.metric.counted == $0 })
    }

    @Test("every metric reads through every public subscript: counts by lane, other figures nil where a holder has none")
    func everyMetricThroughEverySubscript() {
        var counts = CountVector()
        for metric in CountedMetric.allCases { counts[metric] = 100 + metric.rawValue }
        #expect(CountedMetric.allCases.map { counts[$0] } == CountedMetric.allCases.map { 100 + $0.rawValue })
        var stats = ViewStats(view: "V")
        stats.counts = counts
        var counters = EventCounts()
        counters.counts = counts
        counters.bodyTimeNs = 7
        let delta = ViewDelta(view: "V", base: stats, variant: nil)
        for metric in Metric.allCases {
            let counted = metric.counted
            #expect(metric.integer(of: stats) == counted.map { Int64(100 + $0.rawValue) })
            // NB: the view has evaluations and none has a duration, so no body time figure is available (never 0 ns).
            #expect((metric.value(of: stats) == nil) == (metric.definition.unit == .nanoseconds), "\(metric)")
            let expected: Int64? = metric == .bodyTimeTotal ? 7 : counted == .evalsCausedByWrites ? nil : counted.map { Int64(100 + $0.rawValue) }
            #expect(counters[metric] == expected, "\(metric)")
            #expect(delta[metric].map { [$0.base, $0.variant] } == (metric.definition.merge == .sum ? [UInt64(metric.integer(of: stats) ?? 0), 0] : nil))
            #expect(delta.untimed(metric) == (metric.definition.unit == .nanoseconds, false), "\(metric)")
        }
    }

    @Test("a metric added by one table row and one counting line reaches the view statistics: state inits")
    func stateInitsAreCounted() throws {
        let summary = try TestSupport.analyze([
            TestSupport.meta,
            #"{"seq":1,"ts":1,"tid":1,"tx":1,"kind":"mount","view":"Row[1]"}"#,
            #"{"seq":2,"ts":2,"tid":1,"tx":1,"kind":"state-init","view":"Row[1]","prop":"model","wrapper":"StateObject","cause":1}"#,
            #"{"seq":3,"ts":3,"tid":1,"tx":1,"kind":"body-eval","view":"Row[1]","cause":1,"reason":"initial","dur":1,"changed":1}"#,
            #"{"seq":4,"ts":4,"tid":1,"tx":2,"kind":"state-init","view":"Row[1]","prop":"model","wrapper":"StateObject"}"#,
        ].joined(separator: "\n") + "\n")
        #expect(summary.stats(for: "Row[1]")?.counts[.stateInits] == 2)
        #expect(summary.totals.counts[.stateInits] == 2)
    }

    @Test("per-view budget metrics and the JSON Schema's enumeration come from the table's budget names")
    func budgetNamesFromTheTable() {
        let named = Set(Metric.allCases.compactMap(\.definition.budgetName))
        let perView = BudgetMetric.allCases.filter { if case .view = $0.figure { true } else { false } }
        #expect(Set(perView.map(\.rawValue)) == named)
    }
}
