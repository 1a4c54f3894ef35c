import Foundation
import Tracer

/// `tracer-bench runtime [--writes N]`: the cost of one `@State` write and the update it causes
/// in a tree of ~100 views against a tree of ~100,000, and the time to mount ~100,000 views
/// (each leaf is two views: a `Leaf` and its `Button`; stacks are views too); then the
/// `@Observable` property names' figures (`ObservedPropertyBenchmark`).
///
/// The written leaf is the last of the tree; only it re-evaluates, so a runtime whose work is
/// proportional to what a write affects costs about the same in both trees.
enum RuntimeBenchmark {
    static func run(_ arguments: [String]) -> [BenchFigure] {
        let writes = option("--writes", in: arguments, default: 20_000)
        let (small, smallNodes, _) = measure(leaves: 50, writes: writes)
        let (large, largeNodes, mount) = measure(leaves: 50_000, writes: writes)
        return [
            BenchFigure(name: "runtime.write_flush_ns_100", value: small, unit: "ns", note: "\(smallNodes) nodes"),
            BenchFigure(name: "runtime.write_flush_ns_100k", value: large, unit: "ns", note: "\(largeNodes) nodes"),
            BenchFigure(name: "runtime.deep_write_ratio_100k_vs_100", value: large / small, unit: "x", note: "goal ≤ 3"),
            BenchFigure(name: "runtime.mount_100k_ms", value: mount / 1e6, unit: "ms", note: "\(largeNodes) nodes, goal < 1000"),
        ] + ObservedPropertyBenchmark.runtimeFigures(writes)
    }

    /// Mounts a tree of `leaves` leaves (in groups of 50), then writes the last leaf's `@State`
    /// `writes` times, flushing after each; returns ns per write + flush, the node count and the
    /// mount time in ns.
    static func measure(leaves: Int, writes: Int) -> (Double, Int, Double) {
        let graph = ViewGraph()
        let mountStart = nowNanoseconds()
        graph.mount(Tree(groups: max(leaves / Section.leaves, 1)))
        let mount = Double(nowNanoseconds() - mountStart)
        let last = "tap \(leaves - 1)"
        try! graph.tap(buttonTitled: last)  // NB: untimed: finds the button once; later taps reuse it.
        let samples = (0..<5).map { _ in
            let start = nowNanoseconds()
            for _ in 0..<writes / 5 { try! graph.tap(buttonTitled: last) }
            return Double(nowNanoseconds() - start) / Double(writes / 5)
        }
        return (median(samples), graph.nodeCount, mount)
    }

    struct Tree: View {
        let groups: Int

        var body: some View {
            VStack {
                ForEach(0..<groups) { group in Section(group: group) }
            }
        }
    }

    struct Section: View {
        static let leaves = 50
        let group: Int

        var body: some View {
            VStack {
                ForEach(0..<Self.leaves) { index in Leaf(index: group * Self.leaves + index) }
            }
        }
    }

    struct Leaf: View {
        let index: Int
        @State private var taps = 0

        var body: some View {
            Button("tap \(index)") { taps += 1 }
        }
    }
}
