import Foundation

/// A value guarded by a lock, for state that any thread may write.
///
/// NB: `@unchecked Sendable` because the value may be of a non-`Sendable` type (a `@State`
/// holding a class, a queued delivery of any value), which `Mutex` cannot hand out under strict
/// concurrency. Every access to `value` goes through `withLock`, so the box itself never races;
/// sharing a non-`Sendable` value across threads stays the caller's choice, as with SwiftUI's
/// `State`. Never call out (a body, a handler) from inside `withLock`.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
