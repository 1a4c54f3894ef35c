import Testing
@testable import TraceAnalysis
import TraceSupport

/// The unsafe tables keep their invariants as they grow, and reject what they do not hold.
@Suite struct TableInvariantTests {
    @Test("a flat hash table keeps every key at its slot through growth")
    func flatHashTable() {
        let table = FlatHashTable<TraceAggregator.CauseKey, Int32>()
        for view in 1...5_000 {
            let key = TraceAggregator.CauseKey(view: ViewID(view), origin: UInt32(view % 7))
            table[key, default: 0] += Int32(view)
        }
        table._checkInvariants()
        #expect(table.count == 5_000)
        #expect(table[TraceAggregator.CauseKey(view: 4_321, origin: 4_321 % 7), default: 0] == 4_321)
    }

    @Test("an interner hands out dense ids 1…count and finds each again after growth")
    func interner() {
        var interner = ByteInterner()
        let ids = (0..<5_000).map { interner.intern("View/Row[\($0)]") }
        interner._checkInvariants()
        #expect(ids == (1...5_000).map { UInt32($0) })
        #expect(interner.intern("View/Row[4321]") == 4_322)
        #expect(interner.string(4_322) == "View/Row[4321]")
        #expect(interner.string(0) == "" && interner.string(5_001) == "")
    }

    @Test("an interner's bytes of id 0 or of an id never handed out stop the process", arguments: [0, 2] as [UInt32])
    func internerRejectsUnknownIds(id: UInt32) async {
        await #expect(processExitsWith: .failure) { [id] in
            var interner = ByteInterner()
            _ = interner.intern("View")
            _ = interner.bytes(id)
        }
    }

    @Test("zeroed memory is freed by the allocator that made it: a mapping, or the C allocator when mapping fails", arguments: [true, false])
    func zeroedMemory(mapping: Bool) {
        let byteCount = 4 << 20
        let memory = ZeroedMemory.allocate(byteCount: byteCount, paging: .now, mapsLargeBlocks: mapping)
        let bytes = memory.bindMemory(to: UInt8.self, capacity: byteCount)
        #expect(bytes[0] == 0 && bytes[byteCount / 2] == 0 && bytes[byteCount - 1] == 0)
        #expect(Int(bitPattern: memory) % 64 == 0)
        #if os(Linux)
        #expect(ZeroedMemory.isMapped(memory, byteCount: byteCount) == mapping)
        #endif
        bytes[byteCount - 1] = 7
        ZeroedMemory.deallocate(memory, byteCount: byteCount)
        let small = ZeroedMemory.allocate(byteCount: 4096, mapsLargeBlocks: mapping)
        #expect(!ZeroedMemory.isMapped(small, byteCount: 4096))
        ZeroedMemory.deallocate(small, byteCount: 4096)
    }

    @Test("a dense table fills the ids it grows to")
    func denseTable() {
        let table = DenseTable(count: 4, filler: Int64(-1))
        table.reserve(10_000)
        table._checkInvariants()
        #expect(table[10_000] == -1 && table[3] == -1)
    }
}
