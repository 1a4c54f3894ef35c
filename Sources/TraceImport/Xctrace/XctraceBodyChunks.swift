#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Body rows held in chunks of `chunkSize`, so that the rows already made into evaluations go
/// back to the system while the pending events take their room.
///
/// NB: the mapping's peak is its body rows and its pending events alive together. Each chunk is
/// mapped from the system and unmapped as soon as its rows are made into evaluations (memory
/// freed to the C allocator in pieces this size stays in the process), and no chunk holds room
/// for rows that never come but the last. `Body` holds no references, so raw memory holds it.
final class XctraceBodyChunks {
    static let chunkShift = 16
    static var chunkSize: Int { 1 << chunkShift }
    private static var chunkBytes: Int { chunkSize * MemoryLayout<XctraceRows.Body>.stride }
    // NB: constants only (the table's entries change through its pointer): a class's variables
    // are checked for exclusive access on every read.
    private let chunks: UnsafeMutableBufferPointer<UnsafeMutablePointer<XctraceRows.Body>?>
    /// How many rows there are (released ones included).
    let count: Int

    /// The rows of `bodies` that `keep` keeps, in order.
    init(_ bodies: [XctraceRows.Body], keeping keep: (XctraceRows.Body) -> Bool) {
        count = bodies.count(where: keep)
        chunks = .allocate(capacity: (count + Self.chunkSize - 1) >> Self.chunkShift)
        chunks.initialize(repeating: nil)
        var index = 0
        for body in bodies where keep(body) {
            let offset = index & (Self.chunkSize - 1)
            if offset == 0 { chunks[index >> Self.chunkShift] = Self.map() }
            (chunks[index >> Self.chunkShift]! + offset).initialize(to: body)
            index += 1
        }
    }

    deinit {
        for chunk in chunks { if let chunk { Self.unmap(chunk) } }
        chunks.deallocate()
    }

    /// The row at `index` (0..<count, in a chunk not released).
    subscript(index: Int) -> XctraceRows.Body {
        @inline(__always) get {
            precondition(index >= 0 && index < count, "body row \(index) of \(count)")
            return chunks[index >> Self.chunkShift]![index & (Self.chunkSize - 1)]
        }
    }

    /// The rows' indices.
    var indices: Range<Int> { 0..<count }

    /// Gives back the chunk that holds row `index` when that is its last row (its rows are not
    /// read again).
    @inline(__always)
    func release(after index: Int) {
        guard index & (Self.chunkSize - 1) == Self.chunkSize - 1 || index == count - 1,
              let chunk = chunks[index >> Self.chunkShift] else { return }
        Self.unmap(chunk)
        chunks[index >> Self.chunkShift] = nil
    }

    private static func map() -> UnsafeMutablePointer<XctraceRows.Body> {
        guard let memory = mmap(nil, chunkBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              memory != MAP_FAILED else {
            fatalError("out of memory: \(chunkBytes) bytes for body rows")
        }
        return memory.bindMemory(to: XctraceRows.Body.self, capacity: chunkSize)
    }

    private static func unmap(_ chunk: UnsafeMutablePointer<XctraceRows.Body>) {
        munmap(UnsafeMutableRawPointer(chunk), chunkBytes)
    }
}
