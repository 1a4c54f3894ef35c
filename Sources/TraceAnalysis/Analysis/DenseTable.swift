/// Values by small integer id (an interned view id), growing as larger ids appear.
///
/// NB: a class over one buffer, so that updating an element in the hot loop is a plain store:
/// an array held in a struct pays a uniqueness check on every update. The buffer is
/// `ZeroedMemory`: a large one is mapped on its own and returned to the system when the table
/// grows out of it or is freed (from the heap, the tables of a million views left 40 MB behind).
final class DenseTable<Element> {
    private var elements: UnsafeMutablePointer<Element>
    /// Ids `0..<count` have an element.
    private(set) var count: Int
    private let filler: Element

    /// A table with `filler` for ids `0..<count`.
    init(count: Int = 256, filler: Element) {
        self.count = count
        self.filler = filler
        elements = Self.allocate(count)
        elements.initialize(repeating: filler, count: count)
    }

    deinit {
        elements.deinitialize(count: count)
        Self.deallocate(elements, count)
    }

    private static func allocate(_ count: Int) -> UnsafeMutablePointer<Element> {
        ZeroedMemory.allocate(byteCount: count * MemoryLayout<Element>.stride).bindMemory(to: Element.self, capacity: count)
    }

    private static func deallocate(_ elements: UnsafeMutablePointer<Element>, _ count: Int) {
        ZeroedMemory.deallocate(UnsafeMutableRawPointer(elements), byteCount: count * MemoryLayout<Element>.stride)
    }

    /// Makes room for `id`, filling new ids with the filler.
    @inline(__always)
    func reserve(_ id: Int) {
        if id >= count { grow(to: id) }
    }

    private func grow(to id: Int) {
        let newCount = Swift.max(id + 1, count * 2)
        let grown = Self.allocate(newCount)
        grown.moveInitialize(from: elements, count: count)
        (grown + count).initialize(repeating: filler, count: newCount - count)
        Self.deallocate(elements, count)
        elements = grown
        count = newCount
    }

    /// The element of `id` (reserved before).
    @inline(__always)
    subscript(id: Int) -> Element {
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
