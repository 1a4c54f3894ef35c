// `adapter-bench [--operations N] [--rounds R] [--path TEXT] [--check] [--instructions]`: what Tracer
// adds to each path an app takes — a property write, `$x`, `$x.binding`, a traced body, a labelled
// body, an `@Observable` mutation followed by a traced body, describing a value — over its untraced
// twin (`@State`, a plain body), timed in the same round, in the calling thread's CPU time, and
// what it makes the stand-in SwiftUI do more (its counters, and the thread's heap allocations).
// Recording is on when `TRACER_OUTPUT` is set. `--check` exits non-zero when a counter goal
// (BenchGoals.swift) is not met; `--instructions` runs each path once, traced then twin, inside
// `measuredTraced`/`measuredTwin` for `scripts/adapter-instructions.py` (callgrind).
//
// Built against the stand-in SwiftUI: the twins' absolute figures time the stand-in's `State`,
// not SwiftUI's, so only the added nanoseconds are a claim.
import AllocationCounter
import CallgrindDump
import Foundation
import Glibc
import SwiftUI
import TracerCore
import TracerSwiftUI
import TracerSwiftUICore

/// One path: the traced operation and its twin, each run with the loop index.
struct BenchPath {
    let name: String
    let traced: (Int) -> Void
    let twin: (Int) -> Void
}

/// Keeps `value` alive so that the optimiser cannot drop the call that made it.
@inline(never)
func keep<T>(_ value: T) { withExtendedLifetime(value) {} }

/// The calling thread's CPU time, in ns.
func threadNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// ns per call of `operation` over `operations` calls.
func perCall(_ operations: Int, _ operation: (Int) -> Void) -> Double {
    let start = threadNanoseconds()
    for index in 0..<operations { operation(index) }
    return Double(threadNanoseconds() - start) / Double(operations)
}

/// The middle value of `values` (the mean of the two middle ones for an even count).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
}

/// The value after `name` in the arguments, or `fallback`.
func option(_ name: String, _ fallback: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let value = Int(arguments[index + 1]) else {
        return fallback
    }
    return value
}

/// A size class, an enum with raw values whose writes describe its case name.
enum SizeClass: Int {
    case compact, regular
}

/// The paths, each beside its twin.
@MainActor
func paths() -> [BenchPath] {
    let counter = standInInstall(TracedCounter()), plainCounter = standInInstall(PlainCounter())
    let holder = standInInstall(TracedCounter()), plainHolder = standInInstall(PlainCounter())
    let scroller = standInInstall(TracedScroller()), plainScroller = standInInstall(PlainScroller())
    let model = Model(), plainModel = Model()
    let modelView = TracedModelView(model: model), plainModelView = PlainModelView(model: plainModel)
    _ = counter.body  // NB: names the property once, as the view's first body does.
    _ = holder.body
    _ = scroller.body
    // NB: a child holding `$x`, as a view given the binding keeps it between updates.
    let child = holder.$count, plainChild = plainHolder.$count
    return [
        BenchPath(name: "write view.x = v", traced: { counter.count = $0 }, twin: { plainCounter.count = $0 }),
        BenchPath(name: "$x", traced: { _ in keep(counter.$count) }, twin: { _ in keep(plainCounter.$count) }),
        BenchPath(
            name: "$x, a child holding it", traced: { _ in keep(holder.$count); keep(child) },
            twin: { _ in keep(plainHolder.$count); keep(plainChild) }),
        BenchPath(name: "$x.wrappedValue = v", traced: { counter.$count.wrappedValue = $0 }, twin: { plainCounter.$count.wrappedValue = $0 }),
        BenchPath(name: "storage view.x = v", traced: { scroller.offset = Double($0) }, twin: { plainScroller.box.value = Double($0) }),
        BenchPath(name: "storage $x.binding", traced: { _ in keep(scroller.$offset.binding) }, twin: { _ in keep(plainScroller.box.binding) }),
        BenchPath(name: "traced { } body", traced: { _ in keep(counter.body) }, twin: { _ in keep(plainCounter.body) }),
        BenchPath(name: "traced(\"Row[\\(i)]\") body", traced: { keep(TracedRow(index: $0 & 15).body) }, twin: { keep(PlainRow(index: $0 & 15).body) }),
        // NB: what the labelled body's label costs by itself: the app's interpolation, built only when recording.
        BenchPath(name: "label \"Row[\\(i)]\" alone", traced: { keep("Row[\($0 & 15)]") }, twin: { keep($0 & 15) }),
        BenchPath(
            name: "@Observable write + traced body",
            traced: { model.value = $0; keep(modelView.body) }, twin: { plainModel.value = $0; keep(plainModelView.body) }),
        // NB: the describer a write with values calls (the runtime's recorder shares it), with or without recording.
        // NB: each write's old value is the previous one's new value, as a property's writes are.
        chainedDescription("describe Int") { $0 },
        chainedDescription("describe Double") { Double($0) + 0.5 },
        chainedDescription("describe CGFloat") { CGFloat($0) + 0.5 },
        chainedDescription("describe enum") { $0.isMultiple(of: 2) ? SizeClass.compact : .regular },
    ]
}

