import TracerCore
import TraceSupport

/// Names by id as embeddable JSON string literals, each quoted on first use into one arena.
struct QuotedNames {
    /// Where each id's literal is in `arena` (count 0: not yet quoted).
    private var places: [(start: Int, count: Int)] = []
    private let arena = ByteBlock(capacity: 1 << 12)

    /// The literal of name `id` (`name(id)` on first use), quotes included.
    @inline(__always)
    mutating func quoted(_ id: UInt32, _ name: (UInt32) -> String) -> UnsafeBufferPointer<UInt8> {
        let index = Int(id)
        if index >= places.count { places += repeatElement((start: 0, count: 0), count: index + 1 - places.count) }
        if places[index].count == 0 {
            let literal = JSONString.quoted(name(id), embeddable: true)
            places[index] = (arena.count, literal.count)
            literal.withUnsafeBufferPointer { arena.append($0) }
        }
        // NB: through `bytes`, inlined from TraceSupport, where the block's fields are read
        // unchecked: reading `arena.base` from this module would check exclusivity dynamically.
        let place = places[index]
        return UnsafeBufferPointer(rebasing: arena.bytes[place.start..<place.start + place.count])
    }

    /// The escaped text of name `id`, without its quotes: a part of a longer string.
    @inline(__always)
    mutating func escaped(_ id: UInt32, _ name: (UInt32) -> String) -> UnsafeBufferPointer<UInt8> {
        let literal = quoted(id, name)
        return UnsafeBufferPointer(start: literal.baseAddress! + 1, count: literal.count - 2)
    }
}
