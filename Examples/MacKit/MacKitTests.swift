// The checks only a Mac with Xcode can run: Tracer's adapter inside the real SwiftUI
// (scripts/check-on-mac.sh prints pass/fail for each). On Linux, scripts/check-swiftui-adapter.sh
// compiles this file against the stand-in SwiftUI (`KitHost` there evaluates a body in the
// stand-in's update, proving the kit compiles, nothing about SwiftUI).
//
// Each check is listed in ProfilingASwiftUIApp.md ("Checking on a Mac"), by its test's name.
import Foundation
import SwiftUI
import TracerSwiftUI
import TracerTesting
import XCTest

/// Resilient, non-trivial and trivial value types for the projection checks.
struct KitPair: Equatable {
    var name: String
    var numbers: [Int]
}

// NB: not `@MainActor`: XCTest on Linux cannot list main-actor test methods; each test runs on the
// main thread (as XCTest runs them) and says so with `MainActor.assumeIsolated`.
final class MacKitTests: XCTestCase {
    /// Recording on adds no body evaluation: the counts this prints are compared between a run
    /// without and with `TRACER_OUTPUT` by scripts/check-on-mac.sh; the negative control (a body
    /// reading one more state) must differ from the counter in the same run, or counting proves nothing.
    func testRecordingAddsNoBodyEvaluation() {
        MainActor.assumeIsolated {
            BodyCounts.shared.reset()
            let counter = KitHost(KitCounter(readsExtra: false))
            let control = KitHost(KitCounter(readsExtra: true))
            for value in 1...20 {
                counter.root.count = value
                control.root.extra = value
                counter.render()
                control.render()
            }
            let counts = BodyCounts.shared.counts
            print("MACKIT bodies counter=\(counts["counter", default: 0]) label=\(counts["label", default: 0]) control=\(counts["control", default: 0])")
            XCTAssertNotEqual(counts["counter"], counts["control"], "the negative control must differ")
        }
    }

    /// `$x` through the recording projection reads and writes the right value: the retyped
    /// binding (`Binding<V>` as `Binding<TracedSlot<V>>`) relies on equal layouts, exercised with a
    /// trivial, a non-trivial and a resilient value type.
    func testProjectionReadsAndWritesTheValue() {
        MainActor.assumeIsolated {
            Self.checkProjection(initial: 1, written: 42)
            Self.checkProjection(initial: KitPair(name: "a", numbers: [1]), written: KitPair(name: "b", numbers: [2, 3]))
            Self.checkProjection(initial: URL(fileURLWithPath: "/a"), written: URL(fileURLWithPath: "/b/c"))
            Self.checkProjection(initial: Date(timeIntervalSince1970: 1), written: Date(timeIntervalSince1970: 2))
        }
    }

    /// `TracedViewStorage`'s binding is current in a child: after a storage write and a parent
    /// evaluation, the child reads the written value.
    func testStorageBindingIsCurrentInAChild() {
        MainActor.assumeIsolated {
            var seen: [Double] = []
            let host = KitHost(KitStorage(seen: { seen.append($0) }))
            host.root.offset = 5
            host.root.generation = 1
            host.render()
            XCTAssertEqual(seen.last, 5)
        }
    }

    /// TracerTesting's assertions on a hosted view: in a scope, 20 writes of the counter, each
    /// followed by a render, re-evaluate its traced body once each (after the first renders), and
    /// the write's path is the counter's top cause path.
    func testHostedViewRedrawAssertions() throws {
        try MainActor.assumeIsolated {
            let redraws = try Redraws.record(.swiftUI) {
                let host = KitHost(KitCounter(readsExtra: false))
                host.render()
                for value in 1...20 {
                    host.root.count = value
                    host.render()
                }
            }
            XCTAssertGreaterThanOrEqual(redraws.evaluations(of: "KitCounter"), 20, "a write the scope did not see")
            redraws.assertEvaluations(of: "KitCounter", atMost: 22)
            XCTAssertEqual(redraws.topCausePath(of: "KitCounter")?.hasPrefix("KitCounter.count (State, "), true, "the write's path ranks first")
        }
    }

