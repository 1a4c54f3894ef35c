#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Zero-filled memory for large tables that fill as a trace is read.
///
/// NB: blocks of 2 MiB and more are mapped and, past their first 2 MiB, marked for transparent
/// huge pages where the kernel offers them, so that touching them takes a fault per 2 MiB instead
/// of one per 4 KiB page; the first 2 MiB stay small pages, so that a short trace, which touches
/// only the start of a table, does not have whole huge pages zeroed for it. Smaller blocks come
/// from `calloc`. A large block whose mapping fails comes from the C allocator,
/// at an address that is never page-aligned (a mapping's always is): `deallocate` tells the two
/// apart by it, and frees each with the allocator that made it.
@usableFromInline package enum ZeroedMemory {
    private static let hugePageSize = 2 << 20
    private static let pageSize = 4096

    /// When the pages of a block are faulted in.
    @usableFromInline package enum Paging {
        /// When first touched: untouched memory costs nothing (a table filled from one end).
        case onTouch
        /// At once, by writing to each page (a hash table, whose keys land all over it).
        ///
        /// NB: a page whose first touch is a read is mapped to the shared zero page and copied on
        /// the first write, which also flushes the other threads' TLBs: two faults and an
        /// interrupt to every core instead of one fault.
        case now
    }

    /// How far into its allocation an unmapped large block starts: off the page boundary, and
    /// aligned for any table slot.
    private static let unmappedOffset = 64

    /// `byteCount` zero bytes, aligned for any table slot; free them with `deallocate(_:byteCount:)`.
    /// `mapsLargeBlocks: false` takes the way a failed mapping takes (for tests).
    @usableFromInline package static func allocate(
        byteCount: Int, paging: Paging = .onTouch, mapsLargeBlocks: Bool = true
    ) -> UnsafeMutableRawPointer {
        let memory = map(byteCount, mapsLargeBlocks: mapsLargeBlocks)
        if paging == .now {
            for offset in stride(from: 0, to: byteCount, by: pageSize) {
                memory.storeBytes(of: 0, toByteOffset: offset, as: UInt8.self)
            }
        }
        return memory
    }

    /// `byteCount` zero bytes: a mapping for a large block (unless `mapsLargeBlocks` is false, or
    /// the mapping fails: then the C allocator's, off the page boundary), else `calloc`'s.
    private static func map(_ byteCount: Int, mapsLargeBlocks: Bool) -> UnsafeMutableRawPointer {
        #if os(Linux)
        if byteCount >= hugePageSize {
            let mapped = mapsLargeBlocks
                ? mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) : MAP_FAILED
            if let mapped, mapped != MAP_FAILED {
                if byteCount > hugePageSize {
                    _ = madvise(mapped + hugePageSize, byteCount - hugePageSize, MADV_HUGEPAGE)
                }
                return mapped
            }
            var block: UnsafeMutableRawPointer?
            guard posix_memalign(&block, pageSize, byteCount + unmappedOffset) == 0, let block else {
                fatalError("cannot allocate \(byteCount) bytes for a table")
            }
            memset(block, 0, byteCount + unmappedOffset)
            return block + unmappedOffset
        }
        #endif
        guard let memory = calloc(byteCount, 1) else { fatalError("cannot allocate \(byteCount) bytes for a table") }
        return memory
    }

    /// Whether `memory`, a block of `byteCount` bytes from `allocate(byteCount:paging:mapsLargeBlocks:)`,
    /// is a mapping (`munmap` frees it) rather than the C allocator's (`free`).
    package static func isMapped(_ memory: UnsafeMutableRawPointer, byteCount: Int) -> Bool {
        #if os(Linux)
        return byteCount >= hugePageSize && Int(bitPattern: memory) % pageSize == 0
        #else
        return false
        #endif
    }

    /// `count` elements of plain type `Element`, all bits zero; free them with `deallocate(_:count:)`.
    @usableFromInline package static func allocate<Element>(_: Element.Type, count: Int, paging: Paging = .onTouch) -> UnsafeMutablePointer<Element> {
        allocate(byteCount: count * MemoryLayout<Element>.stride, paging: paging).bindMemory(to: Element.self, capacity: count)
    }

    /// Frees `elements` from `allocate(_:count:)` with the same `count`.
    @usableFromInline package static func deallocate<Element>(_ elements: UnsafeMutablePointer<Element>, count: Int) {
        deallocate(UnsafeMutableRawPointer(elements), byteCount: count * MemoryLayout<Element>.stride)
    }

    /// Frees `memory` from `allocate(byteCount:paging:)` with the same `byteCount`.
    @usableFromInline package static func deallocate(_ memory: UnsafeMutableRawPointer, byteCount: Int) {
        #if os(Linux)
        if isMapped(memory, byteCount: byteCount) {
            munmap(memory, byteCount)
            return
        }
        if byteCount >= hugePageSize {
            free(memory - unmappedOffset)
            return
        }
        #endif
        free(memory)
    }
}
