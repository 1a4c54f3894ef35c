import Synchronization

/// How many bytes the readers of a trace have read so far, for a progress line: added to once per
/// block a `LineSource` reads (256 KiB), never per line.
public final class ReadProgress: Sendable, Hashable {
    private let bytes = Atomic<Int>(0)
    private let cancelled = Atomic<Bool>(false)

    /// A count at 0.
    public init() {}

    /// The bytes read so far (a trace read twice counts twice).
    public var bytesRead: Int { bytes.load(ordering: .relaxed) }

    /// Adds `count` bytes read.
    func add(_ count: Int) { bytes.add(count, ordering: .relaxed) }

    /// Asks the readers counting into this to stop: the next block each reads fails with
    /// `ECANCELED` (the read is an error, never a shorter trace).
    package func cancel() { cancelled.store(true, ordering: .relaxed) }

    /// Whether `cancel()` was called.
    package var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    public static func == (lhs: ReadProgress, rhs: ReadProgress) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