    /// Update numbers: each traced write and the evaluations it leads to share a `tx`; the negative
    /// control, two cycles of write and render, must have different ones (a write after a body
    /// opens an update), or the check proves nothing.
    func testUpdateNumbersFollowWrites() throws {
        try MainActor.assumeIsolated {
            let redraws = try Redraws.record(.swiftUI) {
                let host = KitHost(KitCounter(readsExtra: false))
                for value in 1...5 {
                    host.root.count = value
                    host.render()
                }
            }
            let events = Self.events(in: redraws)
            let writes = events.filter { $0["kind"] as? String == "write" && $0["view"] as? String == "KitCounter" }
            XCTAssertEqual(writes.count, 5, "a write the scope did not see")
            for write in writes {
                let seq = write["seq"] as? Int ?? 0
                let evaluation = events.first { $0["kind"] as? String == "body-eval" && $0["cause"] as? Int == seq }
                XCTAssertNotNil(write["tx"], "a write without tx")
                XCTAssertEqual(evaluation?["tx"] as? Int, write["tx"] as? Int, "the evaluation a write caused is in the write's update")
            }
            XCTAssertEqual(Set(writes.compactMap { $0["tx"] as? Int }).count, writes.count, "negative control: each cycle is its own update")
        }
    }

    /// Paths: a child traced under its parent's scope is named `Parent/Child`, and the inference
    /// links it to the parent's evaluation by the nested rule; the negative control, a sibling
    /// traced by its type alone, must get no nested edge.
    func testScopedChildIsNestedUnderItsParent() throws {
        try MainActor.assumeIsolated {
            let redraws = try Redraws.record(.swiftUI) {
                let host = KitHost(KitScopedCounter())
                for value in 1...5 {
                    host.root.count = value
                    host.render()
                }
            }
            XCTAssertGreaterThanOrEqual(redraws.evaluations(of: "KitScopedCounter/KitScopedLabel"), 5, "the scoped child is named under its parent")
            let nested = redraws.edges.filter { $0.key.inferred == "same-update-nested" }.map(\.key.to)
            XCTAssertTrue(nested.contains("KitScopedCounter/KitScopedLabel"), "the scoped child's evaluations are linked by the nested rule")
            XCTAssertGreaterThanOrEqual(redraws.evaluations(of: "KitUnscopedLabel"), 5, "the negative control ran")
            XCTAssertFalse(nested.contains("KitUnscopedLabel"), "negative control: a child without a scope has no nested edge")
        }
    }

    /// The events of `redraws`' trace, as JSON objects (the header left out).
    private static func events(in redraws: Redraws) -> [[String: Any]] {
        String(decoding: redraws.trace, as: UTF8.self).split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["kind"] as? String != "meta" }
    }

    /// A recorded write's cost: 100,000 `x = v` on a hosted view, measured by XCTest (on a Mac,
    /// with CPU instructions retired; scripts/check-on-mac.sh also records it with xctrace's CPU
    /// Counters template).
    func testRecordedWriteCost() {
        let host = MainActor.assumeIsolated {
            let host = KitHost(KitCounter(readsExtra: false))
            host.render()
            return host
        }
        let writes = { MainActor.assumeIsolated { for value in 0..<100_000 { host.root.count = value } } }
        #if canImport(AppKit)
        measure(metrics: [XCTCPUMetric(), XCTClockMetric()], block: writes)
        #else
        measure(block: writes)
        #endif
    }

    /// Writes `written` through `$value` of a hosted view's `@TracedState`, then checks the value
    /// and what the child read.
    @MainActor private static func checkProjection<Value: Equatable>(initial: Value, written: Value, file: StaticString = #filePath, line: UInt = #line) {
        var seen: [Value] = []
        let host = KitHost(KitBound(value: initial, seen: { seen.append($0) }))
        host.render()
        XCTAssertEqual(host.root.$value.wrappedValue, initial, file: file, line: line)
        host.root.$value.wrappedValue = written
        host.render()
        XCTAssertEqual(host.root.value, written, file: file, line: line)
        XCTAssertEqual(host.root.$value.wrappedValue, written, file: file, line: line)
        #if canImport(AppKit)
        XCTAssertEqual(seen.last, written, "the child read the written value", file: file, line: line)
        #endif
    }
}
