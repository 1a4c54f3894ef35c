import Testing
@testable import TraceAnalysis
import TraceSupport

/// The checked containers (flat array, hash table, dense table, interner) keep their invariants as
/// they grow, report a broken one, and stop the process on an index only code produces.
@Suite struct TableInvariantTests {
    @Test("a flat hash table keeps every key at its slot through growth")
    func flatHashTable() {
        let table = FlatHashTable<TraceAggregator.CauseKey, Int32>()
        for view in 1...5_000 {
            let key = TraceAggregator.CauseKey(view: ViewID(view), origin: UInt32(view % 7))
            table[key, default: 0] += Int32(view)
        }
        #expect(table._checkInvariants() == [])
        #expect(table.count == 5_000)
        #expect(table[TraceAggregator.CauseKey(view: 4_321, origin: 4_321 % 7), default: 0] == 4_321)
    }

    @Test("a flat hash table reports a key moved off its probe path")
    func flatHashTableCorrupted() {
        let table = FlatHashTable<TraceAggregator.CauseKey, Int32>()
        for view in 1...20 { table[TraceAggregator.CauseKey(view: ViewID(view), origin: 1), default: 0] += 1 }
        table._corruptForTesting()
        let violations = table._checkInvariants()
        #expect(violations.count == 1 && violations[0].hasSuffix("not found there"), "\(violations)")
    }

    @Test("an interner hands out dense ids 1…count and finds each again after growth")
    func interner() {
        var interner = ByteInterner()
        let ids = (0..<5_000).map { interner.intern("View/Row[\($0)]") }
        #expect(interner._checkInvariants() == [])
        #expect(ids == (1...5_000).map { UInt32($0) })
        #expect(interner.intern("View/Row[4321]") == 4_322)
        #expect(interner.string(4_322) == "View/Row[4321]")
        #expect(interner.string(0) == "" && interner.string(5_001) == "")
        let padded = Array("View/Row[7]".utf8) + [UInt8](repeating: 0, count: 8)
        #expect(interner.matches(8, padded, 11) && !interner.matches(9, padded, 11))
    }

    @Test("an interner reports bytes that no longer hash to their slot")
    func internerCorrupted() {
        var interner = ByteInterner()
        for name in ["Root", "Root/List", "Root/List/Row[0]"] { _ = interner.intern(name) }
        interner._corruptForTesting()
        let violations = interner._checkInvariants()
        #expect(violations.contains("id 1's slot holding another hash than its bytes'"), "\(violations)")
        #expect(violations.contains("id 1 not found by its bytes"), "\(violations)")
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
        #expect(table._checkInvariants() == [])
        #expect(table[10_000] == -1 && table[3] == -1)
        #expect(table.element(at: 10_000) == -1 && table.element(at: UInt64(table.count)) == nil && table.element(at: .max) == nil)
    }

    @Test("a dense table reports a filler taken for zero bytes")
    func denseTableCorrupted() {
        let table = DenseTable(count: 4, filler: Int64(-1))
        table._corruptForTesting()
        #expect(table._checkInvariants() == ["a filler not of zero bytes taken for zero bytes"])
    }

    @Test("a dense table's id outside it stops the process")
    func denseTableRejectsOutsideIds() async {
        await #expect(processExitsWith: .failure) {
            let table = DenseTable(count: 4, filler: Int64(-1))
            _ = table[4]
        }
    }

    @Test("a flat array keeps its elements through growth, with zero bytes past them")
    func flatArray() {
        var array = FlatArray<UInt32>(capacity: 2)
        for value in 0..<1_000 as Range<UInt32> { array.append(value) }
        var more: [UInt32] = Array(1_000..<1_040)
        array.append(&more, count: more.count)
        #expect(array._checkInvariants() == [])
        #expect(array.count == 1_040 && array.capacity >= 1_040)
        #expect((0..<1_040).allSatisfy { array[$0] == UInt32($0) })
        array.count = 10
        array.fill(7)
        #expect(array[9] == 7)
        // NB: the read padding: a word read at the last element of a full array stays inside.
        var bytes = FlatArray<UInt8>(capacity: 4)
        for byte in 1...4 as ClosedRange<UInt8> { bytes.append(byte) }
        #expect(UnsafeRawPointer(bytes.pointer + 3).loadUnaligned(as: UInt64.self) == 4)
    }

    @Test("a flat array reports a count past its capacity")
    func flatArrayCorrupted() {
        var array = FlatArray<UInt8>(capacity: 8)
        array._corruptForTesting()
        #expect(array._checkInvariants() == ["a count of 9 outside 0...8"])
    }

    @Test("a flat array's index or count outside it stops the process", arguments: [-1, 3, 9])
    func flatArrayRejectsOutsideIndices(index: Int) async {
        await #expect(processExitsWith: .failure) { [index] in
            var array = FlatArray<UInt8>(capacity: 8)
            for byte in 0..<3 as Range<UInt8> { array.append(byte) }
            if index > 8 { array.count = index } else { _ = array[index] }
        }
    }
}
