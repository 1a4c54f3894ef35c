#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value for each of the most recent `capacity` `seq`s of a trace, in constant memory.
///
/// `cause` fields refer back to earlier `seq`s; following them needs what was learnt about the
/// earlier event (its root write, its transaction). Threads interleave transactions, so the
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

    /// Remembers `value` for `seq` (a positive `seq`).
    @inline(__always)
    func store(_ value: Value, for seq: Int64) {
        slots[Int(seq & Int64(Self.capacity - 1))] = Slot(seq: seq, value: value)
    }

    /// The value remembered for `seq`, or nil when it was never stored or has been overwritten.
    @inline(__always)
    func value(for seq: Int64) -> Value? {
        let slot = slots[Int(seq & Int64(Self.capacity - 1))]
        return slot.seq == seq && seq > 0 ? slot.value : nil
    }
}
