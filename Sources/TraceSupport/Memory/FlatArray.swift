/// A growable array of plain values in one block of zeroed memory: the package's one flat array,
/// which the interner and the xctrace reader's scanner, frames, cells and tables are built on.
///
/// Index policy: a flat array's indices are always code's (a column slot, a depth, an offset the
/// reader counted), never read from input: the subscript traps in every build on an index outside
/// `0..<count`, and `count` on a value outside `0...capacity`. `pointer` is the unchecked way in,
/// for a hot loop that has checked its bounds itself. In builds with `TRACER_INTERNAL_CHECKS`,
/// every mutation of the count or the capacity checks `_checkInvariants()`.
///
/// NB: no reference counting and no copy-on-write checks in the hot path; the memory is freed with
/// the array. It is `ZeroedMemory` (a large block is mapped on its own and returned to the system
/// when outgrown or freed), with `readPadding` zero bytes past the last element's room, so that a
/// reader of whole words (the interner) may read 8 bytes past any element. Elements past `count`
/// are zero, or what they held before the count was lowered; growth keeps only `0..<count`.
/// `@usableFromInline`: the xctrace reader and the event parser inline its members.
@usableFromInline package struct FlatArray<Element: BitwiseCopyable>: ~Copyable {
    /// The elements: `pointer[0..<count]` are the array's. Unchecked (see the index policy).
    @usableFromInline package private(set) var pointer: UnsafeMutablePointer<Element>
    /// How many elements fit before the array grows.
    @usableFromInline package private(set) var capacity: Int
    @usableFromInline var storedCount = 0
    /// The zero bytes past the last element's room: a word read at any element stays inside.
    @usableFromInline static var readPadding: Int { 8 }

    /// An empty array with room for `capacity` elements (at least 1).
    @inlinable
    package init(capacity: Int = 16) {
        self.capacity = Swift.max(capacity, 1)
        pointer = Self.allocate(self.capacity)
    }

    deinit { Self.deallocate(pointer, capacity) }

    /// Zeroed room for `capacity` elements and the read padding.
    @usableFromInline static func allocate(_ capacity: Int) -> UnsafeMutablePointer<Element> {
        ZeroedMemory.allocate(byteCount: capacity * MemoryLayout<Element>.stride + readPadding)
            .bindMemory(to: Element.self, capacity: capacity)
    }

    /// Frees what `allocate(capacity)` returned.
    @usableFromInline static func deallocate(_ elements: UnsafeMutablePointer<Element>, _ capacity: Int) {
        ZeroedMemory.deallocate(UnsafeMutableRawPointer(elements), byteCount: capacity * MemoryLayout<Element>.stride + readPadding)
    }

    /// The number of elements. Lowering it drops the elements past it; raising it (at most to
    /// `capacity`) takes in what the memory past the old count holds.
    @inlinable
    package var count: Int {
        @inline(__always) get { storedCount }
        @inline(__always) set {
            precondition(UInt(bitPattern: newValue) <= UInt(bitPattern: capacity), "a flat array's count outside its capacity")
            storedCount = newValue
            internalCheckInvariants(_checkInvariants(), of: "FlatArray")
        }
    }

    /// Makes room for at least `wanted` elements.
    @inlinable @inline(__always)
    package mutating func reserve(_ wanted: Int) {
        if wanted > capacity { grow(wanted) }
    }

    /// Moves the elements to a block of at least `wanted` elements' room, doubling the capacity.
    @inline(never) @usableFromInline
    mutating func grow(_ wanted: Int) {
        var grown = capacity
        while grown < wanted { grown *= 2 }
        let moved = Self.allocate(grown)
        moved.update(from: pointer, count: storedCount)
        Self.deallocate(pointer, capacity)
        pointer = moved
        capacity = grown
        internalCheckInvariants(_checkInvariants(), of: "FlatArray")
    }

    /// Appends `element`.
    @inlinable @inline(__always)
    package mutating func append(_ element: Element) {
        reserve(storedCount + 1)
        pointer[storedCount] = element
        storedCount += 1
        internalCheckInvariants(_checkInvariants(), of: "FlatArray")
    }

    /// Appends `added` elements from `source`.
    @inlinable @inline(__always)
    package mutating func append(_ source: UnsafePointer<Element>, count added: Int) {
        reserve(storedCount + added)
        if added <= 16 {
            // NB: short copies (most values) cost less than a call to memmove.
            for offset in 0..<added { pointer[storedCount + offset] = source[offset] }
        } else {
            (pointer + storedCount).update(from: source, count: added)
        }
        storedCount += added
        internalCheckInvariants(_checkInvariants(), of: "FlatArray")
    }

    /// The element at `index` (in `0..<count`, or the process stops).
    @inlinable
    package subscript(index: Int) -> Element {
        @inline(__always) unsafeAddress {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: storedCount), "index outside the flat array")
            return UnsafePointer(pointer + index)
        }
        @inline(__always) unsafeMutableAddress {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: storedCount), "index outside the flat array")
            return pointer + index
        }
    }

    /// Sets every element of `0..<count` to `value`.
    @inlinable @inline(__always)
    package mutating func fill(_ value: Element) {
        pointer.update(repeating: value, count: storedCount)
    }

    /// What is wrong with this array, empty when nothing is: a count outside `0...capacity` or a
    /// capacity below 1.
    @usableFromInline package func _checkInvariants() -> [String] {
        var violations: [String] = []
        if capacity < 1 { violations.append("a capacity of \(capacity)") }
        if storedCount < 0 || storedCount > capacity { violations.append("a count of \(storedCount) outside 0...\(capacity)") }
        return violations
    }

    /// Breaks what `_checkInvariants()` checks (a count past the capacity), for the test that
    /// shows it is reported; the array must not be used afterwards but to be checked and freed.
    package mutating func _corruptForTesting() {
        storedCount = capacity + 1
    }
}
