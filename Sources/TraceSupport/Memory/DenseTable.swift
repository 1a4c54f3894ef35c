/// Values by small integer id (an interned view id), growing as larger ids appear.
///
/// NB: a class over one buffer, so that updating an element in the hot loop is a plain store:
/// an array held in a struct pays a uniqueness check on every update. The buffer is
/// `ZeroedMemory`: a large one is mapped on its own and returned to the system when the table
/// grows out of it or is freed (heap memory would stay in the process). A plain filler of zero
/// bytes is not written at all: the memory is zero already, and the pages past the largest id
/// used are never touched, so a table costs the memory of the ids used, not of its capacity.
@usableFromInline package final class DenseTable<Element> {
    // NB: unchecked exclusivity: readers in other modules inline the subscript, and a dynamic
    // access check per element would cost more than the element; a table has one owner.
    @exclusivity(unchecked) @usableFromInline var elements: UnsafeMutablePointer<Element>
    /// Ids `0..<count` have an element.
    @exclusivity(unchecked) @usableFromInline package internal(set) var count: Int
    @usableFromInline let filler: Element
    /// Whether `filler` is plain data of zero bytes, which the zeroed memory already holds.
    @usableFromInline let fillerIsZero: Bool

    /// A table with `filler` for ids `0..<count`.
    @inlinable
    package init(count: Int = 256, filler: Element) {
        self.count = count
        self.filler = filler
        fillerIsZero = _isPOD(Element.self) && withUnsafeBytes(of: filler) { $0.allSatisfy { $0 == 0 } }
        elements = ZeroedMemory.allocate(Element.self, count: count)
        fill(elements, count: count)
    }

    /// Puts the filler in the `count` new elements at `start`.
    @inlinable
    func fill(_ start: UnsafeMutablePointer<Element>, count: Int) {
        if !fillerIsZero { start.initialize(repeating: filler, count: count) }
    }

    deinit {
        elements.deinitialize(count: count)
        ZeroedMemory.deallocate(elements, count: count)
    }

    /// Makes room for `id`, filling new ids with the filler.
    @inlinable @inline(__always)
    package func reserve(_ id: Int) {
        if id >= count { grow(to: id) }
    }

    @inlinable
    func grow(to id: Int) {
        let newCount = Swift.max(id + 1, count * 2)
        let grown = ZeroedMemory.allocate(Element.self, count: newCount)
        grown.moveInitialize(from: elements, count: count)
        fill(grown + count, count: newCount - count)
        ZeroedMemory.deallocate(elements, count: count)
        let oldCount = count
        elements = grown
        count = newCount
        _checkInvariants(filledFrom: oldCount)
    }

    /// Checks that ids from `start` on hold the filler (compared by bytes, for plain data); in
    /// builds with `TRACER_INTERNAL_CHECKS` only. Called after every growth on the ids it added.
    @inlinable
    package func _checkInvariants(filledFrom start: Int = 0) {
        #if TRACER_INTERNAL_CHECKS
        precondition(count > 0 && start >= 0 && start <= count, "a dense table of \(count) elements checked from \(start)")
        guard _isPOD(Element.self) else { return }
        withUnsafeBytes(of: filler) { filler in
            for id in start..<count {
                let element = UnsafeRawBufferPointer(start: elements + id, count: MemoryLayout<Element>.size)
                precondition(element.elementsEqual(filler), "a new id of a dense table without the filler")
            }
        }
        #endif
    }

    /// The element of `id` (reserved before).
    @inlinable @inline(__always)
    package subscript(id: Int) -> Element {
        unsafeAddress {
            precondition(id >= 0 && id < count, "id outside the table")
            return UnsafePointer(elements + id)
        }
        unsafeMutableAddress {
            precondition(id >= 0 && id < count, "id outside the table")
            return elements + id
        }
    }
}
