/// The counted metrics of a view or an interval, stored by metric.
///
/// NB: eight lanes of one SIMD vector (a cache line): adding two sets of counts is one vector
/// add, and an increment of a constant metric compiles to one add to memory.
public struct MetricCounts: Sendable, Hashable {
    @usableFromInline var lanes = SIMD8<Int>()

    /// All zero.
    @inlinable public init() {}

    /// The count of `metric` (a counted metric).
    @inlinable public subscript(metric: Metric) -> Int {
        @inline(__always) get { lanes[metric.rawValue] }
        @inline(__always) set { lanes[metric.rawValue] = newValue }
    }

    /// Adds `other`'s counts.
    @inlinable @inline(__always) public mutating func add(_ other: MetricCounts) { lanes &+= other.lanes }
}
