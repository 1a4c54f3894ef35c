import Dispatch
import TracerCore

extension RandomAccessCollection where Self: Sendable, Element: Sendable, Index == Int {
    /// `transform` of every element, in order, worked out on up to `threads` threads (each
    /// takes one contiguous part of at least `minimumPart` elements).
    ///
    /// NB: each thread writes its results where they belong in the one result array: no part is
    /// gathered and copied (the statistics of many views are large).
    func concurrentMap<Result: Sendable>(
        threads: Int, minimumPart: Int = 64, _ transform: @escaping @Sendable (Element) -> Result
    ) -> [Result] {
        let parts = Swift.max(1, Swift.min(threads, count / minimumPart))
        guard parts > 1 else { return map(transform) }
        return [Result](unsafeUninitializedCapacity: count) { buffer, initialized in
            let results = UncheckedBuffer(buffer: buffer)
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                for offset in (count * part / parts)..<(count * (part + 1) / parts) {
                    (results.buffer.baseAddress! + offset).initialize(to: transform(self[startIndex + offset]))
                }
            }
            initialized = count
        }
    }
}

/// A result buffer that threads write disjoint parts of.
///
/// NB: `@unchecked Sendable`: each thread initialises only its own indices, and the buffer is
/// read only after every thread is done.
private struct UncheckedBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
}