/// A path describing writes of `value(i)`, each from the previous write's value; its twin makes the value.
@MainActor
func chainedDescription<Value>(_ name: String, _ value: @escaping (Int) -> Value) -> BenchPath {
    var last = value(0)
    return BenchPath(
        name: name,
        traced: { index in
            let new = value(index)
            keep(describe(last, new))
            last = new
        },
        twin: { keep(value($0)) })
}

/// The values a write from `old` to `new` carries when values are recorded.
@inline(never)
func describe<Value>(_ old: Value, _ new: Value) -> WriteValues {
    ValueDescriber.values(old: old, new: new, recording: .allowedTypes)
}

/// What the stand-in's counters and the thread's allocations grew by, per call of `operation`
/// over `operations` calls.
func countsPerCall(_ operations: Int, _ operation: (Int) -> Void) -> BenchCounts {
    let counters = standInCounters, allocations = allocation_counter_thread_count()
    for index in 0..<operations { operation(index) }
    return BenchCounts(standInCounters.since(counters), allocations: allocation_counter_thread_count() - allocations, per: operations)
}

/// Runs `operation` `operations` times: the traced side, inside the function callgrind collects
/// (`callgrind_dump` then writes it as its own part).
@inline(never)
func measuredTraced(_ operations: Int, _ operation: (Int) -> Void) {
    for index in 0..<operations { operation(index) }
}

/// Runs `operation` `operations` times: the twin, inside the function callgrind collects.
///
/// NB: counts down, so that the compiler does not merge it with `measuredTraced` (one symbol
/// would toggle callgrind's collection twice).
@inline(never)
func measuredTwin(_ operations: Int, _ operation: (Int) -> Void) {
    for index in (0..<operations).reversed() { operation(index) }
}

/// Runs each path and its twin `rounds` times, alternating, and prints Tracer's added ns and
/// counts; with `--check`, exits 1 when a counter goal is not met.
@MainActor
func run() {
    let operations = option("--operations", 200_000)
    let rounds = option("--rounds", 7)
    let recording = SwiftUITrace.session == nil ? "off" : "on"
    let only = CommandLine.arguments.firstIndex(of: "--path").flatMap { $0 + 1 < CommandLine.arguments.count ? CommandLine.arguments[$0 + 1] : nil }
    // NB: `--path TEXT` runs only the paths whose name contains TEXT (to profile one alone).
    let selected = paths().filter { path in only.map(path.name.contains) ?? true }
    if CommandLine.arguments.contains("--instructions") {
        for path in selected {
            _ = perCall(operations / 10, path.traced)  // NB: warms up what runs once (naming, caches).
            _ = perCall(operations / 10, path.twin)
            callgrind_dump("before \(path.name)")
            measuredTraced(operations, path.traced)
            callgrind_dump("traced \(operations) \(path.name)")
            measuredTwin(operations, path.twin)
            callgrind_dump("twin \(operations) \(path.name)")
        }
        return
    }
    print("recording \(recording); \(operations) calls per round, \(rounds) rounds; thread CPU ns per call")
    print("path | added ns over twin: median (min–max) | twin median | added per call: projections, location allocations, tracked reads, untracked reads, mallocs | goal")
    var unmet = 0
    for path in selected {
        _ = perCall(operations / 10, path.traced)  // NB: warms up what runs once (naming, caches).
        _ = perCall(operations / 10, path.twin)
        var added: [Double] = [], twins: [Double] = []
        for _ in 0..<rounds {
            let twin = perCall(operations, path.twin)
            added.append(perCall(operations, path.traced) - twin)
            twins.append(twin)
        }
        let counts = countsPerCall(operations, path.traced).minus(countsPerCall(operations, path.twin))
        let verdict = BenchGoals.verdict(path: path.name, recording: SwiftUITrace.session != nil, counts: counts)
        if verdict.hasPrefix("NOT MET") { unmet += 1 }
        let format = { (value: Double) in String(format: "%.1f", value) }
        print("\(path.name) | \(format(median(added))) (\(format(added.min() ?? 0))–\(format(added.max() ?? 0))) | \(format(median(twins))) | \(counts) | \(verdict)")
    }
    if SwiftUITrace.session != nil { printNameTableGrowth(labels: option("--labels", 100_000)) }
    SwiftUITrace.session?.recorder.flush()
    if CommandLine.arguments.contains("--check"), unmet > 0 {
        print("adapter-bench: \(unmet) counter goal(s) not met (recording \(recording))")
        exit(1)
    }
}

/// The resident memory of the process, in bytes; nil where it cannot be read (no procfs).
func residentBytes() -> Int? {
    #if os(Linux)
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
          let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #else
    return nil
    #endif
}

/// Runs `labels` bodies each labelled once (`Row[i]`) and prints how much resident memory the
/// session's name table and symbols grew by (bounded by `AdapterSession.maximumBodyNames`).
@MainActor
func printNameTableGrowth(labels: Int) {
    let before = residentBytes()
    for index in 0..<labels { keep(TracedRow(index: 1_000_000 + index).body) }
    let grown = before.flatMap { before in residentBytes().map { String(format: "+%.1f MiB", Double($0 - before) / 1_048_576) } } ?? "n/a"
    let names = SwiftUITrace.session?.bodyNames ?? 0
    print("\(labels) labelled bodies: resident memory \(grown), \(names) body names kept (ceiling \(AdapterSession.maximumBodyNames))")
}

MainActor.assumeIsolated { run() }
