#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Where a recorder's timestamps come from: the monotonic clock, or a deterministic one for tests.
public enum TraceClock: Sendable {
    /// `CLOCK_MONOTONIC`, in nanoseconds.
    case monotonic
    /// A clock that only moves when told to, or by a fixed step on every reading.
    case manual(ManualClock)

    /// The current reading in nanoseconds.
    @inlinable
    public func now() -> UInt64 {
        switch self {
        case .monotonic: return TraceClock.monotonicNow()
        case .manual(let clock): return clock.read()
        }
    }

    /// `CLOCK_MONOTONIC` in nanoseconds.
    @inlinable
    public static func monotonicNow() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}

/// A deterministic clock: each reading advances it by `step` ns; `advance(by:)` moves it further.
public final class ManualClock: Sendable {
    @usableFromInline let nanoseconds: Atomic<UInt64>
    @usableFromInline let step: UInt64

    /// A clock starting at `start` that advances by `step` on every reading.
    public init(start: UInt64 = 0, step: UInt64 = 0) {
        nanoseconds = Atomic(start)
        self.step = step
    }

    /// The reading before this call's step.
    @inlinable
    public func read() -> UInt64 {
        nanoseconds.wrappingAdd(step, ordering: .relaxed).oldValue
    }

    /// Moves the clock forward by `delta` ns.
    public func advance(by delta: UInt64) {
        nanoseconds.wrappingAdd(delta, ordering: .relaxed)
    }
}
