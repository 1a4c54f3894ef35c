/// The frames of a view path, one at a time: its segments split on `/` (never on a `/` inside a
/// segment's `[id]`, see `ViewPathScanner`), empty segments dropped.
///
/// NB: the split is by characters, and a `/` with a combining mark after it is one character, not
/// a separator; an ASCII path has no such marks, so it is split on its bytes, the common case and
/// the quick one.
package struct ViewFrames: Sequence, IteratorProtocol {
    private let path: String
    /// Where the part still to split starts.
    private var rest: String.Index
    private let isASCII: Bool

    /// The frames of `path`.
    package init(_ path: String) {
        self.path = path
        rest = path.startIndex
        isASCII = path.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } } ?? false
    }

    /// The next non-empty segment.
    package mutating func next() -> Substring? {
        while rest < path.endIndex {
            let start = rest
            let end = separator(from: start)
            rest = end < path.endIndex ? path.utf8.index(after: end) : end
            if end > start { return path[start..<end] }
        }
        return nil
    }

    /// The first separator at or after `start` (a `/` outside the segment's `[id]`, see
    /// `ViewPathScanner`), or the end when there is none.
    private func separator(from start: String.Index) -> String.Index {
        // NB: a segment starts outside any id: a separator closes every bracket before it.
        var scanner = ViewPathScanner()
        guard isASCII else {
            return path[start...].firstIndex { scanner.role(of: $0.utf8.count == 1 ? $0.utf8.first! : 0) == .separator } ?? path.endIndex
        }
        let utf8 = path.utf8
        let offset = utf8.distance(from: utf8.startIndex, to: start)
        let found = utf8.withContiguousStorageIfAvailable { $0[offset...].firstIndex { scanner.role(of: $0) == .separator } } ?? nil
        return found.map { utf8.index(utf8.startIndex, offsetBy: $0) } ?? path.endIndex
    }
}
