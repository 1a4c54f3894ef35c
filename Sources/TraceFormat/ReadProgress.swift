import Synchronization

/// How many bytes the readers of a trace have read so far, for a progress line: added to once per
/// block a `LineSource` reads (256 KiB), never per line.
public final class ReadProgress: Sendable, Hashable {
    private let bytes = Atomic<Int>(0)

    /// A count at 0.
    public init() {}

    /// The bytes read so far (a trace read twice counts twice).
    public var bytesRead: Int { bytes.load(ordering: .relaxed) }

    /// Adds `count` bytes read.
    func add(_ count: Int) { bytes.add(count, ordering: .relaxed) }

    public static func == (lhs: ReadProgress, rhs: ReadProgress) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
