import Dispatch
import Tracer

extension Array where Element: Sendable {
    /// `transform` of every element, in order, worked out on up to `threads` threads (each
    /// takes one contiguous part).
    func concurrentMap<Result: Sendable>(threads: Int, _ transform: @escaping @Sendable (Element) -> Result) -> [Result] {
        let parts = Swift.max(1, Swift.min(threads, count / 64))
        guard parts > 1 else { return map(transform) }
        let results = LockedBox([[Result]](repeating: [], count: parts))
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let range = (count * part / parts)..<(count * (part + 1) / parts)
            let mapped = self[range].map(transform)
            results.withLock { $0[part] = mapped }
        }
        return results.withLock { $0.flatMap { $0 } }
    }
}
