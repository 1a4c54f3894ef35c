import TraceSupport

/// The views of one scope (a whole trace, or a mark's intervals) in the order of their paths'
/// UTF-8 bytes, so that the views a glob can match are found without looking at the others.
///
/// NB: every path a glob matches starts with the glob's literal prefix, and in byte order the
/// paths with a given prefix are one range: `Root/List/*` looks at the rows of `Root/List` only,
/// a glob without wildcards at one view, and only the paths in that range are matched.
struct ViewsByPath: Sendable {
    /// The views, in the order they were given.
    let stats: [ViewStats]
    /// Indices of `stats`, in byte order of their paths.
    private let order: [Int32]

    /// Orders `stats` by path.
    init(_ stats: [ViewStats]) {
        self.stats = stats
        // NB: a summary's views are already in path order, where this sort compares neighbours only.
        var order = Array(0..<Int32(stats.count))
        order.sort { Self.compare(stats[Int($0)].view, stats[Int($1)].view) < 0 }
        self.order = order
    }

    /// Calls `body` with each view `glob` matches and its index in `stats`, in path order.
    func forEach(matching glob: ViewGlob, _ body: (Int, ViewStats) -> Void) {
        var ranks = firstRank(from: glob.literalPrefix)..<firstRank(after: glob.literalPrefix)
        // NB: a glob without wildcards matches only its path, which sorts first in its range.
        if glob.literalPath != nil { ranks = ranks.prefix(1) }
        for rank in ranks {
            let index = Int(order[rank])
            if glob.matches(stats[index].view) { body(index, stats[index]) }
        }
    }

    /// The figures of the view at `path`, if there is one.
    func stats(for path: String) -> ViewStats? {
        let rank = firstRank(from: Array(path.utf8))
        guard rank < order.count, Self.compare(stats[Int(order[rank])].view, path) == 0 else { return nil }
        return stats[Int(order[rank])]
    }

    /// The rank of the first path not before `prefix` (the first that starts with it, if any).
    private func firstRank(from prefix: [UInt8]) -> Int {
        partitionPoint { compare(rank: $0, prefix) >= 0 }
    }

    /// The rank of the first path after those that start with `prefix`.
    private func firstRank(after prefix: [UInt8]) -> Int {
        partitionPoint { compare(rank: $0, prefix) > 0 }
    }

    /// The path at `rank`'s first `prefix.count` bytes compared with `prefix` (memcmp's sign).
    private func compare(rank: Int, _ prefix: [UInt8]) -> Int {
        prefix.withUnsafeBufferPointer { prefix in
            Self.compare(stats[Int(order[rank])].view, prefix, prefixOnly: true)
        }
    }

    /// The first rank for which `isAfter` holds (it holds for every later rank), binary searched.
    private func partitionPoint(_ isAfter: (Int) -> Bool) -> Int {
        var low = 0, high = order.count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// `path`'s UTF-8 bytes compared with `other`'s: memcmp's sign, a path before those it prefixes.
    static func compare(_ path: String, _ other: String) -> Int {
        var other = other
        return other.withUTF8 { compare(path, $0, prefixOnly: false) }
    }

    /// `path`'s UTF-8 bytes compared with `other` (as `compare(_:_:)`), or with `prefixOnly` only
    /// its first `other.count` bytes: 0 for a path that starts with `other`.
    private static func compare(_ path: String, _ other: UnsafeBufferPointer<UInt8>, prefixOnly: Bool) -> Int {
        var path = path
        return path.withUTF8 { path in
            UnsafeBufferPointer(rebasing: prefixOnly ? path.prefix(other.count) : path[...]).byteOrder(other)
        }
    }
}
