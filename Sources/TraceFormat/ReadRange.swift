import TracerCore

/// A byte range of a file that one reader reads, whose end another thread may move closer, taking
/// the rest for itself, as long as the reader has not asked for those bytes yet.
///
/// NB: the reader reserves each block under the lock before it reads it, so a range given away
/// never holds a byte the reader has read or is reading.
package final class ReadRange: Sendable {
    /// The first byte.
    package let start: Int
    private let bounds: LockedBox<(end: Int, reserved: Int)>

    /// The bytes `start..<end`.
    package init(start: Int, end: Int) {
        self.start = start
        bounds = LockedBox((end, start))
    }

    /// The end of the range and how far its reader has reserved it.
    package var snapshot: (end: Int, reserved: Int) { bounds.withLock { $0 } }

    /// Reserves up to `count` bytes from `offset` (where the reader is) for the reader; returns
    /// how many it may read there (0 at the end).
    func reserve(from offset: Int, count: Int) -> Int {
        bounds.withLock { bounds in
            let granted = Swift.max(0, Swift.min(count, bounds.end - offset))
            bounds.reserved = Swift.max(bounds.reserved, offset + granted)
            return granted
        }
    }

    /// Ends the range at `split` and returns its former end, unless the reader has reserved bytes
    /// at or after `split` (or `split` is not inside the range): then nil and nothing changes.
    package func cede(from split: Int) -> Int? {
        bounds.withLock { bounds in
            guard split >= bounds.reserved, split < bounds.end else { return nil }
            defer { bounds.end = split }
            return bounds.end
        }
    }
}
