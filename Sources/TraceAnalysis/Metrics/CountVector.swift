/// The counted metrics of a view or an interval, stored by metric.
///
/// NB: eight lanes of one SIMD vector (a cache line): adding two sets of counts is one vector
/// add. A lane is read and written through its bytes, so an increment is a scalar add to memory
/// (a lane insert into the vector would cost several instructions per event).
public struct CountVector: Sendable, Hashable {
    @usableFromInline var lanes = SIMD8<Int>()

    /// How many counted metrics fit: one lane each.
    @usableFromInline package static let capacity = SIMD8<Int>.scalarCount

    /// All zero.
    @inlinable public init() {}

    /// The count of `metric`.
    @inlinable public subscript(metric: CountedMetric) -> Int {
        @inline(__always) get {
            withUnsafeBytes(of: lanes) { $0.load(fromByteOffset: Self.byteOffset(of: metric, stride: MemoryLayout<Int>.stride), as: Int.self) }
        }
        @inline(__always) set {
            withUnsafeMutableBytes(of: &lanes) {
                $0.storeBytes(of: newValue, toByteOffset: Self.byteOffset(of: metric, stride: MemoryLayout<Int>.stride), as: Int.self)
            }
        }
    }

    /// Where `metric`'s lane starts in lanes of `stride` bytes.
    ///
    /// NB: checked in release builds too: a counted metric past the lanes traps rather than
    /// read or write past them.
    @inlinable @inline(__always)
    static func byteOffset(of metric: CountedMetric, stride: Int) -> Int {
        precondition(metric.rawValue < capacity, "CountVector has a lane for 8 counted metrics")
        return metric.rawValue &* stride
    }

    /// Adds `other`'s counts.
    @inlinable @inline(__always) public mutating func add(_ other: CountVector) { lanes &+= other.lanes }
}
