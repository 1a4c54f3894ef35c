/// What one byte of a view path is to its segments, read from the path's start.
///
/// A `/` separates two segments, except inside a segment's `[id]`: an id may hold `/` and brackets
/// of its own (`FileDetailView[site/style]`, `Row[a[1]]`), and runs to the `]` that closes the
/// segment's first `[`. Every reader that splits a path (flame frames, `why`'s names, advice's
/// `[*]` patterns, globs) reads it through this one scanner, so that they agree.
package struct ViewPathScanner {
    /// A byte's part in the path.
    package enum Role: Equatable {
        /// Part of a segment's name, outside its `[id]`.
        case name
        /// A `/` between two segments.
        case separator
        /// The `[` that opens a segment's id.
        case open
        /// A byte of an id, a nested bracket included.
        case identity
        /// The `]` that closes a segment's id.
        case close
    }

    /// How many `[` are open.
    private var depth = 0

    /// A scanner at a path's start.
    package init() {}

    /// Whether the bytes read so far leave an id open (the next byte is in it, unless it closes it).
    package var isInIdentity: Bool { depth > 0 }

    /// The role of `byte`, the next byte of the path.
    ///
    /// NB: `[`, `]` and `/` are ASCII, which no byte of another character's UTF-8 is.
    @inline(__always)
    package mutating func role(of byte: UInt8) -> Role {
        switch byte {
        case UInt8(ascii: "["):
            depth += 1
            return depth == 1 ? .open : .identity
        case UInt8(ascii: "]") where depth > 0:
            depth -= 1
            return depth == 0 ? .close : .identity
        case UInt8(ascii: "/") where depth == 0: return .separator
        default: return depth > 0 ? .identity : .name
        }
    }
}
