/// The counted metrics of a view or an interval, stored by metric.
///
/// NB: eight lanes of one SIMD vector (a cache line): adding two sets of counts is one vector
/// add. A lane is read and written through its bytes, so an increment is a scalar add to memory
/// (a lane insert into the vector would cost several instructions per event).
public struct MetricCounts: Sendable, Hashable {
    @usableFromInline var lanes = SIMD8<Int>()

    /// All zero.
    @inlinable public init() {}

    /// The count of `metric` (a counted metric).
    @inlinable public subscript(metric: Metric) -> Int {
        @inline(__always) get {
            withUnsafeBytes(of: lanes) { $0.load(fromByteOffset: metric.rawValue &* MemoryLayout<Int>.stride, as: Int.self) }
        }
        @inline(__always) set {
            withUnsafeMutableBytes(of: &lanes) {
                $0.storeBytes(of: newValue, toByteOffset: metric.rawValue &* MemoryLayout<Int>.stride, as: Int.self)
            }
        }
    }

    /// Adds `other`'s counts.
    @inlinable @inline(__always) public mutating func add(_ other: MetricCounts) { lanes &+= other.lanes }
}
