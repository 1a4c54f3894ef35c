import Synchronization
import TracerTicks

/// A value guarded by a lock, for state that any thread may read and write.
///
/// NB: a `Mutex` (one atomic exchange when uncontended) whose acquire and release are also told
/// to ThreadSanitizer when the program runs under it: TSan cannot see the futex inside `Mutex`, and
/// would report the state it guards as racing. Outside TSan builds each annotation is one branch.
///
/// `@unchecked Sendable` because the value may be of a non-`Sendable` type (a `@State` holding a
/// class, a queued delivery of any value). Every access goes through `withLock`, so the box itself
/// never races; sharing a non-`Sendable` value across threads stays the caller's choice, as with
/// SwiftUI's `State`. Never call out (a body, a handler) from inside `withLock`.
@usableFromInline package final class LockedBox<Value>: @unchecked Sendable {
    private let mutex: Mutex<Unguarded<Value>>

    /// A box holding `value`.
    package init(_ value: Value) { mutex = Mutex(Unguarded(value: value)) }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        let address = Unmanaged.passUnretained(self).toOpaque()
        return try mutex.withLock { (guarded: inout Unguarded<Value>) throws(Failure) -> Result in
            tracer_tsan_acquire(address)
            defer { tracer_tsan_release(address) }
            return try body(&guarded.value)
        }
    }
}

/// Lets `Mutex` hold a value it cannot prove `Sendable`; `LockedBox` only hands it out under the lock.
struct Unguarded<Value>: @unchecked Sendable {
    var value: Value
}
