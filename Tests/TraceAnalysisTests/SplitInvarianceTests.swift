import Foundation
import Testing
import TracerTestSupport
@testable import TraceAnalysis

/// A large trace is read in ranges on two threads, split where the threads happen to be: no
/// figure may depend on where the splits fall.
@Suite("split traces: any split into ranges gives the whole trace's figures", .temporaryDirectory)
struct SplitInvarianceTests {
    /// A trace of every pattern `advise` looks for, with what a split can cut: properties written
    /// with several sites, a view evaluated after different parents' evaluations, rows unmounted
    /// and mounted again, view models made inline, `@Published` observers, marks.
    static func mixedTrace(transactions: Int) -> String {
        var lines = [TestSupport.meta]
        var seq = 0
        var random = SystemRandomNumberGenerator.Seeded(seed: 7)
        func emit(_ tx: Int, _ fields: String) -> Int {
            seq += 1
            lines.append(#"{"seq":\#(seq),"ts":\#(seq * 100),"tid":1,"tx":\#(tx),\#(fields)}"#)
            return seq
        }
        let owners = ["Root", "Root/Content", "Settings/Form"]
        let props = ["offset", "selection", "query"]
        for tx in 1...transactions {
            if tx % 20 == 0 {
                seq += 1
                lines.append(#"{"seq":\#(seq),"ts":\#(seq * 100),"tid":1,"kind":"mark","name":"m\#(tx % 3)"}"#)
            }
            let owner = owners[random.next(below: owners.count)]
            let row = "\(owner)/Row[\(random.next(below: 4))]"
            switch random.next(below: 4) {
            case 0:
                // A row scrolled out and back: its owned state is made again; an object made in
                // its parent's body is made again too, and forces the row's evaluation.
                let body = emit(tx, #""kind":"body-eval","view":"\#(owner)","reason":"inputs-changed","dur":500,"changed":1"#)
                _ = emit(tx, #""kind":"unmount","view":"\#(row)""#)
                let mount = emit(tx, #""kind":"mount","view":"\#(row)""#)
                _ = emit(tx, #""kind":"state-init","view":"\#(row)","prop":"model","wrapper":"StateObject","site":"Row.swift:3","cause":\#(mount)"#)
                _ = emit(tx, #""kind":"state-init","view":"\#(row)","prop":"item","wrapper":"ObservedObject","site":"Row.swift:4","cause":\#(body)"#)
                _ = emit(tx, #""kind":"body-eval","view":"\#(row)","cause":\#(body),"reason":"inputs-changed","dur":300,"changed":1"#)
            case 1:
                // A `@Published` change whose observer's output does not change.
                let write = emit(tx, #""kind":"write","view":"\#(owner)","prop":"model","wrapper":"Published","changed":true,"site":"Model.swift:\#(1 + random.next(below: 3))""#)
                let invalidate = emit(tx, #""kind":"invalidate","view":"\#(row)","cause":\#(write)"#)
                _ = emit(tx, #""kind":"body-eval","view":"\#(row)","cause":\#(invalidate),"reason":"observed","dur":\#(random.next(below: 900)),"changed":0"#)
            default:
                // A state write: the owner's evaluation (rebuilding some leaf content), rows
                // evaluated with unchanged output, and a label evaluated after its row or, when
                // the row was skipped, after the owner.
                let prop = props[random.next(below: props.count)]
                let site = "\(owner).swift:\(1 + random.next(below: 3))"
                let write = emit(tx, #""kind":"write","view":"\#(owner)","prop":"\#(prop)","wrapper":"State","changed":true,"site":"\#(site)""#)
                let invalidate = emit(tx, #""kind":"invalidate","view":"\#(owner)","cause":\#(write)"#)
                let body = emit(tx, #""kind":"body-eval","view":"\#(owner)","cause":\#(invalidate),"reason":"state","dur":\#(random.next(below: 9000)),"changed":\#(random.next(below: 3)),"built":4,"extractable":\#(random.next(below: 3))"#)
                var parent = body
                if random.next(below: 2) == 0 {
                    parent = emit(tx, #""kind":"body-eval","view":"\#(row)","cause":\#(body),"reason":"inputs-changed","dur":\#(random.next(below: 900)),"changed":0"#)
                } else {
                    _ = emit(tx, #""kind":"skip","view":"\#(row)","cause":\#(body),"reason":"inputs-equal""#)
                }
                _ = emit(tx, #""kind":"body-eval","view":"\#(owner)/Label","cause":\#(parent),"reason":"inputs-changed","dur":\#(random.next(below: 900)),"changed":0"#)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The traces split: the mixed one, the mixed one without the causes from a parent's
    /// evaluation to its child's (inferred), the adapter's scroll fixture (no `tx`: its updates are
    /// told by writes and marks), a synthetic benchmark-shaped one and recorded scenarios
    /// (`selection.view-state` has evaluations of several causes).
    static func trace(_ name: String) throws -> String {
        switch name {
        case "mixed": try TestSupport.temporaryTrace(mixedTrace(transactions: 400), name: "mixed.jsonl")
        case "mixed-inferred":
            try TestSupport.temporaryTrace(
                mixedTrace(transactions: 400).replacingOccurrences(
                    of: #""cause":[0-9]+,("reason":"inputs-changed")"#, with: "$1", options: .regularExpression),
                name: "mixed-inferred.jsonl")
        case "adapter": TestSupport.traces.appendingPathComponent("adapter/scroll-offset.observable.jsonl").path
        case "values": TestSupport.traces.appendingPathComponent("values/caused-write.jsonl").path
        case "synthetic": try TestSupport.temporaryTrace(TestSupport.syntheticTrace(transactions: 400), name: "synthetic.jsonl")
        default: try AdviceTests.scenario(name)
        }
    }

    /// Where to split the file at `path`: lines where a transaction begins (as the reader picks
    /// them) and, between them, lines inside a transaction (a chain the split cuts).
    ///
    /// NB: 8 places (a boundary near each, and a line inside a transaction near every third) give
    /// about 11 split sets a trace; the property test splits random traces at random places besides.
    /// `TRACER_SPLIT_PLACES` sets another number (the address-sanitizer run takes 3, one inside).
    static func splitPoints(_ path: String, count: Int = placeCount) throws -> [Int] {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let lineStarts = bytes.indices.filter { $0 > 0 && bytes[$0 - 1] == UInt8(ascii: "\n") && $0 < bytes.count }
        let descriptor = try TraceReader.open(path)
        defer { close(descriptor) }
        var points = Set<Int>()
        for step in 1...count {
            let near = bytes.count * step / (count + 1)
            if let boundary = TraceAnalyzer.transactionBoundary(descriptor: descriptor, near: near, end: bytes.count, displayName: path) {
                points.insert(boundary)
            }
            if step % 3 == 0, let inside = lineStarts.first(where: { $0 >= near }) { points.insert(inside) }
        }
        return points.sorted()
    }

    /// How many places each trace is split near: `TRACER_SPLIT_PLACES`, or 8.
    static let placeCount = ProcessInfo.processInfo.environment["TRACER_SPLIT_PLACES"].flatMap { Int($0) }.map { max($0, 1) } ?? 8

    /// The splits tried: each point alone, and every point at once.
    static func splits(_ path: String) throws -> [[Int]] {
        let points = try splitPoints(path)
        return points.map { [$0] } + [points]
    }

    static let traces = [
        "mixed", "mixed-inferred", "adapter", "synthetic", "scroll-offset.state", "scroll-offset.view-storage", "lazy-stack.inline-view-model",
        "lazy-stack.state-object", "selection.model-state", "selection.view-state", "rendering-cycle.inline", "values",
    ]

    @Test("the advice of a trace read in ranges is the advice of one pass over it", arguments: traces.filter { $0 != "adapter" && $0 != "values" })
    func advice(trace: String) throws {
        let path = try Self.trace(trace)
        let options = TraceAnalyzer.AnalysisOptions(read: TraceReadOptions(threads: 1))
        let whole = try TraceAdvisor.advise(source: .file(path), options: options, minimumSavings: 0)
        #expect(!whole.findings.isEmpty)
        for starts in try Self.splits(path) {
            let partial = try TraceAnalyzer.read(path: path, rangesStartingAt: starts, options: options, fold: TraceAdvisor.collect)
            let split = TraceAdvisor.report(partial, minimumSavings: 0)
            #expect(split == whole, "split at \(starts)")
        }
    }

    @Test("the cause paths and listed evaluations of a trace read in ranges are those of one pass over it", arguments: traces)
    func whyPaths(trace: String) throws {
        let path = try Self.trace(trace)
        let options = TraceAnalyzer.AnalysisOptions(read: TraceReadOptions(threads: 1))
        // NB: two evaluations listed per view: a later range's are left out once an earlier one's fill the list.
        let whole = try WhyAnalyzer.analyze(source: .file(path), glob: ViewGlob("**"), options: options, listLimit: 2).result
        for starts in try Self.splits(path) {
            let partial = try TraceAnalyzer.read(path: path, rangesStartingAt: starts, options: options) { (reader) throws(TraceError) in
                try WhyAnalyzer.fold(&reader, glob: ViewGlob("**"), slice: nil, listLimit: 2)
            }
            #expect(WhyAnalyzer.result(partial, glob: ViewGlob("**"), top: nil) == whole, "split at \(starts)")
        }
    }

    @Test("the summary of a trace read in ranges is the summary of one pass over it", arguments: traces)
    func summary(trace: String) throws {
        let path = try Self.trace(trace)
        let options = TraceAnalyzer.AnalysisOptions(read: TraceReadOptions(threads: 1), markViews: .countsAndBodyTimes, causeGraph: true)
        let whole = try TraceAnalyzer.analyze(source: .file(path), options: options)
        for starts in try Self.splits(path) {
            let partial = try TraceAnalyzer.read(path: path, rangesStartingAt: starts, options: options) { (reader) throws(TraceError) in
                try TraceAnalyzer.aggregate(&reader, options)
            }
            #expect(partial.summary(threads: 1) == whole, "split at \(starts)")
        }
    }

    @Test("two threads taking over each other's rest give the one-thread advice, whatever the pieces", arguments: ["mixed", "synthetic"])
    func stolenPieces(trace: String) throws {
        let path = try Self.trace(trace)
        let whole = try TraceAdvisor.advise(
            source: .file(path), options: .init(read: TraceReadOptions(threads: 1)), minimumSavings: 0)
        // NB: with 1-byte minimums a thread that is done takes half of any rest: each run splits
        // the trace into pieces wherever the threads happen to be.
        let options = TraceAnalyzer.AnalysisOptions(read: TraceReadOptions(threads: 2), minimumSplitSize: 1, minimumStolenSize: 1)
        for _ in 0..<5 {
            #expect(try TraceAdvisor.advise(source: .file(path), options: options, minimumSavings: 0) == whole)
        }
    }
}
