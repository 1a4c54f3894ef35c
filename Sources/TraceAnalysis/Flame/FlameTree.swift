/// Stacks merged into a tree: each node's total is its own weight plus its children's.
///
/// Children are ordered by name, so the same samples always give the same tree (and the same SVG).
public struct FlameTree: Sendable, Hashable {
    /// One frame in its stack.
    public struct Node: Sendable, Hashable {
        /// The frame's name: one view path segment.
        public var name: String
        /// The weight of samples ending at this frame.
        public var selfWeight: UInt64 = 0
        /// This frame's weight including its descendants.
        public var total: UInt64 = 0
        /// `selfWeight` and `total` in the baseline (differential trees).
        public var selfBaseline: UInt64 = 0
        /// In a differential graph, the base's total for the frame.
        public var baselineTotal: UInt64 = 0
        /// The width a layout gives this frame: `total` for a plain tree; for a differential tree the
        /// larger of its two self weights plus its children's extents, so both sides fit.
        public var extent: UInt64 = 0
        /// Children, ordered by name.
        public var children: [Node] = []

        /// An empty node named `name`.
        package init(name: String) { self.name = name }
    }

    /// A synthetic root (named `all`) above the first frames.
    public private(set) var root = Node(name: "all")
    /// Whether the tree compares a variant (`weight`) with a baseline (`baseline`).
    public let isDifferential: Bool

    /// The tree of `samples`; `differential` when they carry baseline weights to compare with.
    public init(samples: [FlameSample], differential: Bool = false) {
        isDifferential = differential
        for sample in samples where !sample.frames.isEmpty {
            var frames = sample.frames.makeIterator()
            Self.insert(&frames, weight: sample.weight, baseline: sample.baseline, into: &root)
        }
        Self.finish(&root)
    }

    /// The tree of `summary`'s views weighted by `weight`: that of `FlameSample.samples(of:weight:)`,
    /// without a sample per view.
    public init(views summary: TraceSummary, weight: FlameWeight) {
        isDifferential = false
        for stats in summary.views {
            let value = weight.value(of: stats)
            // NB: a path has frames unless it is all `/`.
            guard value > 0, stats.view.utf8.contains(where: { $0 != UInt8(ascii: "/") }) else { continue }
            var frames = ViewFrames(stats.view)
            Self.insert(&frames, weight: value, baseline: 0, into: &root)
        }
        Self.finish(&root)
    }

    /// Adds `weight` and `baseline` to the node of the stack `frames` still holds below `node`.
    private static func insert<Frames: IteratorProtocol>(
        _ frames: inout Frames, weight: UInt64, baseline: UInt64, into node: inout Node
    ) where Frames.Element: StringProtocol {
        guard let name = frames.next() else {
            node.selfWeight = node.selfWeight.addingSaturated(weight)
            node.selfBaseline = node.selfBaseline.addingSaturated(baseline)
            return
        }
        let index: Int
        switch node.children.binarySearch(name) {
        case .found(let found): index = found
        case .insertAt(let position):
            node.children.insert(Node(name: String(name)), at: position)
            index = position
        }
        insert(&frames, weight: weight, baseline: baseline, into: &node.children[index])
    }

    private static func finish(_ node: inout Node) {
        node.total = node.selfWeight
        node.baselineTotal = node.selfBaseline
        node.extent = max(node.selfWeight, node.selfBaseline)
        for index in node.children.indices {
            finish(&node.children[index])
            node.total = node.total.addingSaturated(node.children[index].total)
            node.baselineTotal = node.baselineTotal.addingSaturated(node.children[index].baselineTotal)
            node.extent = node.extent.addingSaturated(node.children[index].extent)
        }
    }

    /// Calls `visit` for every node below the root, depth-first in child order, with its stack.
    public func forEachFrame(_ visit: (_ stack: [String], _ node: Node) -> Void) {
        var stack: [String] = []
        func walk(_ node: Node) {
            for child in node.children {
                stack.append(child.name)
                visit(stack, child)
                walk(child)
                stack.removeLast()
            }
        }
        walk(root)
    }

    /// The deepest stack's length.
    public var depth: Int {
        func depth(_ node: Node) -> Int { 1 + (node.children.map(depth).max() ?? 0) }
        return depth(root) - 1
    }
}

private enum SearchResult {
    case found(Int)
    case insertAt(Int)
}

extension Array where Element == FlameTree.Node {
    /// Where a child named `name` is, or where it belongs (children are sorted by name).
    fileprivate func binarySearch(_ name: some StringProtocol) -> SearchResult {
        // NB: samples mostly come sorted by path: a frame is then the last child or goes after it.
        if let last = self.last, last.name <= name { return last.name == name ? .found(count - 1) : .insertAt(count) }
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].name == name { return .found(middle) }
            if self[middle].name < name { low = middle + 1 } else { high = middle }
        }
        return .insertAt(low)
    }
}
