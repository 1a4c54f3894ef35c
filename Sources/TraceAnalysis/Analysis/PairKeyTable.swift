/// A hash map from a pair of 64-bit keys to an `Int`, with open addressing and no per-lookup allocation.
struct PairKeyTable {
    private var firsts: [UInt64]
    private var seconds: [UInt64]
    private var values: [Int]
    private var occupied: [Bool]
    private var mask: Int
    private(set) var count = 0

    init() {
        mask = 255
        firsts = Array(repeating: 0, count: 256)
        seconds = firsts
        values = Array(repeating: 0, count: 256)
        occupied = Array(repeating: false, count: 256)
    }

    @inline(__always)
    private func slot(_ first: UInt64, _ second: UInt64) -> Int {
        var hash = (first &* 0x9E37_79B9_7F4A_7C15) ^ (second &* 0xC2B2_AE3D_27D4_EB4F)
        hash ^= hash >> 29
        return Int(truncatingIfNeeded: hash) & mask
    }

    /// The value stored for the pair, inserting `make()` first when the pair is new.
    @inline(__always)
    mutating func value(_ first: UInt64, _ second: UInt64, orInsert make: () -> Int) -> Int {
        var index = slot(first, second)
        while occupied[index] {
            if firsts[index] == first && seconds[index] == second { return values[index] }
            index = (index + 1) & mask
        }
        let value = make()
        store(first, second, value, at: index)
        return value
    }

    /// Adds `amount` to the pair's value (0 when new).
    @inline(__always)
    mutating func add(_ first: UInt64, _ second: UInt64, _ amount: Int) {
        var index = slot(first, second)
        while occupied[index] {
            if firsts[index] == first && seconds[index] == second {
                values[index] += amount
                return
            }
            index = (index + 1) & mask
        }
        store(first, second, amount, at: index)
    }

    private mutating func store(_ first: UInt64, _ second: UInt64, _ value: Int, at index: Int) {
        firsts[index] = first
        seconds[index] = second
        values[index] = value
        occupied[index] = true
        count += 1
        if count * 2 > mask { grow() }
    }

    private mutating func grow() {
        let old = self
        mask = mask * 2 + 1
        firsts = Array(repeating: 0, count: mask + 1)
        seconds = firsts
        values = Array(repeating: 0, count: mask + 1)
        occupied = Array(repeating: false, count: mask + 1)
        count = 0
        old.forEach { store($0, $1, $2, at: freeSlot($0, $1)) }
    }

    private func freeSlot(_ first: UInt64, _ second: UInt64) -> Int {
        var index = slot(first, second)
        while occupied[index] { index = (index + 1) & mask }
        return index
    }

    /// Calls `body` with every pair and its value.
    func forEach(_ body: (UInt64, UInt64, Int) -> Void) {
        for index in 0...mask where occupied[index] { body(firsts[index], seconds[index], values[index]) }
    }
}
