extension UnsafeMutablePointer<UInt8> {
    /// The first `count` bytes of this allocation in a new one of `capacity` bytes; this one is
    /// deallocated.
    ///
    /// NB: the one grow-or-shrink step of the package's byte buffers (readers, line buffers, blocks).
    @inlinable
    package func reallocated(keeping count: Int, capacity: Int) -> UnsafeMutablePointer<UInt8> {
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        moved.initialize(from: self, count: count)
        deallocate()
        return moved
    }
}
