/// Values by small integer id (an interned view id), growing as larger ids appear: the package's
/// one dense table, which the analysis's per-view tables and the xctrace id table are built on.
///
/// Index policy: an id is code's (an interned id, a kind's raw value): the subscript traps in every
/// build on an id outside `0..<count`. An id read from input (an xctrace `id` or `ref`) is looked
/// up with `element(at:)`, which answers nil past the table (its reader makes that a diagnostic),
/// and reserved only below a bound the reader sets, so that a huge id cannot allocate gigabytes.
/// In builds with `TRACER_INTERNAL_CHECKS`, a growth checks `_checkInvariants()` and that the ids
/// it added hold the filler.
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
    @exclusivity(unchecked) @usableFromInline var elementCount: Int
    @usableFromInline let filler: Element
    /// Whether `filler` is plain data of zero bytes, which the zeroed memory already holds.
    @exclusivity(unchecked) @usableFromInline var fillerIsZero: Bool

    /// Ids `0..<count` have an element.
    ///
    /// NB: read through this accessor, so that the unchecked exclusivity of the stored count holds
    /// in the modules that inline it too.
    @inlinable package var count: Int { elementCount }

    /// A table with `filler` for ids `0..<count`.
    @inlinable
    package init(count: Int = 256, filler: Element) {
        elementCount = count
        self.filler = filler
        fillerIsZero = Self.isZero(filler)
        elements = ZeroedMemory.allocate(Element.self, count: count)
        fill(elements, count: count)
    }

    /// Whether `filler` is plain data of zero bytes.
    @usableFromInline static func isZero(_ filler: Element) -> Bool {
        _isPOD(Element.self) && withUnsafeBytes(of: filler) { $0.allSatisfy { $0 == 0 } }
    }

    /// Puts the filler in the `count` new elements at `start`.
    @inlinable
    func fill(_ start: UnsafeMutablePointer<Element>, count: Int) {
        if !fillerIsZero { start.initialize(repeating: filler, count: count) }
    }

    deinit {
        elements.deinitialize(count: elementCount)
        ZeroedMemory.deallocate(elements, count: elementCount)
    }

    /// Makes room for `id`, filling new ids with the filler.
    @inlinable @inline(__always)
    package func reserve(_ id: Int) {
        if id >= elementCount { grow(to: id) }
    }

    @inlinable
    func grow(to id: Int) {
        let newCount = Swift.max(id + 1, elementCount * 2)
        let grown = ZeroedMemory.allocate(Element.self, count: newCount)
        grown.moveInitialize(from: elements, count: elementCount)
        fill(grown + elementCount, count: newCount - elementCount)
        ZeroedMemory.deallocate(elements, count: elementCount)
        let oldCount = elementCount
        elements = grown
        elementCount = newCount
        internalCheckInvariants(_checkInvariants() + fillerViolations(from: oldCount), of: "DenseTable")
    }

    /// What is wrong with the table, empty when nothing is: no element, or a `fillerIsZero` that
    /// says otherwise than the filler's bytes (growth would leave new ids without the filler).
    @usableFromInline package func _checkInvariants() -> [String] {
        var violations: [String] = []
        if elementCount < 1 { violations.append("a dense table of \(elementCount) elements") }
        let zero = Self.isZero(filler)
        if zero != fillerIsZero { violations.append("a filler \(zero ? "" : "not ")of zero bytes taken for \(zero ? "another" : "zero bytes")") }
        return violations
    }

    /// What is wrong with ids `start..<count`, which a growth has just added: one that does not hold
    /// the filler (compared by bytes, for plain data).
    @usableFromInline func fillerViolations(from start: Int) -> [String] {
        guard _isPOD(Element.self) else { return [] }
        return withUnsafeBytes(of: filler) { filler in
            let unfilled = (start..<elementCount).first { id in
                !UnsafeRawBufferPointer(start: elements + id, count: MemoryLayout<Element>.size).elementsEqual(filler)
            }
            return unfilled.map { ["id \($0), new, without the filler"] } ?? []
        }
    }

    /// Breaks what `_checkInvariants()` checks (takes the filler for zero bytes, or zero bytes
    /// for another filler), for the test that shows it is reported.
    package func _corruptForTesting() {
        fillerIsZero.toggle()
    }

    /// The element of `id` when the table has room for it, nil past it: the look-up of an id
    /// read from input.
    @inlinable @inline(__always)
    package func element(at id: UInt64) -> Element? {
        // NB: the count is never negative: its bits compare as they are.
        id < UInt64(UInt(bitPattern: elementCount)) ? elements[Int(truncatingIfNeeded: id)] : nil
    }

    /// The element of `id` (reserved before).
    @inlinable @inline(__always)
    package subscript(id: Int) -> Element {
        unsafeAddress {
            precondition(UInt(bitPattern: id) < UInt(bitPattern: elementCount), "id outside the table")
            return UnsafePointer(elements + id)
        }
        unsafeMutableAddress {
            precondition(UInt(bitPattern: id) < UInt(bitPattern: elementCount), "id outside the table")
            return elements + id
        }
    }
}
