#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceSupport

/// A value for each of the most recent `capacity` `seq`s of a trace, in constant memory: the one
/// cause-chain follower of the report, the budgets, the exporters and the validator.
///
/// `cause` fields refer back to earlier `seq`s; following them needs what was learnt about the
/// earlier event (its root write, its transaction). Every reader follows causes through this
/// table, so they agree on every chain: a `cause` at most `capacity` (2^20) `seq`s back is
/// followed, one further back is not. Threads interleave transactions, so the
/// table is keyed by `seq` alone: slot `seq % capacity` holds the latest `seq` that mapped there
/// and its value, and a lookup of an older `seq` that was overwritten finds nothing.
///
/// NB: the slots are `ZeroedMemory`, so a small trace touches only the pages it uses.
final class RecentSeqTable<Value: BitwiseCopyable> {
    private struct Slot {
        var seq: Int64
        var value: Value
    }

    /// How many recent `seq`s are remembered: a `cause` further back than this is not followed.
    static var capacity: Int { 1 << 20 }

    private let slots: UnsafeMutablePointer<Slot>

    /// An empty table (no `seq` maps to anything).
    init() {
        slots = ZeroedMemory.allocate(byteCount: Self.byteCount).bindMemory(to: Slot.self, capacity: Self.capacity)
    }

    deinit { ZeroedMemory.deallocate(slots, byteCount: Self.byteCount) }

    private static var byteCount: Int { capacity * MemoryLayout<Slot>.stride }

    /// Remembers `value` for `seq` (nothing for a `seq` below 1).
    @inline(__always)
    func store(_ value: Value, for seq: Int64) {
        // NB: no cause can name a seq below 1 (`value(for:)` finds none), so it is not stored.
        guard seq > 0 else { return }
        slots[Int(seq & Int64(Self.capacity - 1))] = Slot(seq: seq, value: value)
    }

    /// The value remembered for `event`'s `cause`, remembered from now on for `event`'s own `seq`
    /// too (a chain's value passes down it); nil when the event has no cause or it is not known.
    @inline(__always) @discardableResult
    func follow(_ event: borrowing ParsedEvent) -> Value? {
        guard event.has(.cause), event.has(.seq), let value = value(for: event.cause) else { return nil }
        store(value, for: event.seq)
        return value
    }

    /// The value remembered for `seq`, or nil when it was never stored or has been overwritten.
    @inline(__always)
    func value(for seq: Int64) -> Value? {
        let slot = slots[Int(seq & Int64(Self.capacity - 1))]
        return slot.seq == seq && seq > 0 ? slot.value : nil
    }
}
