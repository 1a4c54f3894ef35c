#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import TracerTicks

/// Where a recorder's timestamps come from: the monotonic clock, or a deterministic one for tests.
public enum TraceClock: Sendable {
    /// `CLOCK_MONOTONIC`, in nanoseconds (events are stamped with a cheaper tick counter that the
    /// writer converts against it).
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
    public static func monotonicNow() -> UInt64 { tracer_monotonic_ns() }

    /// The reading an event is stamped with: ticks for `.monotonic`, nanoseconds for `.manual`.
    @inline(__always)
    func ticks() -> UInt64 {
        switch self {
        case .monotonic: return Self.counterIsReliable ? tracer_ticks() : tracer_monotonic_ns()
        case .manual(let clock): return clock.read()
        }
    }

    /// Whether the CPU's counter is the kernel's own clock source (so it is monotonic across cores).
    ///
    /// NB: on Linux the kernel picks the TSC only when it is invariant and synchronised; anything
    /// else (a VM with kvm-clock, say) falls back to `CLOCK_MONOTONIC` for every event.
    static let counterIsReliable: Bool = {
        #if os(Linux) && (arch(x86_64) || arch(i386))
        let path = "/sys/devices/system/clocksource/clocksource0/current_clocksource"
        guard let file = fopen(path, "r") else { return false }
        defer { fclose(file) }
        var name = [CChar](repeating: 0, count: 32)
        guard fgets(&name, 32, file) != nil else { return false }
        let text = name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: text, as: UTF8.self).hasPrefix("tsc")
        #else
        return true
        #endif
    }()
}

/// Converts event ticks to nanoseconds since the recorder started, by linear interpolation
/// between (ticks, ns) anchors the writer samples at each drain.
///
/// NB: the error is bounded by the jitter of sampling the two clocks (tens of ns), not by the
/// length of the recording; results never go backwards.
struct TickConverter {
    private let clock: TraceClock
    private let originNanoseconds: UInt64
    private var anchorTicks: UInt64
    private var anchorNanoseconds: UInt64
    private var nanosecondsPerTick = 1.0
    private var last: UInt64 = 0

    init(clock: TraceClock) {
        self.clock = clock
        anchorTicks = clock.ticks()
        anchorNanoseconds = clock.now()
        originNanoseconds = anchorNanoseconds
        if case .manual = clock { anchorTicks = anchorNanoseconds }
    }

    /// Moves the anchor to now; call before converting a batch recorded up to now.
    mutating func advance() {
        guard case .monotonic = clock else { return }
        let ticks = clock.ticks()
        let nanoseconds = clock.now()
        guard ticks > anchorTicks, nanoseconds > anchorNanoseconds else { return }
        // NB: convert the batch with the rate of the window it was recorded in, anchored at its start.
        nanosecondsPerTick = Double(nanoseconds - anchorNanoseconds) / Double(ticks - anchorTicks)
        pendingAnchor = (ticks, nanoseconds)
    }

    private var pendingAnchor: (UInt64, UInt64)?

    /// Makes the anchor sampled by `advance()` current; call after converting the batch.
    mutating func commit() {
        guard let (ticks, nanoseconds) = pendingAnchor else { return }
        anchorTicks = ticks
        anchorNanoseconds = nanoseconds
        pendingAnchor = nil
    }

    /// The nanoseconds `count` ticks last, at the rate of the batch being converted.
    @inline(__always)
    func nanoseconds(forTickCount count: UInt64) -> UInt64 { UInt64(Double(count) * nanosecondsPerTick) }

    /// Nanoseconds since the recorder started for an event stamped `ticks`.
    @inline(__always)
    mutating func nanoseconds(fromTicks ticks: UInt64) -> UInt64 {
        let delta = Double(Int64(bitPattern: ticks &- anchorTicks)) * nanosecondsPerTick
        let absolute = Double(anchorNanoseconds) + delta
        let sinceOrigin = absolute > Double(originNanoseconds) ? UInt64(absolute) - originNanoseconds : 0
        last = max(last, sinceOrigin)
        return last
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
