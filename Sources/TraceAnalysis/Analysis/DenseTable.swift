/// Values by small integer id (an interned view id), growing as larger ids appear.
///
/// NB: a class over one buffer, so that updating an element in the hot loop is a plain store:
/// an array held in a struct pays a uniqueness check on every update.
final class DenseTable<Element> {
    private var elements: UnsafeMutablePointer<Element>
    /// Ids `0..<count` have an element.
    private(set) var count: Int
    private let filler: Element

    /// A table with `filler` for ids `0..<count`.
    init(count: Int = 256, filler: Element) {
        self.count = count
        self.filler = filler
        elements = .allocate(capacity: count)
        elements.initialize(repeating: filler, count: count)
    }

    deinit {
        elements.deinitialize(count: count)
        elements.deallocate()
    }

    /// Makes room for `id`, filling new ids with the filler.
    @inline(__always)
    func reserve(_ id: Int) {
        if id >= count { grow(to: id) }
    }

    private func grow(to id: Int) {
        let newCount = Swift.max(id + 1, count * 2)
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCount)
        grown.moveInitialize(from: elements, count: count)
        (grown + count).initialize(repeating: filler, count: newCount - count)
        elements.deallocate()
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
